// @vitest-environment jsdom
import '@/lib/antd-react19';
import {
  closeAllEndpoint,
  myDealEndpoint,
  type CloseAllResult,
  type Endpoint,
  type Order,
} from '@pipwise/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { testOrder } from '@/test/order-fixture';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { CloseAll } from './close-all';

// "Close all" on the open positions (docs/money.md "Partial close and close all").
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return { isApiError: client.isApiError, request: vi.fn() };
});

const btc = (over: Partial<Order>) =>
  testOrder({
    ForexId: 26,
    ForexTradeLists: { ShowCode: 'BTC/USD', Code: 'BTCUSD', PricePrecision: 2 },
    ...over,
  });
/** Two BTC/USD positions and one EUR/USD, newest first; live profits to the micro-dollar. */
let open: Order[];
let answer: CloseAllResult;
let calls: { input: unknown; options: unknown }[];

beforeEach(() => {
  open = [
    btc({ Id: 3, FactProfits: 0.1 }),
    testOrder({ Id: 2, FactProfits: 0.2 }),
    btc({ Id: 1, FactProfits: -1.05 }),
  ];
  calls = [];
  answer = {
    closed: [btc({ Id: 3, Status: 3, FactProfits: 0.1 }), btc({ Id: 1, Status: 3, FactProfits: -1.05 })],
    total_profit: '-0.95',
    kept: [],
  };
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown, options?: unknown) => {
    if (endpoint === myDealEndpoint)
      return Promise.resolve({ data: open, total: open.length, all_fact_profits: -0.75, balance: 1000 });
    if (endpoint === closeAllEndpoint) {
      calls.push({ input, options });
      return Promise.resolve(answer);
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});
afterEach(() => vi.mocked(request).mockReset());

const view = mountRoot();
const i18n = testI18n();
const show = () => view.render(withProviders(<CloseAll />, { i18n, queries: testQueryClient() }));
/** The newest element with the test id (a dialog that closed may still be sliding away). */
const $ = (testId: string) =>
  [...document.body.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`)].at(-1) ?? null;
const text = (testId: string) => $(testId)?.textContent?.replace(/[\u2066-\u2069]/g, '') ?? null;
/** antd-mobile's sheets and dialogs mount and animate over a few frames. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 80)));
const until = async (check: () => void) => act(() => vi.waitFor(check));
async function tap(element: Element | null | undefined) {
  act(() => (element as HTMLElement).click());
  await settle();
}
/** The dialog holding `testId` (one that closed may still be sliding away in the page). */
const dialogOf = (testId: string) => $(testId)?.closest<HTMLElement>('.adm-dialog') ?? null;
const titleOf = (testId: string) => dialogOf(testId)?.querySelector('.adm-dialog-title')?.textContent;
const dialogButton = (label: string, testId: string) =>
  [...(dialogOf(testId)?.querySelectorAll<HTMLElement>('button') ?? [])].find((b) => b.textContent === label);
const choice = (key: string) => $(`close-all-choice-${key}`);

describe('close all', () => {
  it('is not offered with nothing open', async () => {
    open = [];
    show();
    await settle();
    expect($('close-all-open')).toBeNull();
  });

  it('offers every position and each instrument, with how many are open and what they book now', async () => {
    show();
    await until(() => expect($('close-all-open')).not.toBeNull());
    // A double tap opens one sheet.
    act(() => {
      $('close-all-open')!.click();
      $('close-all-open')!.click();
    });
    await settle();
    expect(document.querySelectorAll('[data-testid="close-all-sheet"]')).toHaveLength(1);
    // A modal dialog named by its title (components/bottom-sheet.tsx).
    const sheet = $('close-all-sheet')!.closest('[role="dialog"]')!;
    expect(document.getElementById(sheet.getAttribute('aria-labelledby')!)?.textContent).toBe(
      'Which positions do you want to close?',
    );
    expect(choice('all')?.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('All positions3 open-0.75 USD');
    expect(choice('26')?.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('All BTC/USD2 open-0.95 USD');
    expect(choice('1')?.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('All EUR/USD1 open+0.20 USD');
  });

  it('closes all of one instrument after a confirmation of the count and the money, once for a double tap', async () => {
    show();
    await until(() => expect($('close-all-open')).not.toBeNull());
    await tap($('close-all-open'));
    await tap(choice('26'));
    await until(() => expect($('close-all-confirm')).not.toBeNull());
    expect(titleOf('close-all-confirm')).toBe('Close all BTC/USD positions?');
    expect(text('close-all-count')).toBe('2');
    expect(text('close-all-money')).toBe('-0.95 USD');
    act(() => {
      dialogButton('Close all', 'close-all-confirm')!.click();
      dialogButton('Close all', 'close-all-confirm')?.click();
    });
    await settle();
    await until(() => expect($('close-all-result')).not.toBeNull());
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual({ forex_id: 26 });
    expect((calls[0]!.options as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(
      /.+/,
    );
    expect(text('close-all-closed')).toBe('2');
    expect(text('close-all-booked')).toBe('-0.95 USD');
    expect($('close-all-kept')).toBeNull();
    await tap(dialogButton('OK', 'close-all-result'));
  });

  it('closes everything and says what stayed open because its market is closed', async () => {
    answer = {
      closed: [btc({ Id: 3, Status: 3, FactProfits: 0.1 }), btc({ Id: 1, Status: 3, FactProfits: -1.05 })],
      total_profit: '-0.95',
      kept: [
        { Id: 2, ForexId: 1, ShowCode: 'EUR/USD', reason: 'market_closed', msg: 'The market is closed' },
      ],
    };
    show();
    await until(() => expect($('close-all-open')).not.toBeNull());
    await tap($('close-all-open'));
    await tap(choice('all'));
    await until(() => expect($('close-all-confirm')).not.toBeNull());
    expect(titleOf('close-all-confirm')).toBe('Close all positions?');
    expect(text('close-all-count')).toBe('3');
    expect(text('close-all-money')).toBe('-0.75 USD');
    await tap(dialogButton('Close all', 'close-all-confirm'));
    await until(() => expect($('close-all-result')).not.toBeNull());
    expect(calls.map((c) => c.input)).toEqual([{}]);
    expect(text('close-all-kept-row')).toBe('EUR/USD × 1The market is closed');
    await tap(dialogButton('OK', 'close-all-result'));
  });

  it('says so when nothing was closed', async () => {
    answer = { closed: [], total_profit: '0', kept: [] };
    show();
    await until(() => expect($('close-all-open')).not.toBeNull());
    await tap($('close-all-open'));
    await tap(choice('all'));
    await until(() => expect($('close-all-confirm')).not.toBeNull());
    await tap(dialogButton('Close all', 'close-all-confirm'));
    await until(() => expect($('close-all-result')).not.toBeNull());
    expect(text('close-all-result')).toBe('Nothing was closed.');
    await tap(dialogButton('OK', 'close-all-result'));
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    show();
    await until(() => expect($('close-all-open')).not.toBeNull());
    await tap($('close-all-open'));
    await tap(choice('all'));
    await until(() => expect($('close-all-confirm')).not.toBeNull());
    await tap(dialogButton('Cancel', 'close-all-confirm'));
    expect(calls).toEqual([]);
  });
});
