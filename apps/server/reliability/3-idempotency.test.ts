import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createDatabase } from '../src/core/db/create-db.js';
import { createServer, stopServer } from '../src/app.js';
import { boundMethod, fundsFixture, proofOf } from '../test/funds-fixtures.js';
import { fundedUser, setQuote, TEST_BACKFILL } from '../test/helper.js';
import { record } from './figures.js';
import { call, instancesOnOneDatabase, type Instance } from './support.js';

/**
 * Item 3, idempotency: each call fired 10× at once with one key (split across two
 * instances), again after a second, and again after an instance restarted — one side
 * effect each; the same key with another body is refused.
 */
describe('3. idempotency', () => {
  let cluster: Awaited<ReturnType<typeof instancesOnOneDatabase>>;
  beforeAll(async () => {
    cluster = await instancesOnOneDatabase(2);
    for (const i of cluster.instances) setQuote(i.services, 'BTCUSD', 8_750_000, 8_753_000);
  });
  afterAll(async () => cluster.close());

  /** Fires `send` 10× at once (half through each instance), once more after 1 s, and returns the answers. */
  async function storm(send: (via: Instance) => Promise<{ code: number; data: any }>) {
    const live = () => {
      for (const i of cluster.instances) setQuote(i.services, 'BTCUSD', 8_750_000, 8_753_000);
    };
    // The same price, still live (docs/market-data.md): the suite's steps take longer than its limit.
    live();
    const first = await Promise.all(Array.from({ length: 10 }, (_, n) => send(cluster.instances[n % 2]!)));
    await new Promise((r) => setTimeout(r, 1_000));
    live();
    const later = await send(cluster.instances[0]!);
    return [...first, later];
  }

  it('gives one side effect per key whatever the repetition, across instances and a restart', async () => {
    const a = cluster.instances[0]!;
    const db = a.services.core.db;
    const f = await fundsFixture(a.services);
    const { userId, token } = await fundedUser(a.services, 10_000);
    const method = await boundMethod(a.services, userId, f.usdt);
    const proof = await proofOf(a.services, userId);
    const keyed = (key: string) => ({ 'idempotency-key': key });
    const order = { type: 1, cont: '0.1', forex_id: 26, status: 1, multiple: 10 };
    const deposit = { number: '100', proofImg: proof, charge_id: f.coin };
    const draw = { draw_currency_id: f.usdt, number: '50', draw_method_id: method };

    const submits = await storm((via) =>
      call(via, 'POST', '/v1/api/forex/submit', token, order, keyed('order-1')),
    );
    const deposits = await storm((via) =>
      call(via, 'POST', '/api/quickCharge/submit', token, deposit, keyed('deposit-1')),
    );
    const draws = await storm((via) => call(via, 'POST', '/api/account/draw', token, draw, keyed('draw-1')));
    const orderId = submits[0]!.data.Id as number;
    const depositId = deposits[0]!.data.id as number;
    const closes = await storm((via) => call(via, 'POST', '/v1/api/forex/close', token, { id: orderId }));
    const approvals = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        cluster.instances[n % 2]!.services.wallet.deposits.approve(depositId, null),
      ),
    );

    // Restart the second instance: the keys are in the database, not in its memory.
    const b = cluster.instances[1]!;
    await b.app.close();
    await stopServer(b.services);
    await b.handle.db.destroy();
    const handle = createDatabase({ url: cluster.database.url, dataDir: '' });
    const services = await createServer(
      handle,
      { SIM_SEED: 42, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    setQuote(services, 'BTCUSD', 8_750_000, 8_753_000);
    const app = await buildApp(services);
    await app.ready();
    cluster.instances[1] = { handle, services, app };
    const restarted = cluster.instances[1];
    const afterRestart = [
      await call(restarted, 'POST', '/v1/api/forex/submit', token, order, keyed('order-1')),
      await call(restarted, 'POST', '/api/quickCharge/submit', token, deposit, keyed('deposit-1')),
      await call(restarted, 'POST', '/api/account/draw', token, draw, keyed('draw-1')),
    ];
    const otherBody = await call(
      restarted,
      'POST',
      '/v1/api/forex/submit',
      token,
      { ...order, type: 2 },
      keyed('order-1'),
    );

    const count = async (table: 'orders' | 'deposits' | 'withdrawals') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Rows that point at a record (the test's starting funds point at none).
    const logCount = async (type: string) =>
      Number(
        (
          await db
            .selectFrom('account_logs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .where('type', '=', type)
            .where('ref_id', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const effects = {
      orders: await count('orders'),
      fees: await logCount('trade_fee'),
      closes: await logCount('trade_profit'),
      deposits: await count('deposits'),
      credits: await logCount('deposit'),
      withdrawals: await count('withdrawals'),
      holds: await logCount('withdraw_hold'),
    };
    const sameAnswer = (answers: { data: any }[], id: (d: any) => unknown) =>
      new Set(answers.map((r) => id(r.data))).size === 1;
    record('3-idempotency', {
      order: 3,
      title: 'Idempotency: 10× at once, again after 1 s and after a restart',
      rows: [
        {
          figure: 'order submit: orders / fees booked',
          value: `${effects.orders} / ${effects.fees}`,
          goal: '1 / 1',
        },
        { figure: 'close 11×: payouts booked', value: effects.closes, goal: '1' },
        { figure: 'deposit declared: records', value: effects.deposits, goal: '1' },
        { figure: 'operator approve 10× at once: credits', value: effects.credits, goal: '1' },
        {
          figure: 'withdrawal: records / holds',
          value: `${effects.withdrawals} / ${effects.holds}`,
          goal: '1 / 1',
        },
        {
          figure: 'same key, other body: refused',
          value: otherBody.code === 2000 ? 'yes' : 'no',
          goal: 'yes',
        },
        {
          figure: 'answers equal to the first (submit, deposit, withdraw; 12 each)',
          value: [
            sameAnswer([...submits, afterRestart[0]!], (d) => d.Id),
            sameAnswer([...deposits, afterRestart[1]!], (d) => d.id),
            sameAnswer([...draws, afterRestart[2]!], (d) => d.id),
          ].every(Boolean)
            ? 'yes'
            : 'no',
          goal: 'yes',
        },
      ],
    });
    expect(effects).toEqual({
      orders: 1,
      fees: 1,
      closes: 1,
      deposits: 1,
      credits: 1,
      withdrawals: 1,
      holds: 1,
    });
    expect(closes.filter((r) => r.code === 1)).toHaveLength(1);
    expect(approvals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(otherBody.code).toBe(2000);
    expect(sameAnswer([...submits, afterRestart[0]!], (d) => d.Id)).toBe(true);
    expect(sameAnswer([...deposits, afterRestart[1]!], (d) => d.id)).toBe(true);
    expect(sameAnswer([...draws, afterRestart[2]!], (d) => d.id)).toBe(true);
  });
});
