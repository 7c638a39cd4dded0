import {
  ADMIN_PAGE_SIZE,
  fromMicros,
  OrderStatus,
  toMicros,
  type AdminLedgerRow,
  type AdminUser,
  type AdminUserDetail,
  type Order,
  microUsd,
  type MicroUsd,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { SessionService } from '../session.service.js';
import { once } from '../../idempotency/index.js';
import type { MarketService } from '../../market/index.js';
import type { AccountService } from '../../trading/index.js';
import { figuresDto, type Figures } from '../../trading/index.js';
import { toOrderDto } from '../../trading/index.js';
import type { AccountTransactions } from '../../../core/money/account-transactions.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import {
  aBookUserIds,
  findAccounts,
  setABook,
  setAccountGroup,
  setTradingFrozen,
  tradingFrozenUserIds,
  type AccountRow,
} from '../../../core/money/ledger.repository.js';
import { findGroup } from '../../../core/money/trading-groups.repository.js';
import * as repo from './admin-user.repository.js';
import type { IdSet, UserListRow } from './admin-user.repository.js';

/** What the traders list filters on. */
export interface TraderFilter {
  q?: string | undefined;
  isDemo?: number | undefined;
  loginFrozen?: number | undefined;
  tradingFrozen?: number | undefined;
  aBook?: number | undefined;
}

/**
 * The status of each user's newest identity submission, by user id (absent: none), as the
 * identity module reads it; handed in by the composition (identity sits beside auth).
 */
export type IdentityStatusLookup = (
  db: Db,
  userIds: readonly number[],
) => Promise<ReadonlyMap<number, number>>;

/** A user with their account (none: null figures) and identity status. */
type AdminUserRow = UserListRow & { account: AccountRow | undefined; identity_status: number | undefined };

const usd = (micros: MicroUsd | null | undefined) => fromMicros(micros ?? microUsd(0)).toNumber();

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: Number(row.id),
    uid: row.uid,
    email: row.email,
    area_code: row.area_code,
    mobile: row.mobile,
    is_demo: Number(row.is_demo),
    login_frozen: row.status === 'active' ? 0 : 1,
    trading_frozen: Number(row.account?.trading_frozen ?? 0),
    a_book: Number(row.account?.a_book ?? 0),
    group_id: row.account?.group_id == null ? null : Number(row.account.group_id),
    invite_code: row.invite_code,
    referrer_id: row.referrer_id === null ? null : Number(row.referrer_id),
    created_at: Number(row.created_at),
    balance: usd(row.account?.balance),
    lock_balance: usd(row.account?.lock_balance),
    identity_status: Number(row.identity_status ?? 0),
  };
}

/** What the audit log keeps of a user's flags. */
const flags = (u: AdminUser) => ({ login_frozen: u.login_frozen, trading_frozen: u.trading_frozen });

export interface AdminUserDeps {
  db: Db;
  accounts: AccountService;
  transactions: AccountTransactions;
  sessions: SessionService;
  market: MarketService;
  identityStatuses: IdentityStatusLookup;
}

/**
 * Users as operators see and act on them: search, detail with the account's live figures,
 * positions and log; freezing login (every session ends, sockets logged out at once) or
 * trading (new orders refused); balance adjustments through the ledger.
 */
export class AdminUserService {
  constructor(private readonly deps: AdminUserDeps) {}

  async list(filter: TraderFilter, page: number): Promise<{ data: AdminUser[]; total: number }> {
    const { tradingFrozen, aBook, ...userFilter } = filter;
    const ids = await this.accountFlagSets(tradingFrozen, aBook);
    const { rows, total } = await repo.pageUsers(
      this.deps.db,
      { ...userFilter, ids },
      ADMIN_PAGE_SIZE,
      (page - 1) * ADMIN_PAGE_SIZE,
    );
    return { data: (await this.withAccounts(this.deps.db, rows)).map(toAdminUser), total };
  }

  /** The account flags filtered on, as sets of user ids (accounts are core's table, not auth's). */
  private async accountFlagSets(tradingFrozen?: number, aBook?: number): Promise<IdSet[]> {
    const sets: IdSet[] = [];
    if (tradingFrozen !== undefined)
      sets.push({ list: await tradingFrozenUserIds(this.deps.db), exclude: tradingFrozen === 0 });
    if (aBook !== undefined) sets.push({ list: await aBookUserIds(this.deps.db), exclude: aBook === 0 });
    return sets;
  }

