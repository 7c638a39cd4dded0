import { HOUSE_ONLY_KINDS, microUsd, type AccountKind, type MicroUsd } from '@pipwise/shared';
import { sql, type Expression, type QueryCreator, type Selectable, type SqlBool } from 'kysely';
import type { AccountTable, Database, Db } from '../db/database.js';
import { pageOf } from '../db/paging.js';
import { isPostgres } from '../db/migrations/helpers.js';
import { queryTemplate } from '../db/query-template.js';

/**
 * The only SQL that touches `accounts` and `account_logs` (a test keeps it so). Functions
 * take `db` or a transaction first; money is integer micro-USD.
 */

export type AccountRow = Selectable<AccountTable>;

const NO_MONEY = microUsd(0);

/** A new account, in the default trading group of its kind (docs/trading-groups.md). */
export async function createAccount(trx: Db, userId: number, now: number, kind: AccountKind): Promise<void> {
  await trx
    .insertInto('accounts')
    .values({
      user_id: userId,
      balance: NO_MONEY,
      lock_balance: NO_MONEY,
      updated_at: now,
      group_id: (eb) =>
        eb
          .selectFrom('trading_groups')
          .select('id')
          .where('account_kind', '=', kind)
          .where('is_default', '=', 1),
    })
    .execute();
}

/** Moves the account to another trading group (the caller holds its lock). */
export async function setAccountGroup(db: Db, userId: number, groupId: number): Promise<void> {
  await db.updateTable('accounts').set({ group_id: groupId }).where('user_id', '=', userId).execute();
}

export function findAccount(db: Db, userId: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Several accounts at once (the engine's index at start), in chunks the drivers accept. */
export async function findAccounts(db: Db, userIds: readonly number[]): Promise<AccountRow[]> {
  const rows: AccountRow[] = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const chunk = userIds.slice(i, i + 1000);
    rows.push(...(await db.selectFrom('accounts').selectAll().where('user_id', 'in', chunk).execute()));
  }
  return rows;
}

const lockAccountQuery = queryTemplate((trx: Db, a: { userId: number }) => {
  const query = trx.selectFrom('accounts').selectAll().where('user_id', '=', a.userId);
  return isPostgres(trx) ? query.forUpdate() : query;
});

/**
 * Reads the account and holds its row lock until the transaction ends (PostgreSQL
 * `FOR UPDATE`), so every money decision for this user, on any server instance, runs one at
 * a time. SQLite has a single writer: its transactions are already serial.
 */
export async function lockAccount(trx: Db, userId: number): Promise<AccountRow | undefined> {
  return (await lockAccountQuery(trx, { userId }))[0];
}

/** Suspends (1) or resumes (0) the account's trading; waits for the account's lock. */
export async function setTradingFrozen(db: Db, userId: number, frozen: 0 | 1): Promise<void> {
  await db.updateTable('accounts').set({ trading_frozen: frozen }).where('user_id', '=', userId).execute();
}

/** Routes (1) or stops routing (0) the trader's orders to the provider (docs/execution.md). */
export async function setABook(db: Db, userId: number, aBook: 0 | 1): Promise<void> {
  await db.updateTable('accounts').set({ a_book: aBook }).where('user_id', '=', userId).execute();
}

/**
 * The users whose trading an operator froze (the traders list filters on it). Operators
 * freeze accounts one by one, so this stays a short list.
 */
export async function tradingFrozenUserIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('accounts').select('user_id').where('trading_frozen', '=', 1).execute();
  return rows.map((r) => Number(r.user_id));
}

/**
 * The users an operator routes to the provider (the traders list filters on it). Set one by
 * one by the dealing desk, so this stays a short list too.
 */
export async function aBookUserIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('accounts').select('user_id').where('a_book', '=', 1).execute();
  return rows.map((r) => Number(r.user_id));
}

/** What must still hold after a change for it to be written (checked by the UPDATE itself). */
export type BalanceGuard =
  /** Nothing beyond lock_balance ≥ 0: trading results, fees checked by the caller. */
  | 'none'
  /** balance − lock_balance stays ≥ 0: money the trader spends or has held. */
  | 'available'
  /** balance stays ≥ 0: a payout of money already held. */
  | 'balance';

export interface AccountChange {
  userId: number;
  /** Signed, added to balance. */
  amount: MicroUsd;
  /** Signed, added to lock_balance. */
  lockAmount: MicroUsd;
  guard: BalanceGuard;
  now: number;
}

type ChangeArgs = Omit<AccountChange, 'guard'>;

