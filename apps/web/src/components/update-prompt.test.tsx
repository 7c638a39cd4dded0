// @vitest-environment jsdom
import en from '@pipwise/locales/en.json';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, dismissUpdate, updateOffered } from '@/lib/app-update';
import { UpdatePrompt } from './update-prompt';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <UpdatePrompt aboveTabBar />
      </I18nextProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  act(() => dismissUpdate());
});

const prompt = () => container.querySelector('[data-testid="update-prompt"]');

describe('the update prompt (docs/installable-app.md "Updates")', () => {
  it('shows nothing until a new version waits, then switches to it on Reload', async () => {
    expect(prompt()).toBeNull();
    const switchTo = vi.fn(() => Promise.resolve());
    act(() => announceUpdate(switchTo));
    expect(prompt()?.textContent).toContain('A new version of Pipwise is ready');
    expect(switchTo).not.toHaveBeenCalled();
    const reload = container.querySelector<HTMLButtonElement>('[data-testid="update-reload"]')!;
    await act(() => {
      reload.click();
      return Promise.resolve();
    });
    expect(switchTo).toHaveBeenCalledTimes(1);
  });

  it('goes away on Later, and comes back for the next version', () => {
    act(() => announceUpdate(() => Promise.resolve()));
    const later = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Later')!;
    act(() => later.click());
    expect(prompt()).toBeNull();
    expect(updateOffered()).toBe(false);
    act(() => announceUpdate(() => Promise.resolve()));
    expect(prompt()).not.toBeNull();
  });
});
