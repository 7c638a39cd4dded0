import { OrderStatus } from '@pipwise/shared';
import type { DomainEvent } from '../../events/domain-events.js';
import { AccountBook } from './account-book.js';
import { InstrumentBooks } from './instrument-books.js';
import { pendingFromRow, positionFromRow } from './live-mapping.js';
import type { LivePending, LivePosition } from './live-order.js';
import type { OrderRow } from './order.repository.js';

/** An order row the index could not hold (odd data): set aside and reported, never fatal. */
export type BadRow = (row: OrderRow, err: unknown) => void;

/**
 * The engine's index of every live order (docs/money.md "The engine's memory is an
 * index"): per-instrument trigger books, per-account books, and which users each
 * instrument's price moves. It is built from the database and kept current by the events
 * published after each commit; it decides nothing about money itself.
 */
export class EngineIndex {
  readonly books = new Map<number, InstrumentBooks>();
  readonly accounts = new Map<number, AccountBook>();
  /** instrument id → users whose equity it moves → how many of their positions it moves. */
  readonly exposed = new Map<number, Map<number, number>>();
  /** Bumped on every change of a user, so a reconcile can tell who changed while it read. */
  private readonly versions = new Map<number, number>();

  constructor(
    /** The instruments that move a position's value: its own and its quote→USD rate's. */
    private readonly dependsOn: (instrumentId: number) => number[],
    private readonly onBadRow: BadRow,
  ) {}

  version(userId: number): number {
    return this.versions.get(userId) ?? 0;
  }

  /** Every user's version now, to tell later who changed meanwhile. */
  versionStamp(): ReadonlyMap<number, number> {
    return new Map(this.versions);
  }

  /** Adds stored live orders (at start, at a reconcile); balances by user, micro-USD. */
  load(rows: readonly OrderRow[], balances: ReadonlyMap<number, { balance: number; lock: number }>): void {
    for (const row of rows) {
      const userId = Number(row.user_id);
      const account = this.account(userId, balances.get(userId) ?? { balance: 0, lock: 0 });
      this.addRow(account, row);
    }
  }

  /** Applies a committed change. */
  apply(event: DomainEvent): void {
    this.versions.set(event.userId, this.version(event.userId) + 1);
    if (event.type === 'balance') {
      const account = this.accounts.get(event.userId);
      if (account) {
        account.balance = event.balance;
        account.lock = event.lock;
      }
      return;
    }
    const account = this.account(event.userId, event.account);
    account.balance = event.account.balance;
    account.lock = event.account.lock;
    const id = Number(event.order.id);
    switch (event.event) {
      case 'placed':
      case 'opened':
        this.addRow(account, event.order);
        break;
      case 'filled':
        this.dropPending(account, id);
        this.addRow(account, event.order);
        break;
      case 'stops':
        this.dropPending(account, id);
        this.dropPosition(account, id);
        this.addRow(account, event.order);
        break;
      case 'cancelled':
        this.dropPending(account, id);
        break;
      case 'closed':
        this.dropPosition(account, id);
        break;
    }
    if (account.isEmpty()) this.accounts.delete(event.userId);
  }

  /**
   * Puts back the book entries of an order that is still live (after a trigger that fired
   * did not end it: its level was edited meanwhile, or the work failed), so it keeps its
   * TP/SL or pending price. Adding an entry twice is harmless.
   */
  restoreTriggers(userId: number, orderId: number): void {
    const account = this.accounts.get(userId);
    const position = account?.positions.get(orderId);
    if (position) this.book(position.instrumentId).addPosition(position);
    const pending = account?.pendings.get(orderId);
    if (pending) this.book(pending.instrumentId).addPending(pending);
  }

  /** Users whose equity moves with this instrument's price. */
  usersExposedTo(instrumentId: number): Iterable<number> {
    return this.exposed.get(instrumentId)?.keys() ?? [];
  }

  book(instrumentId: number): InstrumentBooks {
    let book = this.books.get(instrumentId);
    if (!book) {
      book = new InstrumentBooks();
      this.books.set(instrumentId, book);
    }
    return book;
  }

  /** Takes over an account book built elsewhere (a fresh read of the database). */
  adopt(source: AccountBook): void {
    const account = this.account(source.userId, source);
    account.balance = source.balance;
    account.lock = source.lock;
    for (const p of source.positions.values()) this.addPosition(account, p);
    for (const o of source.pendings.values()) this.addPending(account, o);
  }

  /** Forgets everything (before a rebuild from the database). */
  clear(): void {
    this.books.clear();
    this.accounts.clear();
    this.exposed.clear();
  }

  /** Forgets a user entirely (a reconcile replaces their entry with the database's). */
  drop(userId: number): void {
    const account = this.accounts.get(userId);
    if (!account) return;
    for (const p of [...account.positions.values()]) this.removePosition(account, p);
    for (const o of [...account.pendings.values()]) this.removePending(account, o);
    this.accounts.delete(userId);
  }

  private account(userId: number, initial: { balance: number; lock: number }): AccountBook {
    let account = this.accounts.get(userId);
    if (!account) {
      account = new AccountBook(userId, initial.balance, initial.lock);
      this.accounts.set(userId, account);
    }
    return account;
  }

  private addRow(account: AccountBook, row: OrderRow): void {
    try {
      if (row.status === OrderStatus.Holding) this.addPosition(account, positionFromRow(row));
      else if (row.status === OrderStatus.Pending) this.addPending(account, pendingFromRow(row));
    } catch (err) {
      this.onBadRow(row, err);
    }
  }

  private addPosition(account: AccountBook, p: LivePosition): void {
    account.addPosition(p);
    this.book(p.instrumentId).addPosition(p);
    for (const id of this.dependsOn(p.instrumentId)) this.expose(id, p.userId, +1);
  }

  private removePosition(account: AccountBook, p: LivePosition): void {
    if (!account.positions.has(p.id)) return;
    account.removePosition(p);
    this.book(p.instrumentId).removePosition(p);
    for (const id of this.dependsOn(p.instrumentId)) this.expose(id, p.userId, -1);
  }

  private addPending(account: AccountBook, o: LivePending): void {
    account.pendings.set(o.id, o);
    this.book(o.instrumentId).addPending(o);
  }

  private removePending(account: AccountBook, o: LivePending): void {
    if (!account.pendings.delete(o.id)) return;
    this.book(o.instrumentId).removePending(o);
  }

  private dropPosition(account: AccountBook, id: number): void {
    const p = account.positions.get(id);
    if (p) this.removePosition(account, p);
  }

  private dropPending(account: AccountBook, id: number): void {
    const o = account.pendings.get(id);
    if (o) this.removePending(account, o);
  }

  private expose(instrumentId: number, userId: number, delta: number): void {
    let users = this.exposed.get(instrumentId);
    if (!users) {
      users = new Map();
      this.exposed.set(instrumentId, users);
    }
    const count = (users.get(userId) ?? 0) + delta;
    if (count > 0) users.set(userId, count);
    else users.delete(userId);
  }
}
