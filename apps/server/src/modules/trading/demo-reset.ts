import { toMicros } from '@pipwise/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { postEntry } from '../wallet/account.repository.js';
import type { TradingEngine } from './engine.js';
import * as exec from './order-executor.js';

/**
 * `resetForexDemoAccount`: cancels the demo user's pending orders, closes their positions
 * at the last price (open market or not: it is play money), and brings the balance back to
 * the starting amount with one ledger row.
 */
export async function resetDemoAccount(
  deps: { engine: TradingEngine; db: Db; now: () => number; startBalance: number },
  userId: number,
): Promise<number> {
  return deps.engine.forUser(userId, async () => {
    const account = await deps.engine.state.account(userId);
    for (const pending of [...account.pendings.values()]) {
      await exec.cancelPendingOrder(deps.db, pending.id, 'demo_reset', deps.now());
      deps.engine.state.removePending(account, pending);
    }
    for (const position of [...account.positions.values()]) {
      const quote = deps.engine.lastQuote(position.instrumentId);
      await deps.engine.closePosition(
        account,
        position,
        'demo_reset',
        position.side === 1 ? quote.bid : quote.ask,
      );
    }
    const target = toMicros(deps.startBalance);
    if (account.balance !== target) {
      const balance = await deps.db
        .transaction()
        .execute((trx) =>
          postEntry(trx, { userId, type: 'demo_reset', amount: target - account.balance, now: deps.now() }),
        );
      if (balance === null) throw AppError.rule('errors.internal');
      account.balance = balance;
    }
    deps.engine.notifyAccount(userId);
    return account.balance;
  });
}
