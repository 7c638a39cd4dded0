import fs from 'node:fs';
import {
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSetUserGroupEndpoint,
  type AdminGroup,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../../../scripts/haproxy.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import { createOperator, OPERATOR_PASSWORD, totpCode } from '../test/admin-fixtures.js';
import { groupBody } from '../test/group-fixtures.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import {
  describeReply,
  envelopeOf,
  nextClient,
  send,
  verdictOf,
  type Reply,
  type Verdict,
} from './back-office-support.js';
import { record } from './figures.js';
import {
  balanceInstances,
  checkAccounts,
  scaledInstanceEnv,
  startRedis,
  startServer,
  until,
  type ServerProcess,
} from './support.js';

/** How long Redis stays down. */
const OUTAGE_MS = Number(process.env.RELIABILITY_GROUPS_OUTAGE_MS ?? 20_000);
/** How long the instances may take to trade again once Redis is back. */
const RECOVERY_MS = Number(process.env.RELIABILITY_GROUPS_RECOVERY_MS ?? 30_000);
/** Orders sent through the balancer after each change, two at a time (both instances serve). */
const ORDERS = Number(process.env.RELIABILITY_GROUPS_ORDERS ?? 6);
const BTC = 26;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Item 18, trading groups through the real entry point: two instances (both may run the
 * engine) on PostgreSQL and a private Redis behind HAProxy. An operator creates a group with
 * a markup through the balancer and moves a trader into it; orders through the balancer, on
 * whichever instance takes them, open at the group's price. Then Redis is stopped for tens of
 * seconds with orders and edits arriving; meanwhile the group's markup is changed by a
 * back-office process outside the cluster (its message reaches nobody). Once Redis is back,
 * no order is priced on the terms the instances had kept before the outage.
 */
