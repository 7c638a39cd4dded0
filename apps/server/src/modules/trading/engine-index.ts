import { OrderStatus, type MicroUsd, microUsd, type OrderEvent } from '@pipwise/shared';
import type { DomainEvent } from '../../core/domain-events.js';
import { AccountBook } from './account-book.js';
import { InstrumentBooks } from './instrument-books.js';
import type { AlertRow } from './alerts/alert.repository.js';
import { alertFromRow, pendingFromRow, positionFromRow } from './live-mapping.js';
import type { LiveAlert, LivePending, LivePosition, TriggerEntry } from './live-order.js';
import type { AccountState, OrderRow } from './order.repository.js';

export type { AccountState };

/** A row the index could not hold (odd data): set aside and reported, never fatal. */
export type BadRow = (row: OrderRow | AlertRow, err: unknown) => void;

/**
 * The last change of a user the index holds: the account's change sequence and the place
 * of the event within that transaction (a read of the database holds every part).
 */
interface Mark {
  seq: number;
  part: number;
}

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
  /** Per user, the last change held (docs/money.md "The engine's memory"). */
  private readonly marks = new Map<number, Mark>();

  constructor(
    /** The instruments that move a position's value: its own and its quote→USD rate's. */
    private readonly dependsOn: (instrumentId: number) => number[],
    private readonly onBadRow: BadRow,
  ) {}

  /** The change sequence of the user's last change the index holds; undefined if none. */
  seqOf(userId: number): number | undefined {
    return this.marks.get(userId)?.seq;
  }

  /**
   * Adds what one read of the database found (at start, takeover, reconcile): the live
   * orders and armed alerts, and the accounts read with them — each one's sequence marks
   * every change up to it as held, so an event of those that arrives later is not applied
   * twice.
   */
  load(
    rows: readonly OrderRow[],
    accounts: ReadonlyMap<number, AccountState>,
    alerts: readonly AlertRow[] = [],
  ): void {
    for (const [userId, state] of accounts) this.marks.set(userId, { seq: state.seq, part: Infinity });
    const accountOf = (userId: number) =>
      this.account(userId, accounts.get(userId) ?? { balance: microUsd(0), lock: microUsd(0) });
    for (const row of rows) this.addRow(accountOf(Number(row.user_id)), row);
    for (const row of alerts) this.addAlertRow(accountOf(Number(row.user_id)), row);
  }

  /** Whether the index already holds this change (it came with a read of the database). */
  holds(event: DomainEvent): boolean {
    const mark = this.marks.get(event.userId);
    return (
      mark !== undefined && (event.seq < mark.seq || (event.seq === mark.seq && event.part <= mark.part))
    );
  }

  /** Applies a committed change, unless it holds it already; returns whether it did. */
  apply(event: DomainEvent): boolean {
    if (this.holds(event)) return false;
    this.marks.set(event.userId, { seq: event.seq, part: event.part });
    this.change(event);
    return true;
  }

  private change(event: DomainEvent): void {
    if (event.type === 'balance') {
      const account = this.accounts.get(event.userId);
      if (account) {
        account.balance = event.balance;
        account.lock = event.lock;
        if (event.groupId !== undefined) account.groupId = event.groupId;
      }
      return;
    }
    // Warning levels are the margin warnings' (MarginWarnings), not the index's.
    if (event.type === 'warnings') return;
    const account = this.account(event.userId, event.account);
    account.balance = event.account.balance;
    account.lock = event.account.lock;
    if (event.type === 'alert') this.changeAlert(account, event.event, event.alert);
    else this.changeOrder(account, event.event, event.order);
    if (account.isEmpty()) this.accounts.delete(event.userId);
  }

  private changeAlert(account: AccountBook, change: 'set' | 'removed' | 'fired', row: AlertRow): void {
    this.dropAlert(account, Number(row.id));
    if (change === 'set') this.addAlertRow(account, row);
  }

  private changeOrder(account: AccountBook, change: OrderEvent, order: OrderRow): void {
    const id = Number(order.id);
    switch (change) {
      case 'placed':
      case 'opened':
        this.addRow(account, order);
        break;
      case 'filled':
        this.dropPending(account, id);
        this.addRow(account, order);
        break;
      // TP/SL edited, a pending order moved to another price, or part of the position closed
      // (docs/money.md "Partial close and close all": the same id, fewer lots, less margin):
      // its entries are laid again from the row.
      case 'stops':
      case 'repriced':
      case 'reduced':
        this.dropPending(account, id);
        this.dropPosition(account, id);
        this.addRow(account, order);
        break;
      case 'swap':
        // Financing moves the balance (its own event) and the order's running swap, which the
        // index does not keep: nothing it triggers on changes.
        break;
      case 'cancelled':
        this.dropPending(account, id);
        break;
      case 'closed':
        this.dropPosition(account, id);
        break;
    }
  }

  /**
   * Puts back the book entries of an order that is still live (after a trigger that fired
   * did not end it: its level was edited meanwhile, or the work failed), so it keeps its
   * TP/SL or pending price; an alert still armed likewise. Adding an entry twice is harmless.
   */
  restoreTriggers({ userId, orderId, kind }: TriggerEntry): void {
    const account = this.accounts.get(userId);
    if (kind === 'alert') {
      const alert = account?.alerts.get(orderId);
      if (alert) this.book(alert.instrumentId).addAlert(alert);
      return;
    }
    const position = account?.positions.get(orderId);
    if (position) this.book(position.instrumentId).addPosition(position);
    const pending = account?.pendings.get(orderId);
    if (pending) this.book(pending.instrumentId).addPending(pending);
  }

  /** Users whose equity moves with this instrument's price. */
  usersExposedTo(instrumentId: number): Iterable<number> {
    return this.exposed.get(instrumentId)?.keys() ?? [];
  }

  /** How many users this instrument's price moves. */
  exposedCount(instrumentId: number): number {
    return this.exposed.get(instrumentId)?.size ?? 0;
  }

  /** Whether this instrument's price moves the user's equity. */
  isExposed(instrumentId: number, userId: number): boolean {
    return this.exposed.get(instrumentId)?.has(userId) ?? false;
  }

  book(instrumentId: number): InstrumentBooks {
    let book = this.books.get(instrumentId);
    if (!book) {
      book = new InstrumentBooks();
      this.books.set(instrumentId, book);
    }
    return book;
  }

  /**
   * Takes over a user's entry from an index built elsewhere (a fresh read of the database):
   * their account book, if they have one there, and how far that index has seen them.
   */
  adoptUser(source: EngineIndex, userId: number): void {
    this.drop(userId);
    const mark = source.marks.get(userId);
    if (mark) this.marks.set(userId, mark);
    const account = source.accounts.get(userId);
    if (account) this.adopt(account);
  }

  /**
   * Forgets the marks of users with no live orders here nor in `source` (a fresh read): an
   * event of theirs that a read already held can only be followed by those that undo it
   * (docs/money.md), so only users with live orders need a mark. Keeps memory to the users
   * who trade, not every user who ever moved money.
   */
  pruneMarks(source: EngineIndex): void {
    for (const userId of this.marks.keys())
      if (!this.accounts.has(userId) && !source.accounts.has(userId)) this.marks.delete(userId);
  }

  /** Becomes a copy of `source` (a fresh read); users it never saw keep their marks. */
  replaceWith(source: EngineIndex): void {
    this.clear();
    for (const [userId, mark] of source.marks) this.marks.set(userId, mark);
    for (const account of source.accounts.values()) this.adopt(account);
  }

  /** Takes over an account book built elsewhere (a fresh read of the database). */
  private adopt(source: AccountBook): void {
    const account = this.account(source.userId, source);
    account.balance = source.balance;
    account.lock = source.lock;
    for (const p of source.positions.values()) this.addPosition(account, p);
    for (const o of source.pendings.values()) this.addPending(account, o);
    for (const a of source.alerts.values()) this.addAlert(account, a);
  }

  /** Forgets every book and account (before a rebuild from the database). */
  private clear(): void {
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
    for (const a of [...account.alerts.values()]) this.dropAlert(account, a.id);
    this.accounts.delete(userId);
  }

  private account(
    userId: number,
    initial: { balance: MicroUsd; lock: MicroUsd; groupId?: number | null },
  ): AccountBook {
    let account = this.accounts.get(userId);
    if (!account) {
      account = new AccountBook(userId, initial.balance, initial.lock);
      this.accounts.set(userId, account);
    }
    if (initial.groupId !== undefined) account.groupId = initial.groupId;
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

  private addAlertRow(account: AccountBook, row: AlertRow): void {
    try {
      this.addAlert(account, alertFromRow(row));
    } catch (err) {
      this.onBadRow(row, err);
    }
  }

  private addAlert(account: AccountBook, a: LiveAlert): void {
    account.alerts.set(a.id, a);
    this.book(a.instrumentId).addAlert(a);
  }

  private dropAlert(account: AccountBook, id: number): void {
    const a = account.alerts.get(id);
    if (!a) return;
    account.alerts.delete(id);
    this.book(a.instrumentId).removeAlert(a);
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
