// @vitest-environment jsdom
import type { TradePair, TradingConditions } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { clearSession, setSession } from '@/lib/session';
import { tradingConditionsKey } from '@/lib/trading-conditions';
import { LivePrice } from '../components/live-price';
import { applyQuotePushes, getQuote, seedQuotes } from '../store/quotes-store';
import { useAccountPrices } from './use-account-prices';

// The server, as the app's one way of calling it: the account's conditions.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pair = (code: string, bid: number, ask: number, time: number): TradePair =>
  ({
    Code: code,
    MarketStatus: 1,
    PricePrecision: 5,
    ForexQuotations: {
      Open: bid,
      Close: bid,
      Change: 0,
      Bid: bid,
      Ask: ask,
      High: bid,
      Low: bid,
      Time: time,
    },
  }) as TradePair;

const conditions = (markups: Record<string, number>): TradingConditions => ({
  group: {
    name: 'Standard',
    professional: 1,
    swap_free: 0,
    trade_fee_type: 1,
    margin_call_level: 100,
    stop_out_level: 50,
  },
  instruments: Object.entries(markups).map(([code, markup], i) => ({
    id: i + 1,
    code,
    asset_class: 'fx_major',
    cap: null,
    leverages: [100],
    fee_rate: 0,
    commission: { type: 'none', rate: 0, min: 0 },
    markup_points: markup,
  })),
});

function Prices() {
  useAccountPrices();
  return (
    <>
      <span data-testid="bid">
        <LivePrice code="MKA" side="bid" precision={5} fallback={0} />
      </span>
      <span data-testid="ask">
        <LivePrice code="MKA" side="ask" precision={5} fallback={0} />
      </span>
    </>
  );
}

let root: Root;
let host: HTMLElement;
let client: QueryClient;
beforeEach(() => {
  host = document.createElement('div');
  root = createRoot(host);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  act(() => root.unmount());
  act(() => clearSession());
  vi.mocked(request).mockReset();
});
/** Waits, inside act (the conditions' query answers on a later turn), until `check` passes. */
const settled = (check: () => void) => act(() => vi.waitFor(check));
const shown = () => ({
  bid: host.querySelector('[data-testid="bid"]')?.textContent,
  ask: host.querySelector('[data-testid="ask"]')?.textContent,
});

describe('useAccountPrices', () => {
  it('shows the logged-in account’s price from its conditions, the market’s once logged out', async () => {
    seedQuotes([pair('MKA', 1.085, 1.08512, 100)]);
    vi.mocked(request).mockResolvedValue(conditions({ MKA: 3, MKB: 0 }));
    act(() =>
      root.render(
        <QueryClientProvider client={client}>
          <Prices />
        </QueryClientProvider>,
      ),
    );
    // Logged out: the market's own.
    expect(shown()).toEqual({ bid: '1.08500', ask: '1.08512' });
    expect(request).not.toHaveBeenCalled();

    act(() => setSession({ token: 't', user: { id: 1, is_demo: 0 } }));
    // 3 points: 1 off the bid, 2 on the ask, in every reader of the store.
    await settled(() =>
      expect(getQuote('MKA')).toMatchObject({ Bid: 1.08499, Ask: 1.08514, Close: 1.08499 }),
    );
    expect(shown()).toEqual({ bid: '1.08499', ask: '1.08514' });

    // A tick after is widened too.
    act(() =>
      applyQuotePushes([
        {
          Id: 1,
          Code: 'MKA',
          Bid: 1.0851,
          Ask: 1.08522,
          Open: 1.0851,
          Close: 1.0851,
          High: 1.0851,
          Low: 1.0851,
          Change: 0,
          MarketStatus: 1,
          Time: 101,
        },
      ]),
    );
    expect(getQuote('MKA')).toMatchObject({ Bid: 1.08509, Ask: 1.08524, Close: 1.08509 });

    // The group's markup changes (conditions read again): the new one.
    vi.mocked(request).mockResolvedValue(conditions({ MKA: 0 }));
    await act(() => client.invalidateQueries({ queryKey: tradingConditionsKey }));
    await settled(() => expect(getQuote('MKA')).toMatchObject({ Bid: 1.0851, Ask: 1.08522 }));

    vi.mocked(request).mockResolvedValue(conditions({ MKA: 10 }));
    await act(() => client.invalidateQueries({ queryKey: tradingConditionsKey }));
    await settled(() => expect(getQuote('MKA')).toMatchObject({ Bid: 1.08505, Ask: 1.08527 }));

    // Logged out: the market's again.
    act(() => clearSession());
    expect(getQuote('MKA')).toMatchObject({ Bid: 1.0851, Ask: 1.08522, Close: 1.0851 });
  });
});
