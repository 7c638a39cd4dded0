import { fromMicros, type CloseReason, type NoticeData, type Points } from '@pipwise/shared';
import type { DomainEvent } from '../../../core/domain-events.js';
import type { AccountTx, CommitHook } from '../../../core/money/account-transactions.js';
import type { MarketService } from '../../market/index.js';
import type { NoticeWriter } from '../../notify/index.js';
import { priceText } from './alert-dto.js';

/**
 * The closes the trader did not make themselves: the inbox tells of these (a stop-out's
 * closes are told together, in its receipt).
 */
const TOLD_CLOSES: ReadonlySet<CloseReason> = new Set(['tp', 'sl', 'trailing']);

/**
 * The commit hook that writes the inbox's order notices (docs/notifications.md "The inbox")
 * in the transaction of the change: a pending order filled, a position closed by its
 * take-profit, its stop-loss or its trailing stop. What the trader did on screen is not
 * repeated.
 */
export function orderNotices(inbox: NoticeWriter, market: MarketService): CommitHook {
  return async (tx: AccountTx, events: readonly DomainEvent[]) => {
    let written = false;
    for (const e of events) {
      if (e.type !== 'order') continue;
      const inst = market.instrument(e.order.instrument_id);
      if (!inst) continue;
      const price = (p: Points | null) => (p === null ? '' : priceText(p, inst.precision));
      const common = {
        order_id: Number(e.order.id),
        code: inst.code,
        side: e.order.side === 1 ? (1 as const) : (2 as const),
        lots: e.order.lots,
      };
      if (e.event === 'filled')
        written =
          (await inbox.write(tx.trx, e.userId, 'order_filled', {
            ...common,
            price: price(e.order.open_price),
          })) || written;
      else if (e.event === 'closed' && e.reason !== undefined && TOLD_CLOSES.has(e.reason))
        written =
          (await inbox.write(tx.trx, e.userId, 'position_closed', {
            ...common,
            price: price(e.order.close_price),
            reason: e.reason as NoticeData['position_closed']['reason'],
            profit: fromMicros(e.order.profit).toFixed(2),
          })) || written;
    }
    if (written) tx.afterCommit(() => inbox.announce(tx.userId));
  };
}
