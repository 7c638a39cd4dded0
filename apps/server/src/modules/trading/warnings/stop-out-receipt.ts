import { fromMicros, type Dec } from '@pipwise/shared';
import type { AccountTx } from '../../../core/money/account-transactions.js';
import type { MarketService } from '../../market/index.js';
import type { NoticeWriter } from '../../notify/index.js';
import { priceText } from '../alerts/alert-dto.js';
import type { StopOutReceipt } from '../trade-desk.js';

/** A margin level as a notice carries it: 2 decimals, "" with nothing open. */
export const levelText = (level: Dec | null): string => (level === null ? '' : level.toFixed(2));

/**
 * Writes a stop-out's receipt into the trader's inbox, in the stop-out's own transaction
 * (docs/notifications.md "The stop-out receipt"): the closed rows and the write-off are those
 * this transaction gave the ledger, so the receipt's figures are the ledger's.
 */
export function stopOutReceipts(inbox: NoticeWriter, market: MarketService) {
  return async (tx: AccountTx, receipt: StopOutReceipt): Promise<void> => {
    const written = await inbox.write(tx.trx, tx.userId, 'stop_out', {
      stop_out_level: receipt.stopOutLevel.toFixed(2),
      level_before: levelText(receipt.levelBefore),
      level_after: levelText(receipt.levelAfter),
      written_off: fromMicros(receipt.writtenOff).toFixed(2),
      closed: receipt.closed.map((row) => {
        const inst = market.instrument(row.instrument_id);
        const precision = inst?.precision ?? 0;
        return {
          order_id: Number(row.id),
          code: inst?.code ?? '',
          side: row.side === 1 ? (1 as const) : (2 as const),
          lots: row.lots,
          price: row.close_price === null ? '' : priceText(row.close_price, precision),
          profit: fromMicros(row.profit).toFixed(2),
        };
      }),
    });
    if (written) tx.afterCommit(() => inbox.announce(tx.userId));
  };
}
