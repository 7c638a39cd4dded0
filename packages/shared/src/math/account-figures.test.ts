import { describe, expect, it } from 'vitest';
import { accountEquity, accountFreeMargin, accountMarginLevel, computeAccountFigures } from './account.js';
import { fromMicros, sumMoney } from './money.js';
import { microUsd } from './units.js';

describe('account figures', () => {
  it('equity, free margin and margin level of an account with one position', () => {
    // equity = 10000 + (−250.5) = 9749.5
    // free margin = 9749.5 − 541.725 = 9207.775
    // level = 9749.5 / 541.725 × 100 = 1799.7138769… → 1799.71
    const f = computeAccountFigures({ balance: '10000', floatingProfit: '-250.5', usedMargin: '541.725' });
    expect(f.equity.toString()).toBe('9749.5');
    expect(f.freeMargin.toString()).toBe('9207.775');
    expect(f.marginLevel?.toString()).toBe('1799.71');
  });

  it('reads stored micro-USD integers through fromMicros', () => {
    const balance = fromMicros(microUsd(10_000_000_000)); // 10000
    // Σ profits 0.1 + 0.2 = 0.3 exactly (floats: 0.30000000000000004)
    const floatingProfit = sumMoney([fromMicros(microUsd(100_000)), fromMicros(microUsd(200_000))]);
    expect(floatingProfit.toString()).toBe('0.3');
    // 10000 + 0.3 = 10000.3
    expect(accountEquity({ balance, floatingProfit }).toString()).toBe('10000.3');
  });

  it('margin level is null with no margin used, and free margin equals equity', () => {
    expect(accountMarginLevel({ equity: '10000', usedMargin: 0 })).toBeNull();
    const f = computeAccountFigures({ balance: '10000', floatingProfit: 0, usedMargin: 0 });
    expect(f.freeMargin.toString()).toBe('10000');
    expect(f.marginLevel).toBeNull();
  });

  it('at the stop-out and margin-call levels', () => {
    // equity = 1000 − 729.1375 = 270.8625; 270.8625 / 541.725 × 100 = 50 (stop-out)
    const stopOut = computeAccountFigures({
      balance: 1000,
      floatingProfit: '-729.1375',
      usedMargin: '541.725',
    });
    expect(stopOut.marginLevel?.toString()).toBe('50');
    // 541.725 / 541.725 × 100 = 100 (margin call)
    expect(accountMarginLevel({ equity: '541.725', usedMargin: '541.725' })?.toString()).toBe('100');
  });

  it('free margin and level go negative when equity does', () => {
    // 100 − 150 = −50; −50 − 20 = −70; −50 / 20 × 100 = −250
    const eq = accountEquity({ balance: 100, floatingProfit: -150 });
    expect(accountFreeMargin({ equity: eq, usedMargin: 20 }).toString()).toBe('-70');
    expect(accountMarginLevel({ equity: eq, usedMargin: 20 })?.toString()).toBe('-250');
  });
});
