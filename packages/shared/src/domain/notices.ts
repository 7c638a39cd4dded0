/**
 * What the inbox tells a trader (docs/notifications.md "The inbox"): each kind can be
 * switched off on the Me page; a switched-off kind writes nothing.
 */
export const NOTICE_KINDS = [
  'price_alert',
  'order_filled',
  'position_closed',
  'margin_warning',
  'stop_out',
  'deposit',
  'withdrawal',
  'identity',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Which way a price alert watches the bid: it fires when the bid reaches its price. */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/** The margin levels (%) a trader is warned at until they choose their own. */
export const DEFAULT_MARGIN_WARNING_LEVELS: readonly number[] = [200, 150, 100];
/** At most this many warning levels. */
export const MAX_MARGIN_WARNING_LEVELS = 5;
/**
 * A warning level fired once re-arms only when the margin level is back above it by this
 * share (%): 200 % re-arms at 210 %, so a level hovering at the line warns once.
 */
export const MARGIN_WARNING_REARM_PERCENT = 5;

/** How many alerts a trader may keep armed at once when the setting is not set. */
export const DEFAULT_MAX_ALERTS = 50;

/**
 * What each kind's notice carries (`data`); prices are the pair's decimal text, amounts
 * USD. Nothing secret: a notice is what the trader would see on screen anyway.
 */
export interface NoticeData {
  price_alert: {
    alert_id: number;
    code: string;
    direction: AlertDirection;
    price: string;
    fired_price: string;
  };
  order_filled: { order_id: number; code: string; side: 1 | 2; lots: string; price: string };
  position_closed: {
    order_id: number;
    code: string;
    side: 1 | 2;
    lots: string;
    price: string;
    reason: 'tp' | 'sl' | 'trailing';
    profit: string;
  };
  /**
   * The margin level fell through one of the trader's warning levels (%); the positions that
   * weigh most (by margin), each with the margin level closing it alone would leave ("" when
   * nothing would be left open).
   */
  margin_warning: {
    level: number;
    margin_level: string;
    positions: {
      order_id: number;
      code: string;
      side: 1 | 2;
      lots: string;
      profit: string;
      level_after: string;
    }[];
  };
  /**
   * A stop-out's receipt: the positions closed in the order closed, at which prices, the
   * margin level before and after ("" with nothing left open), and what negative balance
   * protection wrote off (USD, "0.00" when nothing).
   */
  stop_out: {
    stop_out_level: string;
    level_before: string;
    level_after: string;
    written_off: string;
    closed: { order_id: number; code: string; side: 1 | 2; lots: string; price: string; profit: string }[];
  };
  /** `number` in the channel's `currency`; `credited` USD once credited, else "". */
  deposit: {
    deposit_id: number;
    status: 'credited' | 'rejected';
    number: string;
    currency: string;
    credited: string;
    note: string;
  };
  /** `amount` USD. */
  withdrawal: { withdrawal_id: number; status: 'paid' | 'rejected'; amount: string; note: string };
  identity: { status: 'verified' | 'rejected'; note: string };
}
