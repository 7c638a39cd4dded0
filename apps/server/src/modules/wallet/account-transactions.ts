import type { Db } from '../../db/database.js';
import type { DomainEvent, DomainEvents } from '../../events/domain-events.js';
import { AppError } from '../../http/app-error.js';
import { post, writeOffShortfall, type Balances, type LedgerEntry } from './ledger.js';
import { lockAccountWithFlags } from './ledger.repository.js';
import { UserLock } from './user-lock.js';

/** A ledger entry of the transaction's own user, at the transaction's time. */
export type AccountEntry = Omit<LedgerEntry, 'userId' | 'now'>;

/**
 * What a piece of money work gets: its transaction, the account as it stands (kept current
 * as it posts), and an outbox of events published after the commit.
 */
export class AccountTx {
  private readonly outbox: DomainEvent[] = [];

  constructor(
    readonly trx: Db,
    readonly userId: number,
    /** The account, read under the lock at the start and updated by each post (micro-USD). */
    public account: Balances,
    /** The time of this piece of work, used for every row it writes. */
    readonly now: number,
    /** An operator suspended the user's trading (read with the account, under its lock). */
    readonly tradingFrozen = false,
  ) {}

  /** Queues an event to publish once the transaction has committed. */
  publish(event: DomainEvent): void {
    this.outbox.push(event);
  }

  /** Posts a ledger entry (null when its guard refused: nothing was written). */
  async post(entry: AccountEntry): Promise<Balances | null> {
    const after = await post(this.trx, { ...entry, userId: this.userId, now: this.now });
    if (after) this.moved(after);
    return after;
  }

  /** Negative balance protection; the caller has checked that no position is open. */
  async writeOffShortfall(ref?: LedgerEntry['ref']): Promise<void> {
    const after = await writeOffShortfall(this.trx, this.userId, this.account, ref, this.now);
    if (after !== this.account) this.moved(after);
  }

  /** The events queued, for the runner to publish after the commit. */
  events(): readonly DomainEvent[] {
    return this.outbox;
  }

  private moved(after: Balances): void {
    this.account = after;
    this.publish({ type: 'balance', userId: this.userId, balance: after.balance, lock: after.lock });
  }
}

/**
 * Runs every piece of work that decides or moves a user's money (docs/money.md "One
 * authority"): one at a time per user in this process (so requests queue here rather than
 * holding database connections), inside one database transaction that first takes the
 * account's row lock (so it is one at a time across processes too), and publishes what it
 * did only after the commit.
 */
export class AccountTransactions {
  private readonly userLock = new UserLock();

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly now: () => number,
  ) {}

  run<T>(userId: number, work: (tx: AccountTx) => Promise<T>): Promise<T> {
    return this.userLock.run(userId, async () => {
      let tx: AccountTx | undefined;
      const result = await this.db.transaction().execute(async (trx) => {
        const row = await lockAccountWithFlags(trx, userId);
        if (!row) throw AppError.rule('errors.account_missing');
        tx = new AccountTx(
          trx,
          userId,
          { balance: Number(row.balance), lock: Number(row.lock_balance) },
          this.now(),
          row.trading_frozen === 1,
        );
        return work(tx);
      });
      for (const event of tx?.events() ?? []) this.events.publish(event);
      return result;
    });
  }
}