  /** The page's users with their accounts (core) and identity status (identity module). */
  private async withAccounts(db: Db, rows: UserListRow[]): Promise<AdminUserRow[]> {
    const ids = rows.map((r) => Number(r.id));
    const [accounts, identities] = await Promise.all([
      findAccounts(db, ids),
      this.deps.identityStatuses(db, ids),
    ]);
    const accountOf = new Map(accounts.map((a) => [Number(a.user_id), a]));
    return rows.map((r) => ({
      ...r,
      account: accountOf.get(Number(r.id)),
      identity_status: identities.get(Number(r.id)),
    }));
  }

  async detail(id: number): Promise<AdminUserDetail> {
    const row = await this.userRow(this.deps.db, id);
    const user = toAdminUser(row);
    const [orders, pending, log] = await Promise.all([
      this.deps.accounts.orders(id, OrderStatus.Holding, 1, 500),
      this.deps.accounts.orders(id, OrderStatus.Pending, 1, 1).then((p) => p.total),
      this.deps.accounts.log(id, 1, ADMIN_PAGE_SIZE),
    ]);
    let figures: Figures | null = null;
    try {
      figures = await this.deps.accounts.figures(id);
    } catch (err) {
      // No price to value a position with right now: the rest of the page still helps.
      if (!(err instanceof AppError)) throw err;
    }
    return {
      user,
      account: figures && row.account ? { ...figuresDto(figures), lock_balance: user.lock_balance } : null,
      positions: orders.rows.flatMap((row): Order[] => {
        const inst = this.deps.market.instrument(row.instrument_id);
        return inst ? [toOrderDto(row, inst, figures?.values.get(Number(row.id)))] : [];
      }),
      pending_orders: pending,
      recent_log: log.rows.map(toLedgerRow),
    };
  }

  async logs(id: number, page: number): Promise<{ data: AdminLedgerRow[]; total: number }> {
    await this.user(this.deps.db, id);
    const { rows, total } = await this.deps.accounts.log(id, page, ADMIN_PAGE_SIZE);
    return { data: rows.map(toLedgerRow), total };
  }

