import { describe, expect, it } from 'vitest';
import { accountFreeMargin, accountMarginLevel } from './account.js';
import { Dec } from './decimal.js';
import { isMarginCall, isStopOutDue, riskRate } from './risk.js';

describe('stop-out and margin call decide on the level the trader sees', () => {
  it('49.996 % is shown as 50.00 % and is at a 50 % stop-out level', () => {
    // 49.996 / 100 × 100 = 49.996 → 50.00 shown; 50.00 ≤ 50 → due
    const level = accountMarginLevel({ equity: '49.996', usedMargin: 100 });
    expect(level?.toFixed(2)).toBe('50.00');
    expect(isStopOutDue({ marginLevel: level, stopOutLevel: 50 })).toBe(true);
  });

  it('50.005 % is shown as 50.01 % and is above it', () => {
    const level = accountMarginLevel({ equity: '50.005', usedMargin: 100 });
    expect(level?.toFixed(2)).toBe('50.01');
    expect(isStopOutDue({ marginLevel: level, stopOutLevel: 50 })).toBe(false);
  });

  it('no open position is never a stop-out nor a margin call', () => {
    expect(isStopOutDue({ marginLevel: null, stopOutLevel: 50 })).toBe(false);
    expect(isMarginCall({ marginLevel: null, marginCallLevel: 100 })).toBe(false);
  });

  it('margin call at or below 100 %', () => {
    expect(isMarginCall({ marginLevel: new Dec(100), marginCallLevel: 100 })).toBe(true);
    expect(isMarginCall({ marginLevel: new Dec('100.01'), marginCallLevel: 100 })).toBe(false);
  });
});

describe('free margin excludes funds held by withdrawals', () => {
  it('1000 equity − 200 margin − 300 held = 500', () => {
    expect(accountFreeMargin({ equity: 1000, usedMargin: 200, held: 300 }).toString()).toBe('500');
  });
});

describe('risk rate', () => {
  it('used / equity × 100, 2 decimals; 0 with nothing open; 100 once equity is gone', () => {
    expect(riskRate({ usedMargin: 200, equity: 600 }).toString()).toBe('33.33');
    expect(riskRate({ usedMargin: 0, equity: 600 }).toString()).toBe('0');
    expect(riskRate({ usedMargin: 10, equity: -5 }).toString()).toBe('100');
  });
});
