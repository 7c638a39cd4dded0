import {
  adminBooksStatusEndpoint,
  adminUserDetailEndpoint,
  adminUsersEndpoint,
  BOOKS_CHECKS,
  type AdminBooksStatus,
  type BooksCheck,
  type OperatorProfile,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { mayCall } from '@/lib/access';
import { formatNumber } from '@/lib/format';

/**
 * What the books banner shows (docs/money.md "Double-entry books"): the server's last check
 * of its invariants, one line per failing check with the first ids it names. Only operators
 * whose role may read the check ask for it; a trader's id links to their page when the
 * operator may open it.
 */

/** How often the banner asks for the last check, ms. */
export const BOOKS_POLL_MS = 60_000;

/** What a check's sample ids are: traders' user ids, or account-log ids of a transaction. */
export type BooksSampleKind = 'user' | 'transaction';

export const BOOKS_SAMPLE_KIND: Record<BooksCheck, BooksSampleKind> = {
  unbalanced_transactions: 'transaction',
  balance_not_log_sum: 'user',
  held_not_pending_withdrawals: 'user',
  negative_without_positions: 'user',
};

export interface BooksSampleId {
  id: number;
  /** Where the id opens in the back office (under /admin); null: shown as plain text. */
  to: string | null;
}

export interface BooksLine {
  check: BooksCheck;
  kind: BooksSampleKind;
  count: number;
  sample: BooksSampleId[];
  /** How many more fail than the sample names ("and N more"); 0 when all are named. */
  more: number;
}

export interface BooksAlert {
  checkedAt: number;
  lines: BooksLine[];
}

/** Whether the operator's role may read the books' check (admin and finance). */
export function mayWatchBooks(operator: OperatorProfile | null | undefined): boolean {
  return mayCall(operator, adminBooksStatusEndpoint);
}

/** Whether the operator may open a trader's page (the users screen and its drawer). */
export function mayOpenTrader(operator: OperatorProfile | null | undefined): boolean {
  return mayCall(operator, adminUsersEndpoint) && mayCall(operator, adminUserDetailEndpoint);
}

/** A trader's page in the back office: the users screen with their drawer open. */
export function traderPath(userId: number): string {
  return `/users?id=${userId}`;
}

/**
 * The banner's content, or null when there is nothing to show: no check finished yet, or
 * every invariant held. Lines follow BOOKS_CHECKS' order whatever order the server sent;
 * a check with nothing failing is left out.
 */
export function booksAlert(
  status: AdminBooksStatus | undefined,
  options: { linkTraders: boolean },
): BooksAlert | null {
  if (!status || status.checked_at === null) return null;
  const lines: BooksLine[] = [];
  for (const check of BOOKS_CHECKS) {
    const problem = status.problems.find((p) => p.check === check && p.count > 0);
    if (!problem) continue;
    const kind = BOOKS_SAMPLE_KIND[check];
    const sample = [...new Set(problem.sample)].map((id) => ({
      id,
      to: kind === 'user' && options.linkTraders ? traderPath(id) : null,
    }));
    lines.push({
      check,
      kind,
      count: problem.count,
      sample,
      more: Math.max(0, problem.count - sample.length),
    });
  }
  return lines.length > 0 ? { checkedAt: status.checked_at, lines } : null;
}

/** A line's description with how many fail ("Accounts … : 3"). */
export function booksLineText(t: TFunction, line: Pick<BooksLine, 'check' | 'count'>): string {
  return t(`admin_books.check.${line.check}`, { number: formatNumber(line.count, 0) });
}

/** "and N more" after the sample, or null when the sample names every one. */
export function booksMoreText(t: TFunction, line: Pick<BooksLine, 'more'>): string | null {
  return line.more > 0 ? t('admin_books.more', { number: formatNumber(line.more, 0) }) : null;
}
