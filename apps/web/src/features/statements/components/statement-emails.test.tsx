// @vitest-environment jsdom
import {
  saveStatementPreferencesEndpoint,
  statementPreferencesEndpoint,
  type Endpoint,
  type StatementPreferences,
} from '@pipwise/shared';
import { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { StatementEmails } from './statement-emails';

// The server, as the app's one way of calling it: each test says what it answers.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

// No texts: the switches are found by test id, and the keys stand in for the words.
const i18n = testI18n('en', { en: { translation: {} } });

/** What the server holds: both e-mails off. */
const HELD: StatementPreferences = { monthly_email: 0, trade_confirmations: 0, has_email: true };

let queryClient: QueryClient;
// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  vi.mocked(request).mockReset();
});
const view = mountRoot();
beforeEach(() => {
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
});

const show = () => view.render(withProviders(<StatementEmails />, { i18n, queries: queryClient }));
const switchOf = (which: string) => view.$(`statement-switch-${which}`);
const checked = (which: string) => switchOf(which)?.getAttribute('data-checked');

/** Lets the queries' promises and React's renders run, inside act, until `check` passes. */
async function until(check: () => void): Promise<void> {
  for (let round = 0; ; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      return check();
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

describe('the statement e-mail switches (docs/statements.md "In the app")', () => {
  it('moves at once, and goes back to what the server holds when the save fails', async () => {
    let failSave: (error: Error) => void = () => {};
    let answerReread: (prefs: StatementPreferences) => void = () => {};
    const saves: unknown[] = [];
    let reads = 0;
    vi.mocked(request).mockImplementation(async (endpoint: Endpoint, input: unknown) => {
      if (endpoint === statementPreferencesEndpoint) {
        reads += 1;
        // The first read answers at once; a later one waits, so the switch's way back is
        // seen to come from the failed save itself, not from reading the server again.
        return reads === 1
          ? { ...HELD }
          : new Promise<StatementPreferences>((resolve) => (answerReread = resolve));
      }
      if (endpoint === saveStatementPreferencesEndpoint) {
        saves.push(input);
        return new Promise((_resolve, reject) => (failSave = reject));
      }
      throw new Error(`unexpected call to ${endpoint.path}`);
    });

    show();
    await until(() => expect(switchOf('monthly_email')!.getAttribute('aria-disabled')).toBe('false'));
    expect(checked('monthly_email')).toBe('0');

    act(() => switchOf('monthly_email')!.click());
    // Optimistic: on before the server answers, the other switch as it was.
    await until(() => expect(checked('monthly_email')).toBe('1'));
    expect(checked('trade_confirmations')).toBe('0');
    expect(saves).toEqual([expect.objectContaining({ monthly_email: 1, trade_confirmations: 0 })]);

    failSave(new Error('errors.network'));
    await until(() => expect(checked('monthly_email')).toBe('0'));
    expect(checked('trade_confirmations')).toBe('0');
    // …and the server is read again; its answer keeps the switch where it is.
    await until(() => expect(reads).toBe(2));
    answerReread({ ...HELD });
    await until(() => expect(switchOf('monthly_email')!.getAttribute('aria-disabled')).toBe('false'));
    expect(checked('monthly_email')).toBe('0');
  });
});
