import type { CloseReason } from '@pipwise/shared';
import { getLiveSocket } from './live';

/**
 * The private trading pushes of the live socket (API-DECISIONS "Live socket messages").
 * Orders and the account pages both listen to them, so their shapes live here; the
 * socket reference-counts the topics, so two listeners share one subscription.
 */

/** One open position's live figures. */
export interface LiveOrderFigures {
  Id: number;
  UpdatePrice: number;
  FactProfits: number;
}

/** FOREX_TRADE: every open position of the user, and the account's live figures, USD. */
export interface ForexTradePush {
  orders: LiveOrderFigures[];
  /** Σ live profit of the open positions. */
  all_fact_profits: number;
  balance: number;
  equity: number;
  margin: number;
  free_margin: number;
  margin_level: number;
  risk_rate: number;
  /** The margin level fell to the margin-call level. */
  margin_call?: boolean;
}

/** FOREX_CLOSED: a position closed (or a pending order was cancelled by the engine). */
export interface ForexClosedPush {
  Id: number;
  reason: CloseReason;
  FactProfits: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isForexTrade(data: unknown): data is ForexTradePush {
  return isObject(data) && Array.isArray(data.orders) && typeof data.equity === 'number';
}

function isForexClosed(data: unknown): data is ForexClosedPush {
  return isObject(data) && typeof data.Id === 'number' && typeof data.reason === 'string';
}

/** Listens to FOREX_TRADE (needs a session; the socket subscribes once logged in). */
export function subscribeForexTrade(fn: (push: ForexTradePush) => void): () => void {
  return getLiveSocket().subscribe('FOREX_TRADE', (data) => {
    if (isForexTrade(data)) fn(data);
  });
}

/** Listens to FOREX_CLOSED. */
export function subscribeForexClosed(fn: (push: ForexClosedPush) => void): () => void {
  return getLiveSocket().subscribe('FOREX_CLOSED', (data) => {
    if (isForexClosed(data)) fn(data);
  });
}
