import { describe, expect, it } from 'vitest';
import { pivot } from './pivot';

describe('pivot', () => {
  it('one row per key, a column per account the server sent, integer micro-USD totals', () => {
    const rows = [
      { code: 'EURUSD', account: 'fee_revenue', amount_micros: 3_500_000 },
      { code: 'EURUSD', account: 'client_pnl', amount_micros: -40_000_000 },
      { code: 'XAUUSD', account: 'spread_revenue', amount_micros: 1_500_000 },
    ];
    expect(pivot(rows, (r) => r.code)).toEqual({
      accounts: ['client_pnl', 'fee_revenue', 'spread_revenue'],
      rows: [
        { key: 'EURUSD', amounts: { fee_revenue: 3_500_000, client_pnl: -40_000_000 }, total: -36_500_000 },
        { key: 'XAUUSD', amounts: { spread_revenue: 1_500_000 }, total: 1_500_000 },
      ],
    });
  });
});
