import { closingPoints, OrderStatus, toMicros, microUsd, type MicroUsd } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import type { Page } from '../../core/db/paging.js';
import { AppError } from '../../core/app-error.js';
import type { MarketService } from '../market/index.js';
import type { AccountTransactions } from '../../core/money/account-transactions.js';
import { findAccount, lastLogTime, pageAccountLogs } from '../../core/money/ledger.repository.js';
import { figuresOf, type Figures } from './account-figures.js';
import { positionsOf } from './live-mapping.js';
import {
  lastClosedFor,
  sideOf,
  listOpenPositions,
  listUserLiveOrders,
  pageUserOrders,
  sumClosedProfit,
  type OrderRow,
} from './order.repository.js';
import type { TradeDesk } from './trade-desk.js';
import type { Valuation } from './valuation.js';

export interface AccountServiceDeps {
  db: Db;
  transactions: AccountTransactions;
  desk: TradeDesk;
  valuation: Valuation;
  market: MarketService;
  /** The starting balance of a demo account, USD. */
  demoBalance: number;
}

/**
 * What a trader reads of their account — balance, figures, orders, log — straight from the
 * database, so every server instance answers the same; and the demo reset.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Balance and held funds, micro-USD. */
  async balances(userId: number): Promise<{ balance: MicroUsd; lock: MicroUsd }> {
    const row = await findAccount(this.deps.db, userId);
    return { balance: row?.balance ?? microUsd(0), lock: row?.lock_balance ?? microUsd(0) };
  }

  /** Live figures from the stored account and open positions at the current quotes. */
  async figures(userId: number): Promise<Figures> {
    const [account, rows] = await Promise.all([
      this.balances(userId),
      listOpenPositions(this.deps.db, userId),
    ]);
    return figuresOf({ ...account, ...positionsOf(rows) }, this.deps.valuation, this.deps.market);
  }

  orders(userId: number, tab: 0 | 1 | 3, page: number, size: number): Promise<Page<OrderRow>> {
    return pageUserOrders(this.deps.db, userId, tab, page, size);
  }

  /**
   * Σ realised gross profit of closed orders, micro-USD — since the last demo reset when
   * there was one (a reset starts the demo account afresh; its history stays, marked).
   */
  closedProfit(userId: number, since: number | null): Promise<MicroUsd> {
    return sumClosedProfit(this.deps.db, userId, since);
  }

  /**
   * When the demo account was last reset (epoch ms), or null if never. The reset writes a
   * `demo_reset` log row when the balance moved and closes open orders with the reason
   * `demo_reset`; either marks it (a reset that changed nothing leaves nothing to mark).
   */
  async lastDemoReset(userId: number): Promise<number | null> {
    const [logged, closed] = await Promise.all([
      lastLogTime(this.deps.db, userId, 'demo_reset'),
      lastClosedFor(this.deps.db, userId, 'demo_reset'),
    ]);
    if (logged === null) return closed;
    return closed === null ? logged : Math.max(logged, closed);
  }

  log(userId: number, page: number, size: number) {
    return pageAccountLogs(this.deps.db, userId, page, size);
  }

  /**
   * `resetForexDemoAccount`: cancels the demo user's pending orders, closes their positions
   * at the last price (open market or not: it is play money), and brings the balance back
   * to the starting amount with one ledger row — all in one transaction.
   */
  resetDemo(userId: number): Promise<MicroUsd> {
    const { desk } = this.deps;
    return this.deps.transactions.run(userId, async (tx) => {
      for (const row of await listUserLiveOrders(tx.trx, userId)) {
        if (row.status === OrderStatus.Pending) {
          await desk.cancel(tx, row, 'demo_reset');
          continue;
        }
        const quote = this.deps.market.liveQuote(row.instrument_id);
        if (!quote) throw AppError.rule('errors.no_rate');
        await desk.close(tx, row, 'demo_reset', closingPoints(quote, sideOf(row), row.group_markup));
      }
      const target = toMicros(this.deps.demoBalance);
      if (tx.account.balance !== target) {
        const after = await tx.post({ kind: 'demo_reset', amount: microUsd(target - tx.account.balance) });
        if (!after) throw AppError.rule('errors.internal');
      }
      return tx.account.balance;
    });
  }
}