/** The conditional UPDATE of a change: only when `guard` (and the lock floor) still holds. */
function guardedUpdate(db: QueryCreator<Database>, guard: BalanceGuard, change: ChangeArgs) {
  return db
    .updateTable('accounts')
    .set((eb) => ({
      balance: eb('balance', '+', change.amount),
      lock_balance: eb('lock_balance', '+', change.lockAmount),
      updated_at: change.now,
      // Every change numbers its transaction's events (bumpChangeSeq: docs/money.md).
      change_seq: eb('change_seq', '+', 1),
    }))
    .where('user_id', '=', change.userId)
    .where((eb) => {
      const newBalance = eb('balance', '+', change.amount);
      const newLock = eb('lock_balance', '+', change.lockAmount);
      const checks: Expression<SqlBool>[] = [eb(newLock, '>=', NO_MONEY)];
      if (guard === 'available') checks.push(eb(newBalance, '>=', newLock));
      if (guard === 'balance') checks.push(eb(newBalance, '>=', NO_MONEY));
      return eb.and(checks);
    });
}

/** The conditional UPDATE of one guard, compiled once (query-template.ts). */
function changeQuery(guard: BalanceGuard) {
  return queryTemplate((trx: Db, change: ChangeArgs) =>
    guardedUpdate(trx, guard, change).returning(['balance', 'lock_balance', 'change_seq']),
  );
}

const CHANGE_QUERIES: Record<BalanceGuard, ReturnType<typeof changeQuery>> = {
  none: changeQuery('none'),
  available: changeQuery('available'),
  balance: changeQuery('balance'),
};

/**
 * Applies a change in one conditional UPDATE, so a guard can never be beaten by a race;
 * returns the new balance and lock, or null when the guard (or the lock floor) refused it.
 */
export async function applyChange(trx: Db, change: AccountChange): Promise<ChangedAccount | null> {
  const [row] = await CHANGE_QUERIES[change.guard](trx, {
    userId: change.userId,
    amount: change.amount,
    lockAmount: change.lockAmount,
    now: change.now,
  });
  return row ? changedAccount(row) : null;
}

/** An account after a change: its balances (micro-USD) and its change sequence. */
export interface ChangedAccount {
  balance: MicroUsd;
  lock: MicroUsd;
  seq: number;
}

function changedAccount(row: { balance: number; lock_balance: number; change_seq: number }): ChangedAccount {
  return {
    balance: microUsd(Number(row.balance)),
    lock: microUsd(Number(row.lock_balance)),
    seq: Number(row.change_seq),
  };
}

const bumpChangeSeqQuery = queryTemplate((trx: Db, a: { userId: number }) =>
  trx
    .updateTable('accounts')
    .set((eb) => ({ change_seq: eb('change_seq', '+', 1) }))
    .where('user_id', '=', a.userId)
    .returning('change_seq'),
);

/**
 * Numbers a transaction that changed orders but no balance (a pending order placed, stops
 * edited): the account's change sequence goes up by one; returns the new value.
 */
export async function bumpChangeSeq(trx: Db, userId: number): Promise<number> {
  const [row] = await bumpChangeSeqQuery(trx, { userId });
  if (!row) throw new Error(`no account for user ${userId}`);
  return Number(row.change_seq);
}

export interface LogRow {
  userId: number;
  kind: string;
  amount: MicroUsd;
  balanceAfter: MicroUsd;
  lockAmount: MicroUsd;
  lockAfter: MicroUsd;
  refType: string | null;
  refId: number | null;
  memo: string | null;
  /** The house account on the other side of the balance move (docs/money.md "Double-entry books"). */
  contra: string;
  /** A part of the house's side booked to another account; the contra takes the rest. */
  split: HouseSplit | null;
  now: number;
}

/** `amount` of a transaction's house side booked to `account` rather than the contra. */
export interface HouseSplit {
  account: string;
  amount: MicroUsd;
}

const insertLogQuery = queryTemplate((trx: Db, row: Omit<LogRow, 'contra' | 'split'>) =>
  trx
    .insertInto('account_logs')
    .values({
      user_id: row.userId,
      type: row.kind,
      amount: row.amount,
      balance_after: row.balanceAfter,
      lock_amount: row.lockAmount,
      lock_after: row.lockAfter,
      ref_type: row.refType,
      ref_id: row.refId,
      memo: row.memo,
      created_at: row.now,
    })
    .returning('id'),
);

const insertContraQuery = queryTemplate(
  (trx: Db, a: { logId: number; contra: string; amount: MicroUsd; now: number }) =>
    trx.insertInto('ledger_entries').values({
      log_id: a.logId,
      account: a.contra,
      amount: a.amount,
      created_at: a.now,
    }),
);

