import type { ForexOrderPush, ForexTradePush } from '@pipwise/shared';
import { getLiveSocket } from './live';
import type { ResyncHandler } from './socket';

/**
 * The private trading pushes of the live socket (docs/api.md "Live socket"). Orders, the
 * trade screen and the account pages listen to them; the socket reference-counts the
 * topics, so several listeners share one subscription. The payloads are the shared
 * protocol's types (packages/shared/src/ws/protocol.ts), re-exported for the listeners.
 * FOREX_CLOSED is not listened to: FOREX_ORDER carries every close with its reason.
 * `onResync` fetches again what the listener shows when pushes may have been missed
 * (a jump in `seq`, a resync, a reconnect: lib/socket.ts).
 */
export type { ForexOrderPush, ForexTradePush } from '@pipwise/shared';

/** FOREX_TRADE: every open position's live figures and the account's (needs a session). */
export function subscribeForexTrade(
  fn: (push: ForexTradePush) => void,
  onResync?: ResyncHandler,
): () => void {
  return getLiveSocket().subscribe('FOREX_TRADE', fn, { onResync });
}

/**
 * FOREX_ORDER: every state change of one of the user's orders (placed, opened, filled,
 * stops, cancelled, closed), from any tab or device, with the order as it is now.
 */
export function subscribeForexOrder(
  fn: (push: ForexOrderPush) => void,
  onResync?: ResyncHandler,
): () => void {
  return getLiveSocket().subscribe('FOREX_ORDER', fn, { onResync });
}
