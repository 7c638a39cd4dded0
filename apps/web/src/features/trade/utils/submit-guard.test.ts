import { Dec } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { submitGuard, type GuardInput } from './submit-guard';
import { EURUSD, ticketInput } from './ticket-test-kit';
import { ticketView } from './ticket-view';

const base = (over: Partial<GuardInput> = {}): GuardInput => ({
  marketOpen: true,
  pricesStale: false,
  noLeverage: false,
  short: false,
  view: ticketView(ticketInput(EURUSD)),
  sizing: { kind: 'off' },
  ...over,
});

describe('what the submit says before the tap', () => {
  it('lets an ordinary order go, without warnings', () => {
    expect(submitGuard(base())).toEqual({ blocked: null, warnings: [] });
  });

  it('a closed market first, then stale prices (with their warning), then the rest', () => {
    const everything = base({
      marketOpen: false,
      pricesStale: true,
      noLeverage: true,
      short: true,
      sizing: { kind: 'need_stop' },
    });
    expect(submitGuard(everything).blocked).toBe('market_closed');
    // A closed market is not "stale": no pause notice.
    expect(submitGuard(everything).warnings).toEqual([]);
    expect(submitGuard({ ...everything, marketOpen: true })).toMatchObject({
      blocked: 'paused',
      warnings: ['stale'],
    });
    expect(submitGuard({ ...everything, marketOpen: true, pricesStale: false }).blocked).toBe('no_leverage');
    expect(submitGuard(base({ short: true, sizing: { kind: 'need_stop' } })).blocked).toBe('risk_stop');
    expect(submitGuard(base({ short: true })).blocked).toBe('short');
  });

  it('names why lots from risk gives no lots', () => {
    const kinds = ['need_amount', 'unavailable'] as const;
    expect(kinds.map((kind) => submitGuard(base({ sizing: { kind } })).blocked)).toEqual([
      'risk_amount',
      'risk_wait',
    ]);
    expect(submitGuard(base({ sizing: { kind: 'no_margin', budget: new Dec(50) } })).blocked).toBe(
      'risk_margin',
    );
  });

  it('blocks a stop on the wrong side and warns about it', () => {
    const view = ticketView(ticketInput(EURUSD, { stopLoss: '1.2', takeProfit: '1.1' }));
    expect(submitGuard(base({ view }))).toEqual({
      blocked: 'stops',
      warnings: ['tp_wrong_side', 'sl_wrong_side'],
    });
  });

  it('warns, without blocking, of a stop-loss inside the spread and a margin level at the margin call', () => {
    const view = ticketView(
      ticketInput(EURUSD, { stopLoss: '1.158', account: { balance: 1100, held: 0, positions: [] } }),
    );
    expect(submitGuard(base({ view }))).toEqual({
      blocked: null,
      warnings: ['margin_call', 'sl_inside_spread'],
    });
    const deep = ticketView(
      ticketInput(EURUSD, { lots: '10', account: { balance: 1500, held: 0, positions: [] } }),
    );
    expect(submitGuard(base({ view: deep })).warnings).toEqual(['stop_out']);
  });
});
