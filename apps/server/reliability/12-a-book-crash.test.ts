import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { checkAccounts, prng, startServer, type ServerProcess } from './support.js';

const ITERATIONS = Number(process.env.RELIABILITY_ABOOK_CRASHES ?? 4);
const USERS = 6;
const WORKERS = 8;

/** Waits until /ready answers 200: the provider's prices are live (the trading session logs on beside them). */
async function ready(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status !== 200) {
    if (Date.now() > deadline) throw new Error('the server never became ready');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * Item 12, A-book under crashes (docs/execution.md): the server sends every BTC/USD order
 * to the LP simulator over FIX, which fills after 150-400 ms, and is killed (SIGKILL) while
 * orders are in flight, then restarted on its stored FIX sequence numbers; clients retry
 * what was not answered with the same idempotency keys. Once every execution is resolved
 * the books must hold exactly the provider's fills: each fill booked once at its price plus
 * the markup, or recorded unbooked, and no position the provider did not fill.
 */
describe('12. A-book orders in flight at a crash', () => {
  let world: ABookWorld;
  beforeAll(async () => {
    world = await startABookWorld({ seed: SEED, execution: { latencyMs: 250 } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it(`books exactly the provider's fills over ${ITERATIONS} kill -9 with orders in flight`, async () => {
    const random = prng(SEED + 12);
    const { verifier, lp } = world;
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(verifier, 50_000)));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-a-book-crash-'));
    const env = { DATABASE_URL: world.database.url, SIM_TICK_MS: '100', DATA_DIR: dataDir, ...world.fixEnv };
    const sent: SentOrder[] = [];
    let server: ServerProcess = await startServer(env);
    let inFlightAtKill = 0;

    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      // The flood starts once the server is ready: prices live from the provider's session.
      await ready(server.port);
      const flood = floodOrders({
        port: server.port,
        users,
        random,
        workers: WORKERS,
        keyPrefix: 'ab',
        sent,
        endOnSilence: true,
      });
      await new Promise((r) => setTimeout(r, 1_500 + Math.floor(random() * 1_500)));
      inFlightAtKill += flood.waiting();
      await server.kill('SIGKILL');
      await flood.stop();
      server = await startServer(env);
    }

    // Clients retry what they never heard back about, with the same key and body, until the
    // answer is final (an order still being confirmed is asked again); then every execution is
    // resolved by the provider's word (the restarted server asks at logon).
    const retried = await retryUntilFinal(server.port, sent);
    await allResolved(verifier);
    await server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });

    // Every figure but `unbooked` counts a fault.
    const { unbooked, ...faults } = await booksAgainstFills(world, sent);
    const { fillsNotBooked, bookedWithoutFill, positionsWithoutFill, priceMismatch, lost } = faults;
    const check = await checkAccounts(verifier);
    record('12-a-book-crash', {
      order: 12,
      title: 'A-book: kill -9 with orders in flight at the provider, restart, retries with keys',
      rows: [
        { figure: 'kill -9 of the server', value: ITERATIONS, goal: '≥ 4' },
        { figure: 'orders sent (BTC/USD, A-book)', value: sent.length },
        { figure: 'in flight at a kill', value: inFlightAtKill },
        { figure: 'retries with their key', value: retried },
        { figure: 'provider fills', value: lp.fills.length },
        {
          figure: 'fills booked once / recorded unbooked',
          value: `${lp.fills.length - fillsNotBooked - unbooked} / ${unbooked}`,
        },
        { figure: 'fills neither booked nor recorded', value: fillsNotBooked, goal: '0' },
        {
          figure: 'booked without a provider fill',
          value: bookedWithoutFill + positionsWithoutFill,
          goal: '0',
        },
        { figure: 'booked at another price or size than filled', value: priceMismatch, goal: '0' },
        { figure: 'acknowledged but not on the books', value: lost, goal: '0' },
        { figure: 'balance ≠ Σ log', value: check.balanceMismatch + check.lockMismatch, goal: '0' },
      ],
    });
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(lp.fills.length).toBeGreaterThan(0);
    expect(faults).toEqual({
      fillsNotBooked: 0,
      priceMismatch: 0,
      bookedWithoutFill: 0,
      positionsWithoutFill: 0,
      lost: 0,
      filledTwice: 0,
    });
    expect(check.balanceMismatch + check.lockMismatch).toBe(0);
  }, 300_000);
});
