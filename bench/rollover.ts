import { microUsd, OrderStatus } from '@pipwise/shared';
import type { DialectName } from '../apps/server/src/core/db/create-db.js';
import { post } from '../apps/server/src/core/money/ledger.js';
import { lockAccount } from '../apps/server/src/core/money/ledger.repository.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { latestRollover } from '../apps/server/src/modules/trading/financing/rollover-calendar.js';
import { createTestDatabase, fundedUser, setQuote } from '../apps/server/test/helper.js';
import { openBtcBook, owedOnly } from '../apps/server/test/rollover-fixtures.js';

/**
 * The daily rollover (docs/money.md "The rollover") over BENCH_ROLLOVER_POSITIONS open
 * positions (default 200,000, on 2,000 accounts): the job — owed positions paged from the
 * database, each priced, charged in its account's transaction with its marker, the order's
 * running swap, the ledger row and its event — against a raw loop of the same writes per
 * position (lock the account, marker, order, ledger row), at the same concurrency, on a
 * second book of the same size in the same database.
 */

const POSITIONS = Number(process.env.BENCH_ROLLOVER_POSITIONS ?? 200_000);
const ACCOUNTS = Math.max(1, Math.min(2_000, Math.floor(POSITIONS / 10)));
const WORKERS = 4;

export interface RolloverBenchResult {
  positions: number;
  jobPerSecond: number;
  rawPerSecond: number;
}

export async function benchRollover(dialect: DialectName): Promise<RolloverBenchResult> {
  const database = await createTestDatabase(dialect);
  const rollover = latestRollover(Date.now());
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 60_000 });
  const db = services.core.db;
  try {
    setQuote(services, 'BTCUSD', 8_750_000, 8_753_000, Date.now());
    const users: number[] = [];
    for (let u = 0; u < ACCOUNTS; u++) users.push((await fundedUser(services, 1_000_000)).userId);
    await owedOnly(db, rollover);

    // The raw loop first, on its own book, with the amount the job would compute.
    const rawIds = await openBtcBook(db, users, POSITIONS, rollover.at - 3_600_000);
    const userOf = new Map<number, number>();
    for (const [k, id] of rawIds.entries()) userOf.set(id, users[k % users.length]!);
    const amount = microUsd(-486);
    let next = 0;
    const rawStart = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (next < rawIds.length) {
          const id = rawIds[next++]!;
          const userId = userOf.get(id)!;
          await db.transaction().execute(async (trx) => {
            await lockAccount(trx, userId);
            await trx
              .insertInto('swap_charges')
              .values({
                order_id: id,
                trading_day: 'raw',
                user_id: userId,
                nights: 1,
                amount,
                charged_at: Date.now(),
              })
              .execute();
            await trx
              .updateTable('orders')
              .set((eb) => ({ swap: eb('swap', '+', amount) }))
              .where('id', '=', id)
              .execute();
            await post(trx, { userId, kind: 'swap', amount, ref: { type: 'order', id }, now: Date.now() });
          });
        }
      }),
    );
    const rawMs = performance.now() - rawStart;
    // Out of the job's way: the raw book is closed before the job runs.
    await db
      .updateTable('orders')
      .set({ status: OrderStatus.Closed, closed_at: rollover.at - 1 })
      .execute();

    await openBtcBook(db, users, POSITIONS, rollover.at - 3_600_000);
    const jobStart = performance.now();
    const run = await services.trading.rollover.runDue();
    const jobMs = performance.now() - jobStart;
    if (run.charged !== POSITIONS) throw new Error(`the job charged ${run.charged} of ${POSITIONS}`);
    return {
      positions: POSITIONS,
      jobPerSecond: (POSITIONS / jobMs) * 1_000,
      rawPerSecond: (POSITIONS / rawMs) * 1_000,
    };
  } finally {
    await stopServer(services);
    await database.drop();
  }
}
