import { lots, microUsd, points } from '@pipwise/shared';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../apps/server/src/app.js';
import type { DialectName } from '../apps/server/src/core/db/create-db.js';
import { post } from '../apps/server/src/core/money/ledger.js';
import { lockAccount } from '../apps/server/src/core/money/ledger.repository.js';
import { createServer, stopServer } from '../apps/server/src/app.js';
import { createTestDatabase, fundedUser, setQuote } from '../apps/server/test/helper.js';

/**
 * Market orders per second through the whole stack — HTTP request, validation, session,
 * per-user lock, margin check from the database, one transaction (account lock, order, fee,
 * ledger row), engine index — against the same database writes made directly, at the same
 * concurrency, on the same database.
 */

const execFileAsync = promisify(execFile);

const ORDERS = 1_500;
const USERS = 50;
const CONCURRENCY = 16;

/** Runs the load generator in its own process (the server keeps this one to itself). */
async function runClient(job: object): Promise<{ elapsedMs: number }> {
  const client = fileURLToPath(new URL('./http-client.ts', import.meta.url));
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', client, JSON.stringify(job)]);
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { elapsedMs: number };
}

export interface OrderBenchResult {
  httpPerSecond: number;
  rawPerSecond: number;
  /** CPU time of this (the server's) process per order, µs: less noisy than the rates. */
  httpCpuUs: number;
  rawCpuUs: number;
}

/** CPU time (user + system) of this process since `start`, µs. */
function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

export async function benchOrders(dialect: DialectName): Promise<OrderBenchResult> {
  const database = await createTestDatabase(dialect);
  const services = await createServer(database.handle, { SIM_SEED: 1, SIM_TICK_MS: 500 });
  const app = await buildApp(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/api/forex/submit`;
  // Crypto trades around the clock, so the benchmark runs on any day. The same price every
  // second, as a live feed would send it: an order is refused on a quote older than the
  // instrument's limit (docs/market-data.md "Fresh prices"), and funding the users takes longer.
  const quote = () => setQuote(services, 'BTCUSD', 8_750_000, 8_753_000, Date.now());
  quote();
  const feed = setInterval(quote, 1_000);
  try {
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(services, 1_000_000)));
    const body = JSON.stringify({ type: 1, cont: '0.01', forex_id: 26, status: 1, multiple: 20 });

    const job = { url, tokens: users.map((u) => u.token), orders: ORDERS, concurrency: CONCURRENCY, body };
    const httpCpu = process.cpuUsage();
    const { elapsedMs } = await runClient(job);
    const httpCpuUs = cpuSince(httpCpu) / ORDERS;
    const httpPerSecond = ORDERS / (elapsedMs / 1000);

    // The same writes without HTTP, checks or the engine — account lock, order row, fee
    // debit with its ledger row — by CONCURRENCY workers at once, like the HTTP client.
    const rawCpu = process.cpuUsage();
    const rawStart = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ORDERS) {
        const userId = users[next++ % USERS]!.userId;
        await services.core.db.transaction().execute(async (trx) => {
          await lockAccount(trx, userId);
          const row = await trx
            .insertInto('orders')
            .values({
              user_id: userId,
              instrument_id: 26,
              side: 1,
              status: 1,
              lots: lots('0.01'),
              leverage: 20,
              margin_mode: 0,
              open_price: points(8_753_000),
              margin: microUsd(43_765_000),
              fee: microUsd(200_000),
              created_at: Date.now(),
              opened_at: Date.now(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await post(trx, {
            userId,
            kind: 'trade_fee',
            amount: microUsd(200_000),
            ref: { type: 'order', id: Number(row.id) },
            now: Date.now(),
          });
        });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const rawPerSecond = ORDERS / ((performance.now() - rawStart) / 1000);
    return { httpPerSecond, rawPerSecond, httpCpuUs, rawCpuUs: cpuSince(rawCpu) / ORDERS };
  } finally {
    clearInterval(feed);
    await app.close();
    await stopServer(services);
    await database.drop();
  }
}
