import type { AdminBooksStatus, OperatorProfile, OperatorRole } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { t } from '@/test/english';
import {
  booksAlert,
  booksLineText,
  booksMoreText,
  mayOpenTrader,
  mayWatchBooks,
  traderPath,
} from './books-alert';

const operator = (role: OperatorRole) => ({ role }) as OperatorProfile;

const status = (problems: AdminBooksStatus['problems'], checked_at: number | null = 1_760_000_000_000) => ({
  checked_at,
  reason: checked_at === null ? null : ('schedule' as const),
  problems,
});

describe('who watches the books', () => {
  it('admin and finance read the check; support and content never ask for it', () => {
    expect(mayWatchBooks(operator('admin'))).toBe(true);
    expect(mayWatchBooks(operator('finance'))).toBe(true);
    expect(mayWatchBooks(operator('support'))).toBe(false);
    expect(mayWatchBooks(operator('content'))).toBe(false);
    expect(mayWatchBooks(null)).toBe(false);
  });

  it("links a trader's id only for roles that may open the trader", () => {
    expect(mayOpenTrader(operator('admin'))).toBe(true);
    expect(mayOpenTrader(operator('finance'))).toBe(true);
    expect(mayOpenTrader(operator('content'))).toBe(false);
    expect(traderPath(42)).toBe('/users?id=42');
  });
});

describe('what the banner shows', () => {
  it('nothing before the first check, nor when every invariant held', () => {
    expect(booksAlert(undefined, { linkTraders: true })).toBeNull();
    expect(
      booksAlert(status([{ check: 'balance_not_log_sum', count: 2, sample: [1, 2] }], null), {
        linkTraders: true,
      }),
    ).toBeNull();
    expect(booksAlert(status([]), { linkTraders: true })).toBeNull();
    expect(
      booksAlert(status([{ check: 'balance_not_log_sum', count: 0, sample: [] }]), { linkTraders: true }),
    ).toBeNull();
  });

  it('one line per failing check, in the checks’ order, with "and N more" past the sample', () => {
    const alert = booksAlert(
      status([
        { check: 'negative_without_positions', count: 1, sample: [9] },
        { check: 'unbalanced_transactions', count: 25, sample: [301, 302, 303] },
        { check: 'balance_not_log_sum', count: 2, sample: [7, 8] },
      ]),
      { linkTraders: true },
    );
    expect(alert?.checkedAt).toBe(1_760_000_000_000);
    expect(alert?.lines).toEqual([
      {
        check: 'unbalanced_transactions',
        kind: 'transaction',
        count: 25,
        sample: [
          { id: 301, to: null },
          { id: 302, to: null },
          { id: 303, to: null },
        ],
        more: 22,
      },
      {
        check: 'balance_not_log_sum',
        kind: 'user',
        count: 2,
        sample: [
          { id: 7, to: '/users?id=7' },
          { id: 8, to: '/users?id=8' },
        ],
        more: 0,
      },
      {
        check: 'negative_without_positions',
        kind: 'user',
        count: 1,
        sample: [{ id: 9, to: '/users?id=9' }],
        more: 0,
      },
    ]);
  });

  it("shows a trader's id as plain text when the operator may not open them", () => {
    const alert = booksAlert(
      status([{ check: 'held_not_pending_withdrawals', count: 3, sample: [4, 4, 5] }]),
      {
        linkTraders: false,
      },
    );
    expect(alert?.lines[0]).toMatchObject({
      sample: [
        { id: 4, to: null },
        { id: 5, to: null },
      ],
      more: 1,
    });
  });

  it('says each check in words with its count', () => {
    expect(booksLineText(t, { check: 'unbalanced_transactions', count: 1200 })).toBe(
      'Transactions whose entries do not add up to zero: 1,200',
    );
    expect(booksLineText(t, { check: 'balance_not_log_sum', count: 2 })).toBe(
      'Accounts whose balance or held funds differ from their account log: 2',
    );
    expect(booksLineText(t, { check: 'held_not_pending_withdrawals', count: 1 })).toContain(
      'withdrawals under review',
    );
    expect(booksLineText(t, { check: 'negative_without_positions', count: 1 })).toContain('below zero');
    expect(booksMoreText(t, { more: 22 })).toBe('and 22 more');
    expect(booksMoreText(t, { more: 0 })).toBeNull();
  });
});
