import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase, type DatabaseHandle } from '../src/core/db/create-db.js';
import { createServer, type Server } from '../src/app.js';
import {
  createTestDatabase,
  envelope,
  fundedUser,
  ledgerOf,
  setQuote,
  TEST_BACKFILL,
  type TestDatabase,
  weekdayClock,
} from './helper.js';
import { boundMethod, fundsFixture } from './funds-fixtures.js';

/** BTCUSD: 0.1 lot at 87,530 / leverage 20 = 437.65 margin, 2 USD fee, 3 USD spread at open. */
const BTC = 26;
const ORDER = { type: 1, cont: '0.1', forex_id: BTC, status: 1, multiple: 20 };
const COST_PER_ORDER = 437.65 + 2 + 3;

interface Instance {
  handle: DatabaseHandle;
  services: Server;
  app: FastifyInstance;
}

/**
 * Two server instances on one PostgreSQL database, as two processes would run them: each
 * with its own connection pool, engine, index and locks; they share nothing but the database.
 */
describe('two instances on one PostgreSQL database (docs/money.md "One authority")', () => {
  let database: TestDatabase;
  let instances: Instance[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    instances = [];
    for (let i = 0; i < 2; i++) {
      const handle = i === 0 ? database.handle : createDatabase({ url: database.url, dataDir: '' });
      const services = await createServer(
        handle,
        { SIM_SEED: 42, SIM_TICK_MS: 500 },
        { backfill: TEST_BACKFILL, now: weekdayClock },
      );
      const app = await buildApp(services);
      await app.ready();
      instances.push({ handle, services, app });
    }
  });

  afterAll(async () => {
    for (const { app, services, handle } of instances.reverse()) {
      await app.close();
      services.hub.stop();
      await services.trading.engine.settle();
      if (handle !== database.handle) await handle.db.destroy();
    }
    await database.drop();
  });

  const quote = (bid: number, ask: number) => {
    for (const { services } of instances) setQuote(services, 'BTCUSD', bid, ask);
  };
  const call = (i: number, method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    instances[i]!.app.inject({
      method,
      url,
      headers: { lang: 'en', authorization: token },
      ...(payload ? { payload } : {}),
    }).then(envelope);

  it('100 orders across both instances against a balance for exactly k: k accepted, one payout per close', async () => {
    quote(8_750_000, 8_753_000);
    const k = 7;
    const { userId, token } = await fundedUser(instances[0]!.services, k * COST_PER_ORDER);

    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) => call(n % 2, 'POST', '/v1/api/forex/submit', token, ORDER)),
    );
    const accepted = results.filter((r) => r.code === 1);
    expect(accepted).toHaveLength(k);
    expect(new Set(results.filter((r) => r.code !== 1).map((r) => r.msg))).toEqual(
      new Set(['Not enough free margin for this order']),
    );
    // Both instances accepted some: the lock held across them.
    expect(new Set(results.map((r, n) => (r.code === 1 ? n % 2 : -1)).filter((i) => i >= 0)).size).toBe(2);

    // Both report the same figures, whichever opened what.
    const [a, b] = await Promise.all(
      [0, 1].map((i) => call(i, 'GET', '/v1/api/main/account/forexDetail', token)),
    );
    expect(a!.data).toEqual(b!.data);
    expect(a!.data.margin).toBeCloseTo(k * 437.65, 6);

    // Every position closed through both instances at once: each is paid once.
    quote(8_760_000, 8_763_000);
    const closes = await Promise.all(
      accepted.flatMap((r) =>
        [0, 1].map((i) => call(i, 'POST', '/v1/api/forex/close', token, { id: r.data.Id })),
      ),
    );
    expect(closes.filter((r) => r.code === 1)).toHaveLength(k);
    expect(new Set(closes.filter((r) => r.code !== 1).map((r) => r.msg))).toEqual(
      new Set(['This position is no longer open']),
    );
    const payouts = await instances[0]!.services.core.db
      .selectFrom('account_logs')
      .select('ref_id')
      .where('user_id', '=', userId)
      .where('type', '=', 'trade_profit')
      .execute();
    expect(payouts.map((p) => Number(p.ref_id)).sort()).toEqual(accepted.map((r) => r.data.Id).sort());

    const [c, d] = await Promise.all(
      [0, 1].map((i) => call(i, 'GET', '/v1/api/main/account/forexDetail', token)),
    );
    expect(c!.data).toEqual(d!.data);
    const { balance, logSum } = await ledgerOf(instances[0]!.services, userId);
    expect(balance).toBe(logSum);
    // k × (−2 fee + (87,600 − 87,530) × 0.1 = +7 profit) = +5 each.
    expect(balance).toBe(Math.round((k * COST_PER_ORDER + k * 5) * 1_000_000));
  });

  it('100 withdrawals across both instances against a balance for exactly k: k held', async () => {
    const f = await fundsFixture(instances[0]!.services);
    const k = 9;
    const { userId, token } = await fundedUser(instances[0]!.services, k * 20);
    const method = await boundMethod(instances[0]!.services, userId, f.usdt);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        call(n % 2, 'POST', '/api/account/draw', token, {
          draw_currency_id: f.usdt,
          number: '20',
          draw_method_id: method,
        }),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(k);
    const account = await instances[1]!.services.trading.accounts.balances(userId);
    expect(account).toEqual({ balance: k * 20_000_000, lock: k * 20_000_000 });
  });
});