const transactionGapQuery = queryTemplate((trx: Db, a: { logId: number }) =>
  trx
    .selectFrom('account_logs')
    .select(
      sql<number>`account_logs.amount + COALESCE((SELECT SUM(e.amount) FROM ledger_entries e WHERE e.log_id = ${a.logId}), 0)`.as(
        'gap',
      ),
    )
    .where('id', '=', a.logId),
);

/**
 * Writes a log row and, when it moves the balance, the house's entry that balances it; then
 * checks the transaction sums to zero before the caller's transaction may commit (SQLite;
 * PostgreSQL's trigger checks it at commit, migrations/0018-double-entry.ts).
 */
export async function insertLog(trx: Db, row: LogRow): Promise<void> {
  const [logged] = await insertLogQuery(trx, row);
  const logId = Number(logged!.id);
  if (row.amount === 0 && !row.split) return;
  const splitAmount = row.split?.amount ?? 0;
  const contraAmount = microUsd(0 - row.amount - splitAmount);
  await insertContraQuery(trx, { logId, contra: row.contra, amount: contraAmount, now: row.now });
  if (row.split)
    await insertContraQuery(trx, {
      logId,
      contra: row.split.account,
      amount: row.split.amount,
      now: row.now,
    });
  const [check] = await transactionGapQuery(trx, { logId });
  if (Number(check?.gap) !== 0) throw new Error(`unbalanced ledger transaction ${logId}`);
}

/** What a log row says besides the amounts and the balances after (which the change gives). */
export type LogFields = Pick<LogRow, 'kind' | 'refType' | 'refId' | 'memo' | 'contra' | 'split'>;

type ChangeWithLogArgs = ChangeArgs &
  Omit<LogFields, 'split'> & { contraAmount: MicroUsd; splitAccount: string; splitAmount: MicroUsd };

/**
 * PostgreSQL: the change and its log row in one statement (a data-modifying WITH), so a
 * money move costs one round trip, not two; the log row is written only when the UPDATE
 * changed the account, with the balances it left. Parameters in a SELECT list have no type
 * of their own there, hence the casts (numbers to bigint; strings to text, whose assignment
 * to a varchar column still refuses one too long, as a plain INSERT does).
 */
