import { microUsd } from '@pipwise/shared';
import type { Db } from '../db/database.js';
import type { DomainEvent, DomainEvents, UnsequencedEvent } from '../domain-events.js';
import { AppError } from '../app-error.js';
import { post, writeOffShortfall, type Balances, type LedgerEntry } from './ledger.js';
import { bumpChangeSeq, lockAccount, type ChangedAccount } from './ledger.repository.js';
import { UserLock } from './user-lock.js';

/** A ledger entry of the transaction's own user, at the transaction's time. */
export type AccountEntry = Omit<LedgerEntry, 'userId' | 'now'>;

/**
 * What a piece of money work gets: its transaction, the account as it stands (kept current
 * as it posts), and an outbox of events published after the commit.
 */
export class AccountTx {
  private readonly outbox: UnsequencedEvent[] = [];
  /** Run once the transaction has committed (never after a rollback). */
  readonly committed: (() => void)[] = [];
  /** The account's change sequence after this transaction's last ledger post, if any. */
  private postedSeq: number | undefined;

  constructor(
    readonly trx: Db,
    readonly userId: number,
    /** The account, read under the lock at the start and updated by each post (micro-USD). */
    public account: Balances,
    /** The time of this piece of work, used for every row it writes. */
    readonly now: number,
    /** An operator suspended the user's trading (read with the account, under its lock). */
    readonly tradingFrozen = false,
    /** An operator routes this trader's orders to the provider (docs/execution.md). */
    readonly aBook = false,
    /** The account's trading group (docs/trading-groups.md), read with it under its lock. */
    readonly groupId: number | null = null,
  ) {}

  /** Queues an event to publish once the transaction has committed. */
  publish(event: UnsequencedEvent): void {
    this.outbox.push(event);
  }

  /**
   * Runs `fn` once the transaction has committed, after its events are published: what
   * must follow the change but cannot be part of it (telling a socket a notice was written).
   */
  afterCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /** Posts a ledger entry (null when its guard refused: nothing was written). */
  async post(entry: AccountEntry): Promise<ChangedAccount | null> {
    const after = await post(this.trx, { ...entry, userId: this.userId, now: this.now });
    if (after) this.moved(after);
    return after;
  }

  /** What negative balance protection wrote off in this transaction, micro-USD (≥ 0). */
  writtenOff = microUsd(0);

  /** Negative balance protection; the caller has checked that no position is open. */
  async writeOffShortfall(ref?: LedgerEntry['ref']): Promise<void> {
    const before = this.account.balance;
    const after = await writeOffShortfall(this.trx, this.userId, this.account, ref, this.now);
    if (!after) return;
    this.writtenOff = microUsd(this.writtenOff + after.balance - before);
    this.moved(after);
  }

  /**
   * Numbers the queued events with the account's change sequence (a ledger post already
   * moved it; otherwise it moves now), still inside the transaction: none when nothing
   * changed. The runner publishes them after the commit.
   */
  async sequencedEvents(): Promise<DomainEvent[]> {
    if (this.outbox.length === 0) return [];
    const seq = this.postedSeq ?? (await bumpChangeSeq(this.trx, this.userId));
    return this.outbox.map((event, part) => ({ ...event, seq, part }));
  }

  private moved(after: ChangedAccount): void {
    this.account = { balance: after.balance, lock: after.lock };
    this.postedSeq = after.seq;
    this.publish({ type: 'balance', userId: this.userId, balance: after.balance, lock: after.lock });
  }
}

/** Runs inside the transaction, after its work, with the events it will publish. */
export type CommitHook = (tx: AccountTx, events: readonly DomainEvent[]) => Promise<void>;

/**
 * Runs every piece of work that decides or moves a user's money (docs/money.md "One
 * authority"): one at a time per user in this process (so requests queue here rather than
 * holding database connections), inside one database transaction that first takes the
 * account's row lock (so it is one at a time across processes too), and publishes what it
 * did only after the commit.
 */
export class AccountTransactions {
  private readonly userLock = new UserLock();
  private readonly commitHooks: CommitHook[] = [];

  /**
   * Work another module adds to every money transaction, just before it commits, with the
   * events it made: what must be written with the change or not at all (a trade
   * confirmation queued with its fill, docs/statements.md "Trade confirmations").
   */
  beforeCommit(hook: CommitHook): void {
    this.commitHooks.push(hook);
  }

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    private readonly now: () => number,
  ) {}

  run<T>(userId: number, work: (tx: AccountTx) => Promise<T>): Promise<T> {
    return this.userLock.run(userId, async () => {
      let events: DomainEvent[] = [];
      let committed: (() => void)[] = [];
      const result = await this.db.transaction().execute(async (trx) => {
        const row = await lockAccount(trx, userId);
        if (!row) throw AppError.rule('errors.account_missing');
        const tx = new AccountTx(
          trx,
          userId,
          { balance: microUsd(Number(row.balance)), lock: microUsd(Number(row.lock_balance)) },
          this.now(),
          Number(row.trading_frozen) === 1,
          Number(row.a_book) === 1,
          row.group_id === null ? null : Number(row.group_id),
        );
        const result = await work(tx);
        events = await tx.sequencedEvents();
        for (const hook of this.commitHooks) if (events.length > 0) await hook(tx, events);
        committed = tx.committed;
        return result;
      });
      for (const event of events) this.events.publish(event);
      for (const fn of committed) fn();
      return result;
    });
  }
}
