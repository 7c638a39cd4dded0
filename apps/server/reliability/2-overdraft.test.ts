import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundMethod, fundsFixture } from '../test/funds-fixtures.js';
import { fundedUser, setQuote } from '../test/helper.js';
import { record } from './figures.js';
import { call, checkAccounts, instancesOnOneDatabase } from './support.js';

/** 0.1 BTC at 87,530 / leverage 20: 437.65 margin + 2 fee + 3 spread lost at the open. */
const ORDER_COST = 442.65;
const K = 7;

/**
 * Item 2, overdraft race: 100 simultaneous orders, and 100 simultaneous withdrawals,
 * against a balance covering exactly k of them, split across two instances.
 */
describe('2. overdraft race across two instances', () => {
  let cluster: Awaited<ReturnType<typeof instancesOnOneDatabase>>;
  beforeAll(async () => {
    cluster = await instancesOnOneDatabase(2);
    for (const i of cluster.instances) setQuote(i.services, 'BTCUSD', 8_750_000, 8_753_000);
  });
  afterAll(async () => cluster.close());

  it('accepts exactly k orders and exactly k withdrawals', async () => {
    const [a] = cluster.instances;
    const orders = await fundedUser(a!.services, K * ORDER_COST);
    const orderResults = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        call(cluster.instances[n % 2]!, 'POST', '/v1/api/forex/submit', orders.token, {
          type: 1,
          cont: '0.1',
          forex_id: 26,
          status: 1,
          multiple: 20,
        }),
      ),
    );

    const f = await fundsFixture(a!.services);
    const draws = await fundedUser(a!.services, K * 25);
    const method = await boundMethod(a!.services, draws.userId, f.usdt);
    const drawResults = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        call(cluster.instances[n % 2]!, 'POST', '/api/account/draw', draws.token, {
          draw_currency_id: f.usdt,
          number: '25',
          draw_method_id: method,
        }),
      ),
    );
    const acceptedOrders = orderResults.filter((r) => r.code === 1).length;
    const acceptedDraws = drawResults.filter((r) => r.code === 1).length;
    const check = await checkAccounts(a!.services);
    record('2-overdraft', {
      order: 2,
      title: 'Overdraft race: 100 at once against a balance for exactly k, two instances',
      rows: [
        { figure: 'k', value: K },
        { figure: 'orders accepted of 100', value: acceptedOrders, goal: String(K) },
        { figure: 'withdrawals accepted of 100', value: acceptedDraws, goal: String(K) },
        {
          figure: 'server faults (code 1500)',
          value: [...orderResults, ...drawResults].filter((r) => r.code === 1500).length,
          goal: '0',
        },
        { figure: 'accounts with balance ≠ Σ log', value: check.balanceMismatch, goal: '0' },
      ],
    });
    expect([acceptedOrders, acceptedDraws]).toEqual([K, K]);
    expect(check.balanceMismatch + check.lockMismatch + check.holdMismatch).toBe(0);
  });
});