describe('18. trading groups through the balancer, and a Redis outage', () => {
  let database: TestDatabase;
  let verifier: Server;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let balancer: Balancer;
  const instances: Record<string, ServerProcess> = {};
  const dirs: string[] = [];
  const figures: { figure: string; value: number | string; goal?: string }[] = [];
  let trader: { userId: number; token: string };
  let admin = '';
  let groupId = 0;

  const post = (url: string, body: object, o: { token?: string; bearer?: string } = {}) =>
    send(balancer.port, 'POST', url, { ...o, body, from: nextClient() });
  const order = { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 };

  /** `ORDERS` buys through the balancer, two at a time; the group markup each was booked on. */
  async function buys(): Promise<{ verdicts: Verdict[]; markups: number[] }> {
    const verdicts: Verdict[] = [];
    const ids: number[] = [];
    for (let n = 0; n < ORDERS; n += 2) {
      const round = await Promise.all([0, 1].map(() => post('/v1/api/forex/submit', order, trader)));
      for (const r of round) {
        verdicts.push(verdictOf(r));
        const e = envelopeOf(r);
        if (e?.code === 1) ids.push((e.data as { Id: number }).Id);
      }
    }
    const rows = ids.length
      ? await verifier.core.db.selectFrom('orders').select('group_markup').where('id', 'in', ids).execute()
      : [];
    return { verdicts, markups: rows.map((r) => Number(r.group_markup)) };
  }

  /** Sets the group's markup on BTC through the balancer, as an operator does. */
  const markupThroughBalancer = async (points: number) => {
    const r = await post(
      adminSaveGroupConditionEndpoint.path,
      { group_id: groupId, instrument_id: BTC, markup_points: points },
      { bearer: admin },
    );
    expect(envelopeOf(r)?.code, describeReply(r)).toBe(1);
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 18, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    redis = await startRedis();
    for (const name of ['one', 'two'])
      instances[name] = await startServer(
        scaledInstanceEnv({
          databaseUrl: database.url,
          redisUrl: redis.url,
          id: `groups-${name}`,
          role: 'all',
          dirs,
        }),
      );
    balancer = await balanceInstances(instances);
    const op = await createOperator(verifier, 'admin');
    const login = await post('/api/admin/auth/login', {
      email: op.email,
      password: OPERATOR_PASSWORD,
      totp_code: await totpCode(verifier, op.totpSecret!),
    });
    expect(envelopeOf(login)?.code, describeReply(login)).toBe(1);
    admin = (envelopeOf(login)!.data as { token: string }).token;
    trader = await fundedUser(verifier, 100_000);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const p of Object.values(instances)) await p.kill();
    await redis?.stop();
    record('18-group-terms-balancer', {
      order: 18,
      title: 'Trading groups through the balancer, and a Redis outage',
      rows: figures,
      notes: [
        `Two instances (both may run the engine) on PostgreSQL and a private Redis behind HAProxy; ${ORDERS} BTC/USD buys through the balancer after each change, two at a time; Redis stopped for ${OUTAGE_MS / 1000} s (RELIABILITY_GROUPS_OUTAGE_MS) with an order and a condition edit through the balancer every 0.5 s, and the markup changed meanwhile by a back-office process outside the cluster.`,
      ],
    });
    if (verifier) await stopServer(verifier);
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a group through the balancer, moves the trader in, and every instance opens at its price', async () => {
    const saved = await post(adminSaveGroupEndpoint.path, groupBody('Balancer wide'), { bearer: admin });
    expect(envelopeOf(saved)?.code, describeReply(saved)).toBe(1);
    groupId = (envelopeOf(saved)!.data as AdminGroup).id;
    await markupThroughBalancer(10);
    const moved = await post(
      adminSetUserGroupEndpoint.path,
      { id: trader.userId, group_id: groupId, reason: 'reliability 18' },
      { bearer: admin },
    );
    expect(envelopeOf(moved)?.code, describeReply(moved)).toBe(1);

    // The trader cannot edit a group, through any instance.
    const own = await post(
      adminSaveGroupConditionEndpoint.path,
      { group_id: groupId, instrument_id: BTC, markup_points: 0 },
      { token: trader.token },
    );
    expect(verdictOf(own), describeReply(own)).toBe('refused');

    const first = await buys();
    expect(
      first.verdicts.every((v) => v === 'ok'),
      first.verdicts.join(),
    ).toBe(true);
    expect(new Set(first.markups)).toEqual(new Set([10]));
    // An edit through the balancer reaches the other instance over Redis within moments.
    await markupThroughBalancer(20);
    await sleep(500);
    const second = await buys();
    expect(new Set(second.markups)).toEqual(new Set([20]));
    figures.push(
      { figure: 'buys through the balancer at the first markup (10 points)', value: first.markups.length },
      {
        figure: 'buys 0.5 s after an edit through the balancer, at its markup (20)',
        value: second.markups.length,
      },
    );
  });

  it(`prices no order on kept terms after ${OUTAGE_MS / 1000} s without Redis and an edit nobody heard`, async () => {
    const byVerdict = new Map<Verdict, number>();
    const bad: string[] = [];
    /** Orders booked during the outage, with the markup last written before each was sent. */
    const bookedDuring: { id: number; expected: number }[] = [];
    const tallied = (r: Reply, when: string) => {
      const verdict = verdictOf(r);
      byVerdict.set(verdict, (byVerdict.get(verdict) ?? 0) + 1);
      if (verdict !== 'ok' && verdict !== 'balancer-503' && verdict !== 'refused')
        bad.push(`${when}: ${verdict} ${describeReply(r)}`);
      return verdict;
    };
    let markupNow = 20;
    let editedOutside = false;

    await redis.stop();
    const stoppedAt = Date.now();
    for (let round = 0; Date.now() - stoppedAt < OUTAGE_MS; round++) {
      const at = `${Date.now() - stoppedAt} ms`;
      if (!editedOutside && Date.now() - stoppedAt > OUTAGE_MS / 2) {
        // Halfway, the markup changes where no instance hears of it: a back office outside
        // the cluster writes it (and no edit through the balancer follows).
        await verifier.core.db
          .updateTable('group_conditions')
          .set({ markup: 40, updated_at: Date.now() })
          .where('group_id', '=', groupId)
          .where('instrument_id', '=', BTC)
          .execute();
        editedOutside = true;
        markupNow = 40;
      } else if (!editedOutside) {
        // An operator's edit through the balancer (30, 35, 30, …): one instance writes it,
        // the other cannot hear of it.
        const next = round % 2 === 0 ? 30 : 35;
        const edit = await post(
          adminSaveGroupConditionEndpoint.path,
          { group_id: groupId, instrument_id: BTC, markup_points: next },
          { bearer: admin },
        );
        if (tallied(edit, at) === 'ok') markupNow = next;
      }
      const buy = await post('/v1/api/forex/submit', order, trader);
      if (tallied(buy, at) === 'ok')
        bookedDuring.push({ id: (envelopeOf(buy)!.data as { Id: number }).Id, expected: markupNow });
      await sleep(500);
    }

    redis = await startRedis(redis.port);
    const restartedAt = Date.now();
    let tradingAgainMs = -1;
    let firstAfter = 0;
    await until(
      'an order through the balancer to be booked again',
      async () => {
        const r = await post('/v1/api/forex/submit', order, trader);
        const verdict = verdictOf(r);
        if (verdict !== 'ok' && verdict !== 'balancer-503' && verdict !== 'refused')
          bad.push(`after: ${verdict} ${describeReply(r)}`);
        if (verdict !== 'ok') return false;
        tradingAgainMs = Date.now() - restartedAt;
        firstAfter = (envelopeOf(r)!.data as { Id: number }).Id;
        return true;
      },
      RECOVERY_MS,
    );
    // The first order after the outage and every one after it: the markup written outside.
    const after = await buys();
    const firstRow = await verifier.core.db
      .selectFrom('orders')
      .select(['group_markup', 'open_price'])
      .where('id', '=', firstAfter)
      .executeTakeFirstOrThrow();
    const conditions = await send(balancer.port, 'GET', '/v1/api/main/account/conditions', {
      token: trader.token,
    });
    const onBtc = (
      envelopeOf(conditions)?.data as { instruments: { id: number; markup_points: number }[] }
    ).instruments.find((i) => i.id === BTC);
    const booked = bookedDuring.length
      ? await verifier.core.db
          .selectFrom('orders')
          .select(['id', 'group_markup'])
          .where(
            'id',
            'in',
            bookedDuring.map((b) => b.id),
          )
          .execute()
      : [];
    const markupOf = new Map(booked.map((r) => [Number(r.id), Number(r.group_markup)]));
    const wrongDuring = bookedDuring
      .filter((b) => markupOf.get(b.id) !== b.expected)
      .map((b) => `order ${b.id}: ${markupOf.get(b.id)}, expected ${b.expected}`);
    const check = await checkAccounts(verifier);
    const mismatches = check.balanceMismatch + check.lockMismatch + check.holdMismatch;

    const tally = [...byVerdict.entries()].map(([k, n]) => `${k}: ${n}`).join(', ');
    figures.push(
      { figure: 'Redis outage, s', value: OUTAGE_MS / 1000 },
      { figure: 'orders and edits through the balancer during the outage, by verdict', value: tally },
      { figure: 'resets, 5xx from an instance, malformed answers', value: bad.length, goal: '0' },
      { figure: 'orders booked during the outage', value: bookedDuring.length },
      {
        figure: 'of them on a markup other than the one last written before they were sent',
        value: wrongDuring.length,
        goal: '0',
      },
      {
        figure: 'an order booked again after Redis returned, ms',
        value: tradingAgainMs,
        goal: `≤ ${RECOVERY_MS}`,
      },
      {
        figure: 'markup of the first order after the outage / of the next ones (written outside: 40)',
        value: `${Number(firstRow.group_markup)} / ${[...new Set(after.markups)].join(', ')}`,
        goal: '40 / 40',
      },
      { figure: 'the trader’s conditions after the outage: BTC markup', value: onBtc?.markup_points ?? '-' },
      { figure: 'accounts whose balance or holds differ from their ledger', value: mismatches, goal: '0' },
    );

    expect(bad, bad.join('\n')).toEqual([]);
    // Every order booked during the outage (while the balancer still let some through) was
    // priced on the markup of the moment, never on one an instance kept from before.
    expect(wrongDuring).toEqual([]);
    expect(Number(firstRow.group_markup)).toBe(40);
    expect(new Set(after.markups)).toEqual(new Set([40]));
    expect(onBtc?.markup_points).toBe(40);
    expect(mismatches).toBe(0);
  });
});
