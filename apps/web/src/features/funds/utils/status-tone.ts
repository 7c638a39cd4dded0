import { ChargeStatus, WithdrawStatus } from '@pipwise/shared';
import type { StatusTone } from '../components/status-tag';

/** Deposit status (docs/product.md §4): 0 unchecked, 1 finished, 2 rejected, 3 invalid. */
export function chargeTone(status: number): StatusTone {
  switch (status) {
    case ChargeStatus.Unchecked:
      return 'pending';
    case ChargeStatus.Finished:
      return 'done';
    case ChargeStatus.Rejected:
      return 'rejected';
    default:
      return 'muted';
  }
}

/** Withdrawal status: 0 under review (held), 1 paid, 2 rejected (released). */
export function withdrawTone(status: number): StatusTone {
  switch (status) {
    case WithdrawStatus.Pending:
      return 'pending';
    case WithdrawStatus.Paid:
      return 'done';
    case WithdrawStatus.Rejected:
      return 'rejected';
    default:
      return 'muted';
  }
}
