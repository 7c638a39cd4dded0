/** `OrderType` / submit `type`: 1 buy, 2 sell (docs/api.md). */
export const Side = { Buy: 1, Sell: 2 } as const;
export type SideValue = (typeof Side)[keyof typeof Side];

/**
 * An order's state. `my_deal` asks for 1 holding, 0 pending, 3 history; history holds both
 * closed (3) and cancelled (4) orders, and each item says which.
 */
export const OrderStatus = { Pending: 0, Holding: 1, Closed: 3, Cancelled: 4 } as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Submit `status`: 1 market, 0 pending at a target price. */
export const OrderMode = { Pending: 0, Market: 1 } as const;

/** Why a position closed or a pending order ended. */
export const CLOSE_REASONS = [
  'manual',
  /** Part of a position closed by the trader; the rest stays open (docs/money.md "Partial close and close all"). */
  'partial',
  'tp',
  'sl',
  /** The stop-loss a trailing stop had moved to (docs/notifications.md "Trailing stops"). */
  'trailing',
  'stop_out',
  'cancelled',
  'no_margin',
  'demo_reset',
] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** How a pending order triggers, decided by its price against the quote when placed. */
export type PendingKind = 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';
