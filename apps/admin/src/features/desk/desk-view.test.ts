import type { DeskExposure } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { exposureBars, fillPoints, fillTotals, marginLevelTone, traderPath } from './desk-view';

const levels = { stop_out_level: 50, margin_call_level: 100 };

const exposure = (code: string, long: number, short: number, priced = true): DeskExposure => ({
  instrument_id: 1,
  code,
  positions: 1,
  long_lots: '1',
  short_lots: '0',
  net_lots: '1',
  long_usd: long,
  short_usd: short,
  net_usd: long - short,
  a_book_long_lots: '0',
  a_book_short_lots: '0',
  b_book_net_lots: '1',
  house_pnl_usd: 0,
  priced,
});

describe('the desk page', () => {
  it('reads a margin level against the stop-out and margin-call levels, edges included', () => {
    expect(marginLevelTone(50, levels)).toBe('danger');
    expect(marginLevelTone(50.01, levels)).toBe('warning');
    expect(marginLevelTone(100, levels)).toBe('warning');
    expect(marginLevelTone(100.01, levels)).toBe('normal');
    expect(marginLevelTone(null, levels)).toBe('normal');
  });

  it('draws short exposure to the left of zero and leaves unpriced instruments out', () => {
    expect(
      exposureBars([
        exposure('BTCUSD', 100, 250),
        exposure('XAUUSD', 0, 0, false),
        exposure('EURUSD', 10, 0),
      ]),
    ).toEqual([
      { code: 'BTCUSD', long: 100, short: -250, net: -150 },
      { code: 'EURUSD', long: 10, short: 0, net: 10 },
    ]);
  });

  it('labels each minute in the operator clock and sums the hour', () => {
    const fills = [
      { minute: Date.parse('2026-11-25T15:00:00Z'), opened: 2, closed: 1 },
      { minute: Date.parse('2026-11-25T15:01:00Z'), opened: 0, closed: 3 },
    ];
    expect(fillPoints(fills, 'Asia/Hong_Kong').map((p) => p.label)).toEqual(['23:00', '23:01']);
    expect(fillTotals(fills)).toEqual({ opened: 2, closed: 4 });
  });

  it('links an account to its trader page', () => {
    expect(traderPath(42)).toBe('/users?id=42');
  });
});
