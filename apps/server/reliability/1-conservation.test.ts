import { microUsd } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error.js';
import { boundMethod, fundsFixture, proofOf } from '../test/funds-fixtures.js';
import { fundedUser, setQuote } from '../test/helper.js';
import { record, SEED } from './figures.js';
import { call, checkAccounts, instancesOnOneDatabase, prng } from './support.js';

const CLIENTS = 64;
const OPERATIONS = Number(process.env.RELIABILITY_OPERATIONS ?? 3_000);
const USERS = 16;
const BTC = 26;

/**
 * Item 1, conservation: 64 clients run thousands of mixed operations — trades, closes,
 * deposits and their reviews, withdrawals and their reviews, operator adjustments, price
 * moves — through two instances on one database; afterwards every account still adds up.
 */
describe('1. conservation across two instances', () => {
  let cluster: Awaited<ReturnType<typeof instancesOnOneDatabase>>;
  beforeAll(async () => {
    cluster = await instancesOnOneDatabase(2);
  });
  afterAll(async () => cluster.close());

  it('balance = Σ log and lock_balance = Σ open holds for every account; no negative balance once flat', async () => {
    const a = cluster.instances[0]!;
    const f = await fundsFixture(a.services);
    let bid = 8_750_000;
    const quote = () => {
      for (const i of cluster.instances) setQuote(i.services, 'BTCUSD', bid, bid + 3000);
    };
    quote();
    const users = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const user = await fundedUser(a.services, 5_000);
        return { ...user, method: await boundMethod(a.services, user.userId, f.usdt) };
      }),
    );
    const random = prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const counts = new Map<string, { tried: number; accepted: number }>();
    const count = (kind: string, ok: boolean) => {
      const c = counts.get(kind) ?? { tried: 0, accepted: 0 };
      c.tried += 1;
      if (ok) c.accepted += 1;
      counts.set(kind, c);
    };
    const unexpected: string[] = [];

    const operation = async (): Promise<void> => {
      const user = pick(users);
      const via = pick(cluster.instances);
      const operator = pick(cluster.instances).services;
      const roll = random();
      try {
        if (roll < 0.25) {
          const r = await call(via, 'POST', '/v1/api/forex/submit', user.token, {
            type: random() < 0.5 ? 1 : 2,
            cont: (Math.ceil(random() * 20) / 100).toFixed(2),
            forex_id: BTC,
            status: 1,
            multiple: pick([5, 10, 20]),
          });
          count('order', r.code === 1);
          if (r.code !== 1 && r.code !== 2000) unexpected.push(`order ${r.code} ${r.msg}`);
        } else if (roll < 0.4) {
          const open = await call(via, 'GET', '/v1/api/forex/my_deal?status=1', user.token);
          const id = open.data?.data?.[0]?.Id as number | undefined;
          if (id)
            count('close', (await call(via, 'POST', '/v1/api/forex/close', user.token, { id })).code === 1);
        } else if (roll < 0.5) {
          bid = Math.max(5_000_000, Math.round(bid * (1 + (random() - 0.5) * 0.04)));
          quote();
          count('tick', true);
        } else if (roll < 0.6) {
          const r = await call(via, 'POST', '/api/quickCharge/submit', user.token, {
            number: (1 + Math.floor(random() * 500)).toString(),
            proofImg: await proofOf(a.services, user.userId),
            charge_id: f.coin,
          });
          count('deposit declared', r.code === 1);
        } else if (roll < 0.7) {
          const pending = await a.services.core.db
            .selectFrom('deposits')
            .select('id')
            .where('status', '=', 0)
            .execute();
          if (pending.length) {
            const id = Number(pick(pending).id);
            const verdict = random();
            await (verdict < 0.6
              ? operator.wallet.deposits.approve(id, null)
              : verdict < 0.8
                ? operator.wallet.deposits.reject(id, null, 'no proof')
                : operator.wallet.deposits.invalidate(id, null, 'duplicate'));
            count('deposit reviewed', true);
          }
        } else if (roll < 0.82) {
          const r = await call(via, 'POST', '/api/account/draw', user.token, {
            draw_currency_id: f.usdt,
            number: (10 + Math.floor(random() * 800)).toString(),
            draw_method_id: user.method,
          });
          count('withdrawal requested', r.code === 1);
        } else if (roll < 0.92) {
          const pending = await a.services.core.db
            .selectFrom('withdrawals')
            .select('id')
            .where('status', '=', 0)
            .execute();
          if (pending.length) {
            const id = Number(pick(pending).id);
            await (random() < 0.5
              ? operator.wallet.withdrawals.approve(id, null)
              : operator.wallet.withdrawals.reject(id, null, 'no'));
            count('withdrawal reviewed', true);
          }
        } else {
          const amount = microUsd(Math.round((random() - 0.4) * 200_000_000));
          const done = await operator.core.transactions.run(user.userId, (tx) =>
            tx.post({
              kind: 'adjustment',
              amount,
              memo: 'reliability run',
              ref: { type: 'operator', id: 0 },
            }),
          );
          count('adjustment', done !== null);
        }
      } catch (err) {
        // Refused reviews (already reviewed by another client) are part of the game.
        if (!(err instanceof AppError)) unexpected.push(String(err));
        else count(`refused: ${err.key}`, false);
      }
    };

    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next++ < OPERATIONS) await operation();
      }),
    );
    const elapsedMs = Date.now() - started;
    for (const i of cluster.instances) await i.services.trading.engine.settle();

    const check = await checkAccounts(a.services);
    const rows = [...counts].map(([kind, c]) => ({
      figure: `${kind}: accepted / tried`,
      value: `${c.accepted} / ${c.tried}`,
    }));
    record('1-conservation', {
      order: 1,
      title: 'Conservation: 64 clients, mixed operations, two instances on one PostgreSQL',
      rows: [
        { figure: 'operations', value: OPERATIONS },
        { figure: 'elapsed, s', value: (elapsedMs / 1000).toFixed(1) },
        ...rows,
        { figure: 'accounts checked', value: check.accounts },
        { figure: 'balance ≠ Σ log', value: check.balanceMismatch, goal: '0' },
        { figure: 'lock_balance ≠ Σ log locks', value: check.lockMismatch, goal: '0' },
        { figure: 'lock_balance ≠ Σ pending withdrawals', value: check.holdMismatch, goal: '0' },
        { figure: 'negative balance with nothing open', value: check.negativeFlat, goal: '0' },
        { figure: 'unexpected errors', value: unexpected.length, goal: '0' },
      ],
    });
    expect(unexpected).toEqual([]);
    expect(check).toMatchObject({ balanceMismatch: 0, lockMismatch: 0, holdMismatch: 0, negativeFlat: 0 });
    // It did exercise every kind of operation.
    for (const kind of [
      'order',
      'close',
      'deposit declared',
      'deposit reviewed',
      'withdrawal requested',
      'withdrawal reviewed',
      'adjustment',
    ])
      expect(counts.get(kind)?.accepted ?? 0, kind).toBeGreaterThan(0);
  });
});
