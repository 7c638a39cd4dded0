import {
  hundredthsToPercent,
  MOVE_WINDOWS,
  type MoveWindow,
  type NoticeData,
  type Points,
} from '@pipwise/shared';
import type { AccountTx } from '../../../core/money/account-transactions.js';
import type { Instrument, MarketService } from '../../market/index.js';
import type { NoticeWriter } from '../../notify/index.js';
import { priceText } from './alert-dto.js';
import { moveHundredths } from './bid-ranges.js';
import { findAlert, markFired, type AlertRow } from './alert.repository.js';

/**
 * Fires price alerts the engine's books found reached (docs/notifications.md "Price
 * alerts"), as an account transaction of their trader: the row is marked fired with the bid
 * that reached it only if it is still armed and still reached at its level as stored (an
 * edit meanwhile moved it: the engine puts it back), so a takeover, a second instance or a
 * replay never fires it twice; the inbox notice is written in the same transaction.
 */
export class AlertDesk {
  constructor(
    private readonly market: MarketService,
    private readonly inbox: NoticeWriter,
  ) {}

  async fire(tx: AccountTx, alertId: number, bid: Points): Promise<boolean> {
    const row = await findAlert(tx.trx, tx.userId, alertId);
    if (!row || row.fired_at !== null || row.kind === 'move') return false;
    const level = Number(row.level);
    if (row.direction === 'above' ? bid < level : bid > level) return false;
    const fired = await markFired(tx.trx, alertId, tx.now, bid);
    if (!fired) return false;
    await this.tell(tx, fired, (inst) => ({
      alert_id: alertId,
      code: inst.code,
      direction: row.direction === 'above' ? 'above' : 'below',
      price: priceText(level, inst.precision),
      fired_price: priceText(bid, inst.precision),
    }));
    return true;
  }

  /**
   * Fires a move alert the engine found reached in `window`: only if the row is still an
   * armed move alert of that window whose percentage the bid's move from `reference` (the
   * window's low for up, its high for down) reaches, compared exactly in points. The row
   * keeps the bid and the reference; the notice tells both.
   */
  async fireMove(
    tx: AccountTx,
    alertId: number,
    hit: { bid: Points; reference: Points; window: MoveWindow },
  ): Promise<boolean> {
    const row = await findAlert(tx.trx, tx.userId, alertId);
    if (!row || row.fired_at !== null || row.kind !== 'move' || row.move_window !== hit.window) return false;
    const window = MOVE_WINDOWS.find((w) => w === row.move_window);
    const direction = row.direction === 'down' ? 'down' : 'up';
    const hundredths = Number(row.move_hundredths);
    if (!window || !(hundredths > 0) || moveHundredths(direction, hit.bid, hit.reference) < hundredths)
      return false;
    const fired = await markFired(tx.trx, alertId, tx.now, hit.bid, hit.reference);
    if (!fired) return false;
    await this.tell(tx, fired, (inst) => ({
      alert_id: alertId,
      code: inst.code,
      direction,
      price: priceText(hit.reference, inst.precision),
      fired_price: priceText(hit.bid, inst.precision),
      kind: 'move',
      window,
      percent: hundredthsToPercent(hundredths),
    }));
    return true;
  }

  /** A fired alert told: to the trader's sockets now, to the inbox in the same transaction. */
  private async tell(
    tx: AccountTx,
    fired: AlertRow,
    notice: (inst: Instrument) => NoticeData['price_alert'],
  ): Promise<void> {
    tx.publish({ type: 'alert', event: 'fired', userId: tx.userId, alert: fired, account: tx.account });
    const inst = this.market.instrument(Number(fired.instrument_id));
    if (!inst) return;
    const written = await this.inbox.write(tx.trx, tx.userId, 'price_alert', notice(inst));
    if (written) tx.afterCommit(() => this.inbox.announce(tx.userId));
  }
}
