import { describe, expect, it } from 'vitest';
import { ledgerRowDisplay } from './ledger-row';

describe('ledgerRowDisplay', () => {
  it('shows a withdrawal hold as the amount taken from available funds, not 0.00', () => {
    expect(ledgerRowDisplay({ Value: 0, LockValue: 100 })).toEqual({
      amount: -100,
      tone: 'held',
      note: 'ledger_held',
    });
  });

  it('shows a release as the amount back in available funds', () => {
    expect(ledgerRowDisplay({ Value: 0, LockValue: -100 })).toEqual({
      amount: 100,
      tone: 'held',
      note: 'ledger_released',
    });
  });

  it('shows the balance change of every other row as it is, a paid withdrawal included', () => {
    expect(ledgerRowDisplay({ Value: -100, LockValue: -100 })).toEqual({
      amount: -100,
      tone: 'down',
      note: null,
    });
    expect(ledgerRowDisplay({ Value: 150.5, LockValue: 0 })).toEqual({
      amount: 150.5,
      tone: 'up',
      note: null,
    });
    expect(ledgerRowDisplay({ Value: -2.73, LockValue: 0 })).toEqual({
      amount: -2.73,
      tone: 'down',
      note: null,
    });
    expect(ledgerRowDisplay({ Value: 0, LockValue: 0 })).toEqual({ amount: 0, tone: 'flat', note: null });
  });

  it('shows a rollover’s swap as the signed night it moved: charged down, paid up', () => {
    // A `swap` row (docs/money.md "Overnight financing (swap)") moves the balance only.
    expect(ledgerRowDisplay({ Value: -19.5, LockValue: 0 })).toEqual({
      amount: -19.5,
      tone: 'down',
      note: null,
    });
    expect(ledgerRowDisplay({ Value: 0.36, LockValue: 0 })).toEqual({ amount: 0.36, tone: 'up', note: null });
  });
});