function changeWithLogQuery(guard: BalanceGuard) {
  return queryTemplate((trx: Db, a: ChangeWithLogArgs) =>
    trx
      .with('changed', (db) =>
        guardedUpdate(db, guard, a).returning(['user_id', 'balance', 'lock_balance', 'change_seq']),
      )
      .with('logged', (db) =>
        db
          .insertInto('account_logs')
          .columns([
            'user_id',
            'type',
            'amount',
            'balance_after',
            'lock_amount',
            'lock_after',
            'ref_type',
            'ref_id',
            'memo',
            'created_at',
          ])
          .expression((eb) =>
            eb
              .selectFrom('changed')
              .select([
                'changed.user_id',
                eb.cast<string>(eb.val(a.kind), 'text').as('type'),
                eb.cast<number>(eb.val(a.amount), 'bigint').as('amount'),
                'changed.balance',
                eb.cast<number>(eb.val(a.lockAmount), 'bigint').as('lock_amount'),
                'changed.lock_balance',
                eb.cast<string | null>(eb.val(a.refType), 'text').as('ref_type'),
                eb.cast<number | null>(eb.val(a.refId), 'bigint').as('ref_id'),
                eb.cast<string | null>(eb.val(a.memo), 'text').as('memo'),
                eb.cast<number>(eb.val(a.now), 'bigint').as('created_at'),
              ]),
          )
          .returning(['id', 'amount']),
      )
      // The house's side of the move (none for a move of held funds only).
      .with('booked', (db) =>
        db
          .insertInto('ledger_entries')
          .columns(['log_id', 'account', 'amount', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('logged')
              .select([
                'logged.id',
                eb.cast<string>(eb.val(a.contra), 'text').as('account'),
                eb.cast<number>(eb.val(a.contraAmount), 'bigint').as('amount'),
                eb.cast<number>(eb.val(a.now), 'bigint').as('created_at'),
              ])
              .where(sql<boolean>`(logged.amount <> 0 OR ${a.splitAmount}::bigint <> 0)`),
          ),
      )
      // The part of it booked to another house account (LedgerEntry.split), if any.
      .with('split', (db) =>
        db
          .insertInto('ledger_entries')
          .columns(['log_id', 'account', 'amount', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('logged')
              .select([
                'logged.id',
                eb.cast<string>(eb.val(a.splitAccount), 'text').as('account'),
                eb.cast<number>(eb.val(a.splitAmount), 'bigint').as('amount'),
                eb.cast<number>(eb.val(a.now), 'bigint').as('created_at'),
              ])
              .where(sql<boolean>`${a.splitAmount}::bigint <> 0`),
          ),
      )
      .selectFrom('changed')
      .select(['changed.balance', 'changed.lock_balance', 'changed.change_seq']),
  );
}

const CHANGE_WITH_LOG_QUERIES: Record<BalanceGuard, ReturnType<typeof changeWithLogQuery>> = {
  none: changeWithLogQuery('none'),
  available: changeWithLogQuery('available'),
  balance: changeWithLogQuery('balance'),
};

/**
 * `applyChange` and, when it was applied, `insertLog` with the balances it left: one
 * statement on PostgreSQL (where each is a network round trip inside the account's
 * transaction), the two in turn on SQLite. Null when the guard refused: nothing written.
 */
export async function applyChangeWithLog(
  trx: Db,
  change: AccountChange,
  log: LogFields,
): Promise<ChangedAccount | null> {
  if (isPostgres(trx)) {
    const { split, ...fields } = log;
    const splitAmount = split?.amount ?? microUsd(0);
    const [row] = await CHANGE_WITH_LOG_QUERIES[change.guard](trx, {
      userId: change.userId,
      amount: change.amount,
      lockAmount: change.lockAmount,
      now: change.now,
      contraAmount: microUsd(0 - change.amount - splitAmount),
      splitAccount: split?.account ?? '',
      splitAmount,
      ...fields,
    });
    return row ? changedAccount(row) : null;
  }
  const after = await applyChange(trx, change);
  if (!after) return null;
  await insertLog(trx, {
    userId: change.userId,
    amount: change.amount,
    lockAmount: change.lockAmount,
    balanceAfter: after.balance,
    lockAfter: after.lock,
    now: change.now,
    ...log,
  });
  return after;
}

/** One page of a user's account log, newest first, with the total count. */
export async function pageAccountLogs(db: Db, userId: number, page: number, size: number) {
  const base = db
    .selectFrom('account_logs')
    .where('user_id', '=', userId)
    .where('type', 'not in', HOUSE_ONLY_KINDS);
  const rows = base.selectAll().orderBy('id', 'desc');
  return pageOf(rows, size, (page - 1) * size);
}

/** When the user's last log row of `type` was written (epoch ms), or null if there is none. */
export async function lastLogTime(db: Db, userId: number, type: string): Promise<number | null> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.max<number | string | null>('created_at').as('at'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return row.at === null ? null : Number(row.at);
}

/** Σ of a user's log (balance and lock moves): what the account must equal. */
export async function sumAccountLog(db: Db, userId: number): Promise<{ amount: number; lock: number }> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number | string>('lock_amount'), sql<number>`0`).as('lock'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { amount: Number(row.amount), lock: Number(row.lock) };
}

/**
 * A user's balance at a moment: Σ of the log written before `at` (epoch ms). A statement's
 * opening and closing balances are read this way, so opening + Σ movements = closing holds
 * by construction, to the micro-dollar (docs/statements.md).
 */
export async function balanceBefore(db: Db, userId: number, at: number): Promise<MicroUsd> {
  const row = await db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), sql<number>`0`).as('amount'))
    .where('user_id', '=', userId)
    .where('created_at', '<', at)
    .executeTakeFirstOrThrow();
  return microUsd(Number(row.amount));
}

/** Σ credits and Σ debits of each kind of a user's log in [from, to) (epoch ms). */
export async function sumLogsByKind(
  db: Db,
  userId: number,
  from: number,
  to: number,
): Promise<{ kind: string; credit: MicroUsd; debit: MicroUsd; count: number }[]> {
  const rows = await db
    .selectFrom('account_logs')
    .select((eb) => [
      'type',
      sql<number | string>`COALESCE(SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0)`.as('credit'),
      sql<number | string>`COALESCE(SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END), 0)`.as('debit'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('user_id', '=', userId)
    .where('type', 'not in', HOUSE_ONLY_KINDS)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('type')
    .execute();
  return rows.map((r) => ({
    kind: r.type,
    credit: microUsd(Number(r.credit)),
    debit: microUsd(Number(r.debit)),
    count: Number(r.count),
  }));
}

/**
 * One page of a user's log in [from, to), oldest first, after the row `afterId`: a statement
 * reads the period a page at a time, never whole.
 */
export function pageLogsBetween(
  db: Db,
  userId: number,
  range: { from: number; to: number },
  afterId: number,
  size: number,
) {
  return db
    .selectFrom('account_logs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', 'not in', HOUSE_ONLY_KINDS)
    .where('created_at', '>=', range.from)
    .where('created_at', '<', range.to)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(size)
    .execute();
}