  /** Freezes (or lets back in) a user's login; freezing ends every session at once. */
  async freezeLogin(
    id: number,
    frozen: 0 | 1,
    reason: string | undefined,
    audit: AuditScope,
  ): Promise<AdminUser> {
    const after = await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.user(trx, id);
      await repo.setLoginStatus(trx, id, frozen === 1 ? 'frozen' : 'active');
      if (frozen === 1) await this.deps.sessions.endUserSessions(trx, id);
      const now = await this.user(trx, id);
      await audit.write(trx, {
        action: 'user.freeze_login',
        objectType: 'user',
        objectId: id,
        before: flags(before),
        after: { ...flags(now), reason: reason ?? '' },
      });
      return now;
    });
    // Committed: the user's sockets on every instance are logged out now (docs/api.md "Live socket").
    if (frozen === 1) this.deps.sessions.announce({ userId: id, sessionIds: 'all' });
    return after;
  }

  /** Suspends (or resumes) a user's trading: the order service refuses new orders meanwhile. */
  freezeTrading(
    id: number,
    frozen: 0 | 1,
    reason: string | undefined,
    audit: AuditScope,
  ): Promise<AdminUser> {
    return this.deps.db.transaction().execute(async (trx) => {
      const before = await this.user(trx, id);
      await setTradingFrozen(trx, id, frozen);
      const now = await this.user(trx, id);
      await audit.write(trx, {
        action: 'user.freeze_trading',
        objectType: 'user',
        objectId: id,
        before: flags(before),
        after: { ...flags(now), reason: reason ?? '' },
      });
      return now;
    });
  }

  /**
   * Routes (1) or stops routing (0) the trader's orders to the liquidity provider
   * (docs/execution.md). The order path reads the flag with the account, under its lock, so
   * it holds from the trader's next order on every instance; open positions close where they
   * were filled. A demo user is refused: demo money never reaches the provider. Clearing is
   * always allowed, so a flag set by other means can be taken off.
   */
  setABook(id: number, aBook: 0 | 1, reason: string | undefined, audit: AuditScope): Promise<AdminUser> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await this.userRow(trx, id);
      const before = toAdminUser(row);
      if (aBook === 1 && before.is_demo === 1)
        throw AppError.rule('errors.admin_a_book_demo', { field: 'id' });
      if (aBook === 1 && !row.account) throw AppError.rule('errors.admin_a_book_no_account', { field: 'id' });
      await setABook(trx, id, aBook);
      const now = await this.user(trx, id);
      await audit.write(trx, {
        action: 'user.a_book',
        objectType: 'user',
        objectId: id,
        before: { a_book: before.a_book },
        after: { a_book: now.a_book, reason: reason ?? '' },
      });
      return now;
    });
  }

  /**
   * Moves the trader's account to another trading group of its kind (docs/trading-groups.md),
   * as an account transaction: under the account's lock, so no order of the trader is
   * half-way on the old terms, and told to the engine (its levels apply at once). Open
   * positions keep the terms they were opened with. Audited with the reason.
   */
  async setGroup(
    id: number,
    groupId: number,
    reason: string | undefined,
    audit: AuditScope,
  ): Promise<AdminUser> {
    const row = await this.userRow(this.deps.db, id);
    if (!row.account) throw AppError.rule('errors.admin_group_no_account', { field: 'id' });
    return this.deps.transactions.run(id, async (tx) => {
      // Read under the account's lock: a group deleted meanwhile is not found here.
      const group = await findGroup(tx.trx, groupId);
      if (!group) throw AppError.rule('errors.admin_group_not_found', { field: 'group_id' });
      if (group.account_kind !== (Number(row.is_demo) === 1 ? 'demo' : 'real'))
        throw AppError.rule('errors.admin_group_kind_mismatch', { field: 'group_id' });
      await setAccountGroup(tx.trx, id, groupId);
      tx.publish({ type: 'balance', userId: id, ...tx.account, groupId });
      const now = await this.user(tx.trx, id);
      await audit.write(tx.trx, {
        action: 'user.group',
        objectType: 'user',
        objectId: id,
        before: { group_id: tx.groupId },
        after: { group_id: groupId, reason: reason ?? '' },
      });
      return now;
    });
  }

  /**
   * Credits or debits the account by `amount` (signed canonical decimal USD) through the
   * ledger, as an account transaction of the user (docs/money.md "One authority"): one
   * `adjustment` row with the reason as memo and the operator as reference, and the audit
   * row in the same transaction. A debit beyond the available funds changes nothing.
   * A repeated idempotency key returns the first result (`replayed`), adjusting once.
   */
  async adjustBalance(
    id: number,
    input: { amount: string; reason: string },
    operatorId: number,
    idempotencyKey: string | undefined,
    audit: AuditScope,
  ): Promise<{ result: { balance: number; lock_balance: number }; replayed: boolean }> {
    await this.user(this.deps.db, id);
    const amount = toMicros(input.amount);
    let replayed = true;
    const request = idempotencyKey ? { scope: 'admin_adjust', key: idempotencyKey, body: input } : undefined;
    const result = await this.deps.transactions.run(id, (tx) =>
      once(tx, request, async () => {
        replayed = false;
        const before = tx.account;
        const after = await tx.post({
          kind: 'adjustment',
          amount,
          ref: { type: 'operator', id: operatorId },
          memo: input.reason,
        });
        if (!after) {
          throw AppError.rule('errors.admin_adjust_insufficient', {
            field: 'amount',
            available: fromMicros(microUsd(before.balance - before.lock)).toFixed(2),
          });
        }
        await audit.write(tx.trx, {
          action: 'user.adjust_balance',
          objectType: 'user',
          objectId: id,
          before: { balance: usd(before.balance), lock_balance: usd(before.lock) },
          after: {
            balance: usd(after.balance),
            lock_balance: usd(after.lock),
            amount: input.amount,
            reason: input.reason,
          },
        });
        return { balance: usd(after.balance), lock_balance: usd(after.lock) };
      }),
    );
    return { result, replayed };
  }

  private async user(db: Db, id: number): Promise<AdminUser> {
    return toAdminUser(await this.userRow(db, id));
  }

  private async userRow(db: Db, id: number): Promise<AdminUserRow> {
    const row = await repo.findAdminUser(db, id);
    if (!row) throw AppError.rule('errors.admin_user_not_found', { field: 'id' });
    return (await this.withAccounts(db, [row]))[0]!;
  }
}

function toLedgerRow(row: {
  id: number;
  type: string;
  amount: MicroUsd;
  balance_after: MicroUsd;
  lock_amount: MicroUsd;
  lock_after: MicroUsd;
  ref_type: string | null;
  ref_id: number | null;
  memo: string | null;
  created_at: number;
}): AdminLedgerRow {
  return {
    id: Number(row.id),
    type: row.type,
    amount: usd(row.amount),
    balance_after: usd(row.balance_after),
    lock_amount: usd(row.lock_amount),
    lock_after: usd(row.lock_after),
    ref_type: row.ref_type,
    ref_id: row.ref_id === null ? null : Number(row.ref_id),
    memo: row.memo,
    created_at: Number(row.created_at),
  };
}
