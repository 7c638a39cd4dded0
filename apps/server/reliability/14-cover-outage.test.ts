import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedUser } from '../test/helper.js';
import { BTCUSD, postForex, startABookWorld, type ABookWorld } from './a-book-support.js';
import { record, SEED } from './figures.js';
import { checkAccounts, prng, startServer, until, type ServerProcess } from './support.js';

/** Positions opened at the provider, each with a stop loss and a take profit near the market. */
const POSITIONS = Number(process.env.RELIABILITY_COVER_POSITIONS ?? 40);
/** How long the provider's order gateway is down while its prices flow on, ms. */
const OUTAGE_MS = Number(process.env.RELIABILITY_COVER_OUTAGE_MS ?? 20_000);
const USERS = 6;
/** BTC/USD's spread with the markup, in dollars, and a little more. */
const SPREAD = 31;

/** One order request with a fresh idempotency key. */
const post = (port: number, route: 'submit' | 'set_stop_price', token: string, body: object) =>
  postForex(port, route, token, body, `cv-${randomBytes(8).toString('hex')}`);

/**
 * Item 14, covers through a provider outage (docs/execution.md "Covers"): positions opened
 * at the LP simulator carry stops and targets near the market; the provider's order gateway
 * goes down for tens of seconds while its prices flow on, so the engine keeps closing
 * positions here and new orders keep arriving (refused: the gateway is away). When it is
 * back, every cover goes out once. What the house holds at the provider must then equal
 * what the traders hold here, plus the fills recorded unbooked for the dealing desk.
 */
