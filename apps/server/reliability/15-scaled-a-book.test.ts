import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../../../scripts/haproxy.js';
import { fundedUser } from '../test/helper.js';
import {
  allResolved,
  booksAgainstFills,
  floodOrders,
  retryUntilFinal,
  startABookWorld,
  type ABookWorld,
  type SentOrder,
} from './a-book-support.js';
import { record, SEED } from './figures.js';
import {
  balanceInstances,
  checkAccounts,
  prng,
  scaledInstanceEnv,
  startRedis,
  startServer,
  until,
  type ServerProcess,
} from './support.js';

/** How many times the engine's process is killed while orders flow (each moves the sessions). */
const KILLS = Number(process.env.RELIABILITY_SCALED_ABOOK_KILLS ?? 2);
const USERS = 6;
const WORKERS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Item 15, A-book in the scaled shape (docs/execution.md "In the scaled shape"): three
 * instances on PostgreSQL and a private Redis behind HAProxy — two that may run the engine,
 * one that only serves. Only the engine's instance holds the provider's sessions (prices and
 * orders, the LP simulator filling in 250 ms); the others forward their traders' A-book
 * orders to it. Orders flow through the balancer while the engine's process is killed
 * (SIGKILL) with orders in flight: the standby takes over, logs on to the provider on the
 * sequence numbers stored in the database (no reset), and the books must still hold exactly
 * the provider's fills.
 */
describe('15. A-book in the scaled shape: the engine killed with orders in flight', () => {
  let world: ABookWorld;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let balancer: Balancer;
  const instances: Record<string, ServerProcess> = {};
  const dirs: string[] = [];

  const env = (name: string, role: 'all' | 'api') => ({
    ...scaledInstanceEnv({
      databaseUrl: world.database.url,
      redisUrl: redis.url,
      id: `sab-${name}`,
      role,
      dirs,
    }),
    ...world.fixEnv,
  });
  const lease = async () =>
    (await world.verifier.core.db.selectFrom('engine_leases').selectAll().executeTakeFirst()) ?? {
      holder: '',
      epoch: 0,
    };

  beforeAll(async () => {
    world = await startABookWorld({ seed: SEED + 15, execution: { latencyMs: 250 } });
    redis = await startRedis();
    instances.one = await startServer(env('one', 'all'));
    await until('an engine', async () => (await lease()).holder === 'sab-one', 15_000);
    instances.two = await startServer(env('two', 'all'));
    instances.api = await startServer(env('api', 'api'));
    balancer = await balanceInstances(instances);
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    for (const p of Object.values(instances)) await p.kill();
    await redis?.stop();
    await world?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`books exactly the provider's fills through ${KILLS} engine kills, the sessions resumed each time`, async () => {
    const random = prng(SEED + 15);
    const { verifier, lp } = world;
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(verifier, 50_000)));
    const sent: SentOrder[] = [];
    const flood = floodOrders({
      port: balancer.port,
      users,
      random,
      workers: WORKERS,
      keyPrefix: 'sab',
      sent,
      endOnSilence: false,
    });

    let inFlightAtKill = 0;
    const failovers: number[] = [];
    const resumedLogons: { seqNum: number; resetSeqNum: boolean }[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await sleep(3_000 + Math.floor(random() * 2_000));
      const before = await lease();
      const victim = before.holder === 'sab-one' ? 'one' : 'two';
      const logonsBefore = lp.logons.length;
      inFlightAtKill += flood.waiting();
      const killedAt = Date.now();
      await instances[victim]!.kill('SIGKILL');
      await until('a new engine', async () => Number((await lease()).epoch) > Number(before.epoch), 20_000);
      // Its sessions to the provider: market data and trading, both logged on again.
      await until('the new engine’s two logons', () => lp.logons.length >= logonsBefore + 2, 20_000);
      failovers.push(Date.now() - killedAt);
      resumedLogons.push(...lp.logons.slice(logonsBefore));
      // The killed one comes back as the standby, for the next kill.
      instances[victim] = await startServer(env(`${victim}-${kill}`, 'all'));
    }
    await sleep(3_000);
    await flood.stop();

    // Clients retry what got no final answer with the same key; the engine resolves the rest.
    const retried = await retryUntilFinal(balancer.port, sent, 90_000);
    await allResolved(verifier, 90_000);
    const { unbooked, ...faults } = await booksAgainstFills(world, sent);
    const check = await checkAccounts(verifier);
    const resets = resumedLogons.filter((l) => l.resetSeqNum).length;
    const executions = await verifier.core.db.selectFrom('executions').select('state').execute();
    record('15-scaled-a-book', {
      order: 15,
      title:
        'A-book in the scaled shape: the engine holding the provider’s sessions killed with orders in flight',
      rows: [
        { figure: 'kill -9 of the engine', value: KILLS, goal: '≥ 2' },
        { figure: 'orders sent through the balancer (BTC/USD, A-book)', value: sent.length },
        { figure: 'in flight at a kill', value: inFlightAtKill },
        { figure: 'refused meanwhile (no engine, not confirmed in time)', value: flood.refused() },
        { figure: 'retries with their key', value: retried },
        { figure: 'executions / provider fills', value: `${executions.length} / ${lp.fills.length}` },
        { figure: 'kill to both sessions logged on again, ms (worst)', value: Math.max(...failovers) },
        { figure: 'logons after a takeover that reset the sequence', value: resets, goal: '0' },
        {
          figure: 'fills booked once / recorded unbooked',
          value: `${lp.fills.length - faults.fillsNotBooked - unbooked} / ${unbooked}`,
        },
        { figure: 'fills neither booked nor recorded', value: faults.fillsNotBooked, goal: '0' },
        { figure: 'an order filled twice at the provider', value: faults.filledTwice, goal: '0' },
        {
          figure: 'booked without a provider fill',
          value: faults.bookedWithoutFill + faults.positionsWithoutFill,
          goal: '0',
        },
        { figure: 'booked at another price or size than filled', value: faults.priceMismatch, goal: '0' },
        { figure: 'acknowledged but not on the books', value: faults.lost, goal: '0' },
        { figure: 'balance ≠ Σ log', value: check.balanceMismatch + check.lockMismatch, goal: '0' },
      ],
      notes: [
        'Three instances (two may run the engine, one API only) on PostgreSQL and a private Redis behind HAProxy; the LP simulator fills in 250 ms; RELIABILITY_SCALED_ABOOK_KILLS sets the kills.',
      ],
    });
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(lp.fills.length).toBeGreaterThan(0);
    expect(resets).toBe(0);
    expect(faults).toEqual({
      fillsNotBooked: 0,
      priceMismatch: 0,
      bookedWithoutFill: 0,
      positionsWithoutFill: 0,
      lost: 0,
      filledTwice: 0,
    });
    expect(check.balanceMismatch + check.lockMismatch).toBe(0);
  }, 400_000);
});
