// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, dismissUpdate, updateOffered } from '@/lib/app-update';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { UpdatePrompt } from './update-prompt';

const i18n = testI18n();

// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => act(() => dismissUpdate()));
const view = mountRoot();
beforeEach(() => view.render(withProviders(<UpdatePrompt aboveTabBar />, { i18n })));

const prompt = () => view.$('update-prompt');

describe('the update prompt (docs/installable-app.md "Updates")', () => {
  it('shows nothing until a new version waits, then switches to it on Reload', async () => {
    expect(prompt()).toBeNull();
    const switchTo = vi.fn(() => Promise.resolve());
    act(() => announceUpdate(switchTo));
    expect(prompt()?.textContent).toContain('A new version of Pipwise is ready');
    expect(switchTo).not.toHaveBeenCalled();
    const reload = view.$<HTMLButtonElement>('update-reload')!;
    await act(() => {
      reload.click();
      return Promise.resolve();
    });
    expect(switchTo).toHaveBeenCalledTimes(1);
  });

  it('goes away on Later, and comes back for the next version', () => {
    act(() => announceUpdate(() => Promise.resolve()));
    const later = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Later')!;
    act(() => later.click());
    expect(prompt()).toBeNull();
    expect(updateOffered()).toBe(false);
    act(() => announceUpdate(() => Promise.resolve()));
    expect(prompt()).not.toBeNull();
  });
});
