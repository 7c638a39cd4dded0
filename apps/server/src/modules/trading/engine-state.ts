import type { Db } from '../../db/database.js';
import { findAccount } from '../wallet/account.repository.js';
import { AccountBook } from './account-book.js';
import { InstrumentBooks } from './instrument-books.js';
import type { LivePending, LivePosition } from './live-order.js';

/**
 * The engine's in-memory picture of every live order: per-instrument trigger books, per-user
 * account books, and which users each instrument's price moves (their own positions' pairs
 * and the pairs that convert those positions' profit to USD).
 */
export class EngineState {
  readonly books = new Map<number, InstrumentBooks>();
  readonly accounts = new Map<number, AccountBook>();
  /** instrument id → users whose equity it moves → how many of their positions it moves. */
  readonly exposed = new Map<number, Map<number, number>>();

  constructor(
    private readonly db: Db,
    /** The instruments that move a position's value: its own and its quote→USD rate's. */
    private readonly dependsOn: (instrumentId: number) => number[],
  ) {}

  book(instrumentId: number): InstrumentBooks {
    let book = this.books.get(instrumentId);
    if (!book) {
      book = new InstrumentBooks();
      this.books.set(instrumentId, book);
    }
    return book;
  }

  /** The account book of a user, read from the database the first time. */
  async account(userId: number): Promise<AccountBook> {
    let account = this.accounts.get(userId);
    if (!account) {
      const row = await findAccount(this.db, userId);
      // Another await may have loaded it meanwhile.
      account = this.accounts.get(userId) ?? new AccountBook(userId, Number(row?.balance ?? 0));
      this.accounts.set(userId, account);
    }
    return account;
  }

  addPosition(account: AccountBook, p: LivePosition): void {
    account.addPosition(p);
    this.book(p.instrumentId).addPosition(p);
    for (const id of this.dependsOn(p.instrumentId)) this.expose(id, p.userId, +1);
  }

  removePosition(account: AccountBook, p: LivePosition): void {
    if (!account.positions.has(p.id)) return;
    account.removePosition(p);
    this.book(p.instrumentId).removePosition(p);
    for (const id of this.dependsOn(p.instrumentId)) this.expose(id, p.userId, -1);
  }

  addPending(account: AccountBook, o: LivePending): void {
    account.pendings.set(o.id, o);
    this.book(o.instrumentId).addPending(o);
  }

  removePending(account: AccountBook, o: LivePending): void {
    if (!account.pendings.delete(o.id)) return;
    this.book(o.instrumentId).removePending(o);
  }

  /** Users whose equity moves with this instrument's price. */
  usersExposedTo(instrumentId: number): Iterable<number> {
    return this.exposed.get(instrumentId)?.keys() ?? [];
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
