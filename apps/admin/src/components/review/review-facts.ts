import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Fact } from '@/components/facts';
import { formatTime } from '@/lib/format';

/** What every reviewed row (a deposit, a withdrawal, an identity) carries. */
export interface ReviewedRow {
  user_contact: string;
  uid: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: number | null;
}

/** "when · #operator" of a decision, or a dash while there is none. */
export function reviewedText(row: Pick<ReviewedRow, 'reviewed_at' | 'reviewed_by'>): string {
  return row.reviewed_at ? `${formatTime(row.reviewed_at)} · #${row.reviewed_by}` : '—';
}

/**
 * The facts every review shows around its own: first the status and who sent it, last
 * when it came in and who decided it.
 */
export const reviewFacts = {
  head: (t: TFunction, row: ReviewedRow, status: ReactNode): Fact[] => [
    { key: 'status', label: t('admin_app.common.status'), value: status, span: 2 },
    { key: 'user', label: t('admin_app.common.user'), value: row.user_contact },
    { key: 'uid', label: t('admin_app.users.uid'), value: row.uid },
  ],
  tail: (t: TFunction, row: ReviewedRow): Fact[] => [
    { key: 'created', label: t('admin_app.common.created'), value: formatTime(row.created_at) },
    { key: 'reviewed', label: t('admin_app.common.reviewed'), value: reviewedText(row) },
  ],
  /** The note of a decision (a remark, a reason), on a line of its own when there is one. */
  note: (key: string, label: string, text: string): Fact => ({
    key,
    label,
    value: text,
    span: 2,
    shown: !!text,
  }),
};
