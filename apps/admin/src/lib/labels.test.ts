import {
  ChargeStatus,
  ChargeType,
  DrawType,
  FeedbackStatus,
  ReviewStatus,
  WithdrawStatus,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import {
  codeOptions,
  DEPOSIT_STATUS,
  DEPOSIT_TYPE,
  DRAW_TYPE,
  FEEDBACK_STATUS,
  IDENTITY_STATUS,
  labelOf,
  styleOf,
  WITHDRAWAL_STATUS,
} from './labels';

const read = (table: Parameters<typeof styleOf>[0]) =>
  [...table.keys()].map((code) => [code, styleOf(table, code).text(t), styleOf(table, code).color]);

describe('status and type codes of the contract, as operators read them', () => {
  it('every code of each contract enum has a label and a colour', () => {
    const enums = [
      [ChargeStatus, DEPOSIT_STATUS],
      [WithdrawStatus, WITHDRAWAL_STATUS],
      [ReviewStatus, IDENTITY_STATUS],
      [FeedbackStatus, FEEDBACK_STATUS],
      [ChargeType, DEPOSIT_TYPE],
      [DrawType, DRAW_TYPE],
    ] as const;
    for (const [codes, table] of enums) {
      expect([...table.keys()].sort()).toEqual(Object.values(codes).sort());
    }
  });

  it('deposits: waiting is gold, credited green, rejected red, invalid plain', () => {
    expect(read(DEPOSIT_STATUS)).toEqual([
      [ChargeStatus.Unchecked, 'Under review', 'gold'],
      [ChargeStatus.Finished, 'Credited', 'green'],
      [ChargeStatus.Rejected, 'Rejected', 'red'],
      [ChargeStatus.Invalid, 'Invalid', 'default'],
    ]);
  });

  it('withdrawals and identities', () => {
    expect(read(WITHDRAWAL_STATUS)).toEqual([
      [WithdrawStatus.Pending, 'Under review', 'gold'],
      [WithdrawStatus.Paid, 'Paid', 'green'],
      [WithdrawStatus.Rejected, 'Rejected, funds returned', 'red'],
    ]);
    expect(read(IDENTITY_STATUS)).toEqual([
      [ReviewStatus.None, 'Not submitted', 'default'],
      [ReviewStatus.Review, 'Under review', 'gold'],
      [ReviewStatus.Verified, 'Verified', 'green'],
      [ReviewStatus.Rejected, 'Rejected', 'red'],
    ]);
    expect(read(FEEDBACK_STATUS)).toEqual([
      [FeedbackStatus.Open, 'Open', 'gold'],
      [FeedbackStatus.Handled, 'Handled', 'green'],
    ]);
  });

  it('types', () => {
    expect(labelOf(t, DEPOSIT_TYPE, ChargeType.Wire)).toBe('Bank wire');
    expect(labelOf(t, DRAW_TYPE, DrawType.Bank)).toBe('Bank');
  });

  it('a code the table does not know reads as itself, untinted', () => {
    expect(styleOf(DEPOSIT_STATUS, 9).text(t)).toBe('9');
    expect(styleOf(DEPOSIT_STATUS, 9).color).toBe('default');
  });

  it('filter options: every code in order, or the ones asked for', () => {
    expect(codeOptions(t, DRAW_TYPE)).toEqual([
      { value: DrawType.Coin, label: 'Coin' },
      { value: DrawType.Bank, label: 'Bank' },
    ]);
    expect(
      codeOptions(t, IDENTITY_STATUS, [ReviewStatus.Review, ReviewStatus.Rejected]).map((o) => o.value),
    ).toEqual([ReviewStatus.Review, ReviewStatus.Rejected]);
  });
});
