import { CLOSE_REASONS, type CloseReason } from '@pipwise/shared';

const KEYS = {
  manual: 'orders.reason.manual',
  partial: 'orders.reason.partial',
  tp: 'orders.reason.tp',
  sl: 'orders.reason.sl',
  trailing: 'orders.reason.trailing',
  stop_out: 'orders.reason.stop_out',
  cancelled: 'orders.reason.cancelled',
  no_margin: 'orders.reason.no_margin',
  demo_reset: 'orders.reason.demo_reset',
} as const satisfies Record<CloseReason, string>;

const isReason = (value: string): value is CloseReason =>
  (CLOSE_REASONS as readonly string[]).includes(value);

/** The text key of an order's `CloseReason`; an unknown one reads as a manual close. */
export function closeReasonKey(reason: string): (typeof KEYS)[CloseReason] {
  return KEYS[isReason(reason) ? reason : 'manual'];
}
