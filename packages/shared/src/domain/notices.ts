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
  'announcement',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Which way a price alert watches the bid: it fires when the bid reaches its price. */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/**
 * The two kinds of alert (docs/notifications.md "Price alerts"): the bid reaching a price,
 * or the bid moving a percentage within a window.
 */
export const ALERT_KINDS = ['price', 'move'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Which way a move alert watches the bid: up from the window's low, or down from its high. */
export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/** The windows a move alert can watch, shortest first. */
export const MOVE_WINDOWS = ['5m', '15m', '1h', '4h', '24h'] as const;
export type MoveWindow = (typeof MOVE_WINDOWS)[number];

/** Each window's length in minutes. */
export const MOVE_WINDOW_MINUTES: Readonly<Record<MoveWindow, number>> = {
  '5m': 5,
  '15m': 15,
  '1h': 60,
  '4h': 240,
  '24h': 1440,
};

/** The largest move (%) an alert may wait for; the smallest is 0.01 %. */
export const MOVE_PERCENT_MAX = 50;
/** A move alert's percentage has at most this many decimals (hundredths of a percent). */
export const MOVE_PERCENT_DECIMALS = 2;

/**
 * A percentage as a canonical decimal string with at most 2 decimals ("0.5") → hundredths of
 * a percent (50), exactly; throws RangeError on anything else.
 */
export function percentToHundredths(percent: string): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent);
  if (!m) throw new RangeError(`percent ${percent} is not a decimal with at most 2 places`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Hundredths of a percent (50) → the percentage's text with 2 decimals ("0.50"). */
export function hundredthsToPercent(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

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
  /**
   * A price alert: `price` is its level. A move alert (`kind: 'move'`) also carries its
   * window and percentage ("0.50"); its `direction` is up or down and `price` is the
   * window's reference it moved from (the low for up, the high for down).
   */
  price_alert: {
    alert_id: number;
    code: string;
    direction: AlertDirection | MoveDirection;
    price: string;
    fired_price: string;
    kind?: 'move';
    window?: MoveWindow;
    percent?: string;
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
  /**
   * Operators sent the announcement to every trader's inbox (docs/notifications.md
   * "Announcements"): which broadcast, and the announcement's version (its newest
   * `updated_at` over the languages). The app says "New announcement" in the reader's
   * language and opens the announcement page, which reads it in that language.
   */
  announcement: { broadcast_id: number; updated_at: number };
}
