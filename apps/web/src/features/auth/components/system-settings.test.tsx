// @vitest-environment jsdom
import '@/lib/antd-react19';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { clearSession, setSession } from '@/lib/session';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { SystemSettings } from './system-settings';

// Logout's confirmation is a named modal dialog, and the button stays named while it logs out
// (docs/accessibility.md "Dialogs", "Names").
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});

const i18n = testI18n();
const view = mountRoot();
beforeEach(() => {
  setSession({ token: 't', user: { id: 42, is_demo: 1 } });
  // The server has not answered the logout yet: the button is loading.
  vi.mocked(request).mockImplementation(() => new Promise(() => undefined));
});
afterEach(() => {
  clearSession();
  vi.mocked(request).mockReset();
});

const $ = (testId: string) =>
  [...document.body.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].at(-1) ?? null;
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));
const slideAway = () => act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
const confirmBox = () =>
  [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find(
    (d) => d.getAttribute('aria-label') === 'Do you want to log out?',
  );

async function askToLogOut() {
  view.render(
    withProviders(
      <MemoryRouter>
        <SystemSettings />
      </MemoryRouter>,
      { i18n, queries: testQueryClient() },
    ),
  );
  const button = $('logout')!;
  button.focus();
  act(() => button.click());
  await settle();
  return button;
}

describe('logging out', () => {
  it('asks in a modal dialog named by its question, and Cancel gives focus back', async () => {
    const button = await askToLogOut();
    const box = confirmBox();
    expect(box?.getAttribute('aria-modal')).toBe('true');
    expect(box?.contains(document.activeElement)).toBe(true);
    act(() => $('logout-cancel')!.closest('button')!.click());
    expect(document.activeElement).toBe(button);
    await slideAway();
    expect(confirmBox()).toBeUndefined();
    expect(request).not.toHaveBeenCalled();
  });

  it('closes on Escape, giving focus back', async () => {
    const button = await askToLogOut();
    act(() => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }),
      );
    });
    expect(document.activeElement).toBe(button);
    await slideAway();
    expect(request).not.toHaveBeenCalled();
  });

  it('keeps the button named while it logs out', async () => {
    const button = await askToLogOut();
    act(() => $('logout-confirm')!.closest('button')!.click());
    await settle();
    expect(request).toHaveBeenCalledOnce();
    expect(button.classList.contains('adm-button-loading')).toBe(true);
    expect(button.textContent).toBe('Loading…');
    await slideAway();
  });
});