describe('14. Covers through a provider outage', () => {
  let world: ABookWorld;
  beforeAll(async () => {
    world = await startABookWorld({ seed: SEED + 14, execution: { latencyMs: 50 } });
  });
  afterAll(async () => {
    await world?.close();
  });

  it(`keeps the house's position at the provider equal to the books through a ${OUTAGE_MS / 1000} s gateway outage`, async () => {
    const random = prng(SEED + 14);
    const { verifier, lp } = world;
    const users = await Promise.all(Array.from({ length: USERS }, () => fundedUser(verifier, 50_000)));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-cover-'));
    const server: ServerProcess = await startServer({
      DATABASE_URL: world.database.url,
      DATA_DIR: dataDir,
      ...world.fixEnv,
    });
    const port = server.port;
    const db = verifier.core.db;
    try {
      await until(
        'prices and a trading session',
        async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status === 200,
        30_000,
      );

      // Positions at the provider, each with a stop and a target near the market.
      let opened = 0;
      while (opened < POSITIONS) {
        const user = users[opened % USERS]!;
        const side = random() < 0.5 ? 1 : 2;
        const placed = await post(port, 'submit', user.token, {
          type: side,
          cont: '0.01',
          forex_id: BTCUSD,
          status: 1,
          multiple: 20,
        });
        if (placed?.code !== 1) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        opened += 1;
        // A buy opens at the ask and closes at the bid, a spread ($30.20) lower: its stop is
        // set beyond that, its target the same distance beyond where it opened. The market
        // moves meanwhile: a stop it has already passed is refused, and set $10 further out.
        const at = Number(placed.data.OriginPrice);
        let away = 2 + Math.floor(random() * 20);
        for (let attempt = 1; ; attempt++) {
          const [sl, tp] = side === 1 ? [at - SPREAD - away, at + away] : [at + SPREAD + away, at - away];
          const stops = await post(port, 'set_stop_price', user.token, {
            id: placed.data.Id,
            stop_loss_price: sl.toFixed(2),
            target_profit_price: tp.toFixed(2),
          });
          if (stops?.code === 1) break;
          expect(attempt, stops?.msg).toBeLessThan(5);
          away += 10;
        }
      }

      // The order gateway goes down; the engine goes on closing at the stops, orders keep coming.
      const downAt = Date.now();
      lp.setTrading(false);
      let refusedDuringOutage = 0;
      let acceptedDuringOutage = 0;
      while (Date.now() - downAt < OUTAGE_MS) {
        const user = users[Math.floor(random() * USERS)]!;
        const answer = await post(port, 'submit', user.token, {
          type: 1,
          cont: '0.01',
          forex_id: BTCUSD,
          status: 1,
          multiple: 20,
        });
        if (answer?.code === 1) acceptedDuringOutage += 1;
        else refusedDuringOutage += 1;
        await new Promise((r) => setTimeout(r, 500));
      }
      const closedDuringOutage = await db
        .selectFrom('orders')
        .select('id')
        .where('instrument_id', '=', BTCUSD)
        .where('close_reason', 'in', ['tp', 'sl'])
        .where('closed_at', '>=', downAt)
        .execute();
      lp.setTrading(true);
      const backAt = Date.now();

      // Every execution resolved and every cover sent once the gateway is back.
      await until(
        'every cover and order resolved',
        async () =>
          (
            await db
              .selectFrom('executions')
              .select('id')
              .where('state', 'in', ['queued', 'sent', 'timed_out'])
              .execute()
          ).length === 0,
        90_000,
      );
      const coverMs = Date.now() - backAt;
      await server.kill('SIGTERM');

      // What the house holds at the provider: every fill, signed.
      const units = (side: number, qty: string | number) =>
        (side === 1 ? 1 : -1) * Math.round(Number(qty) * 100);
      const atProvider = lp.fills.reduce((sum, f) => sum + units(f.side, f.quantity), 0);
      const executions = await db.selectFrom('executions').selectAll().execute();
      const openedThere = new Set(
        executions.filter((e) => e.purpose === 'open' && e.state === 'booked').map((e) => Number(e.order_id)),
      );
      const orders = await db.selectFrom('orders').selectAll().where('instrument_id', '=', BTCUSD).execute();
      // What the traders hold here of what was filled there, and fills the desk must offset.
      const heldHere = orders
        .filter((o) => o.status === 1 && openedThere.has(Number(o.id)))
        .reduce((sum, o) => sum + units(o.side, o.lots), 0);
      const unbooked = executions
        .filter((e) => e.state === 'unbooked')
        .reduce((sum, e) => sum + units(e.side, e.filled_lots ?? 0), 0);
      // Each position the engine closed here has exactly one filled cover.
      const closedHere = orders.filter(
        (o) => o.status === 3 && o.close_reason !== 'manual' && openedThere.has(Number(o.id)),
      );
      const coversOf = (id: number) =>
        executions.filter((e) => e.purpose === 'cover' && e.state === 'booked' && Number(e.order_id) === id)
          .length;
      const notCoveredOnce = closedHere.filter((o) => coversOf(Number(o.id)) !== 1).length;
      const coverAttempts = executions.filter((e) => e.purpose === 'cover').length;
      const check = await checkAccounts(verifier);
      fs.rmSync(dataDir, { recursive: true, force: true });

      record('14-cover-outage', {
        order: 14,
        title: 'A-book covers: stops and targets closing here while the provider’s order gateway is down',
        rows: [
          { figure: 'positions opened at the provider', value: POSITIONS },
          { figure: 'gateway outage', value: `${OUTAGE_MS / 1000} s` },
          {
            figure: 'closed here by a stop or target during the outage',
            value: closedDuringOutage.length,
            goal: '> 0',
          },
          {
            figure: 'orders refused / accepted during the outage',
            value: `${refusedDuringOutage} / ${acceptedDuringOutage}`,
          },
          {
            figure: 'closed here in all / cover orders sent',
            value: `${closedHere.length} / ${coverAttempts}`,
          },
          { figure: 'all covered after the gateway came back', value: `${(coverMs / 1000).toFixed(1)} s` },
          { figure: 'closed here without exactly one filled cover', value: notCoveredOnce, goal: '0' },
          {
            figure: 'house at the provider − (traders here + unbooked), BTC × 100',
            value: atProvider - (heldHere + unbooked),
            goal: '0',
          },
          { figure: 'balance ≠ Σ log', value: check.balanceMismatch + check.lockMismatch, goal: '0' },
        ],
      });
      expect(closedDuringOutage.length).toBeGreaterThan(0);
      expect(acceptedDuringOutage).toBe(0);
      expect(notCoveredOnce).toBe(0);
      expect(atProvider).toBe(heldHere + unbooked);
      expect(check.balanceMismatch + check.lockMismatch).toBe(0);
    } finally {
      await server.kill('SIGTERM').catch(() => undefined);
    }
  }, 300_000);
});
