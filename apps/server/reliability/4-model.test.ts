import {
  accountMarginLevel,
  fromMicros,
  isStopOutDue,
  marginRequired,
  positionProfit,
  toMicros,
  tradeFee,
  withdrawArrival,
  withdrawFee,
  microUsd,
  lots as asLots,
} from '@pipwise/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/core/app-error.js';
import { boundMethod, fundsFixture, proofOf } from '../test/funds-fixtures.js';
import { createTestApp, fundedUser, setQuote, type TestApp } from '../test/helper.js';
import { record, SEED } from './figures.js';

/**
 * Item 4: a model-based test of the engine and the ledger against a plain reference model
 * — no books, no index, no locks: a list of positions scanned on every tick with the
 * shared formulas, in the order the engine's books fire (docs/money.md). Random command
 * sequences run on both; after every command the balance, the held funds, the open
 * positions and the pending orders must be equal.
 */

const RUNS = Number(process.env.RELIABILITY_MODEL_RUNS ?? 1_000);
const BTC = 26;
const SPREAD = 3000; // points (30 USD)
const FEE_RATE = 20; // USD per lot (BTCUSD)
const STOP_OUT = 50;

interface Pos {
  id: number;
  side: 1 | 2;
  lots: string;
  open: number;
  margin: number;
  tp: number | null;
  sl: number | null;
}
interface Pending {
  id: number;
  side: 1 | 2;
  lots: string;
  leverage: number;
  target: number;
  kind: 'buy_limit' | 'buy_stop' | 'sell_limit' | 'sell_stop';
  tp: number | null;
  sl: number | null;
}
interface Model {
  balance: number;
  lock: number;
  bid: number;
  positions: Map<number, Pos>;
  pendings: Map<number, Pending>;
}
interface Real {
  t: TestApp;
  userId: number;
  method: number;
  usdt: number;
  coin: number;
}

const price = (points: number) => fromMicros(microUsd(points * 10_000)); // 2 decimals: points / 100
const ask = (m: Model) => m.bid + SPREAD;
const marginOf = (lots: string, leverage: number, fill: number) =>
  toMicros(
    marginRequired({ lots: asLots(lots), contractSize: 1, marginMode: 0, leverage, baseToUsd: price(fill) }),
  );
const feeOf = (lots: string) =>
  toMicros(tradeFee({ tradeFeeType: 1, lots: asLots(lots), feeRate: FEE_RATE, margin: 0 }));
const profitOf = (p: Pick<Pos, 'side' | 'lots' | 'open'>, close: number) =>
  toMicros(
    positionProfit({
      side: p.side,
      openPrice: price(p.open),
      closePrice: price(close),
      lots: asLots(p.lots),
      contractSize: 1,
      quoteToUsd: 1,
    }),
  );
const closeFor = (m: Model, side: 1 | 2) => (side === 1 ? m.bid : ask(m));

/** What the model saw happen, so the run shows it exercised the engine. */
const seen = { fills: 0, noMargin: 0, triggerCloses: 0, stopOuts: 0, writeOffs: 0 };

function figures(m: Model) {
  let floating = 0;
  let used = 0;
  for (const p of m.positions.values()) {
    floating += profitOf(p, closeFor(m, p.side));
    used += p.margin;
  }
  const equity = m.balance + floating;
  return {
    equity,
    used,
    free: equity - used - m.lock,
    level:
      used > 0
        ? accountMarginLevel({ equity: fromMicros(microUsd(equity)), usedMargin: fromMicros(microUsd(used)) })
        : null,
  };
}

function closeInModel(m: Model, id: number, closePrice: number): void {
  const p = m.positions.get(id)!;
  m.balance += profitOf(p, closePrice);
  m.positions.delete(id);
  if (m.positions.size === 0 && m.balance < 0) {
    m.balance = 0;
    seen.writeOffs += 1;
  }
}

/** What a tick does in the model: the books' firing order, then the stop-out. */
function tickModel(m: Model, newBid: number): void {
  m.bid = newBid;
  const a = ask(m);
  // What the engine's index sees when the tick arrives: the positions of before, at the new quote.
  const levelOnArrival = figures(m).level;
  type Fire = { id: number; pending: boolean; level: number };
  const bidUp: Fire[] = [];
  const bidDown: Fire[] = [];
  const askUp: Fire[] = [];
  const askDown: Fire[] = [];
  for (const p of m.positions.values()) {
    if (p.side === 1) {
      if (p.tp !== null && newBid >= p.tp) bidUp.push({ id: p.id, pending: false, level: p.tp });
      if (p.sl !== null && newBid <= p.sl) bidDown.push({ id: p.id, pending: false, level: p.sl });
    } else {
      if (p.sl !== null && a >= p.sl) askUp.push({ id: p.id, pending: false, level: p.sl });
      if (p.tp !== null && a <= p.tp) askDown.push({ id: p.id, pending: false, level: p.tp });
    }
  }
  for (const o of m.pendings.values()) {
    if (o.kind === 'sell_limit' && newBid >= o.target)
      bidUp.push({ id: o.id, pending: true, level: o.target });
    if (o.kind === 'sell_stop' && newBid <= o.target)
      bidDown.push({ id: o.id, pending: true, level: o.target });
    if (o.kind === 'buy_stop' && a >= o.target) askUp.push({ id: o.id, pending: true, level: o.target });
    if (o.kind === 'buy_limit' && a <= o.target) askDown.push({ id: o.id, pending: true, level: o.target });
  }
  const up = (x: Fire, y: Fire) => x.level - y.level || x.id - y.id;
  const down = (x: Fire, y: Fire) => y.level - x.level || y.id - x.id;
  const order = [...bidUp.sort(up), ...bidDown.sort(down), ...askUp.sort(up), ...askDown.sort(down)];
  for (const fire of order) {
    if (!fire.pending) {
      const p = m.positions.get(fire.id);
      if (p) {
        closeInModel(m, p.id, closeFor(m, p.side));
        seen.triggerCloses += 1;
      }
      continue;
    }
    const o = m.pendings.get(fire.id)!;
    m.pendings.delete(o.id);
    const fill = o.side === 1 ? a : newBid;
    const margin = marginOf(o.lots, o.leverage, fill);
    const fee = feeOf(o.lots);
    if (figures(m).free < margin + fee) {
      seen.noMargin += 1; // cancelled: no_margin
      continue;
    }
    seen.fills += 1;
    m.balance -= fee;
    m.positions.set(o.id, { id: o.id, side: o.side, lots: o.lots, open: fill, margin, tp: o.tp, sl: o.sl });
  }
  // The engine nominates from what it saw on arrival, one display step early (docs/money.md).
  const nominated = isStopOutDue({ marginLevel: levelOnArrival, stopOutLevel: STOP_OUT + 0.01 });
  if (!nominated) return;
  for (;;) {
    const f = figures(m);
    if (!isStopOutDue({ marginLevel: f.level, stopOutLevel: STOP_OUT })) return;
    let worst: Pos | undefined;
    let worstProfit = 0;
    for (const p of m.positions.values()) {
      const profit = profitOf(p, closeFor(m, p.side));
      if (!worst || profit < worstProfit) [worst, worstProfit] = [p, profit];
    }
    if (!worst) return;
    closeInModel(m, worst.id, closeFor(m, worst.side));
    seen.stopOuts += 1;
  }
}

const side = fc.constantFrom(1 as const, 2 as const);
const commands = [
  fc.integer({ min: 100, max: 3_000 }).map((usd) => ({
    check: () => true,
    toString: () => `deposit ${usd}`,
    async run(m: Model, r: Real) {
      const { deposits } = r.t.services.wallet;
      const d = await deposits.declare(r.userId, {
        type: 0,
        channelId: r.coin,
        number: String(usd),
        proofUrl: await proofOf(r.t.services, r.userId),
      });
      await deposits.approve(Number(d.id), null);
      m.balance += usd * 1_000_000;
    },
  })),
  fc.record({ usd: fc.integer({ min: 5, max: 1_500 }), pay: fc.boolean() }).map(({ usd, pay }) => ({
    check: () => true,
    toString: () => `withdraw ${usd} ${pay ? 'paid' : 'rejected'}`,
    async run(m: Model, r: Real) {
      const f = figures(m);
      const amount = usd * 1_000_000;
      const fee = withdrawFee({ amount: usd, feeType: 1, drawRate: 1 });
      const can = Math.max(0, Math.min(m.balance - m.lock, f.free));
      const expected = usd >= 10 && amount <= can && withdrawArrival({ amount: usd, fee, usdPrice: 1 }).gt(0);
      let accepted = false;
      try {
        const w = await r.t.services.wallet.withdrawals.request(r.userId, {
          currencyId: r.usdt,
          number: String(usd),
          methodId: r.method,
        });
        accepted = true;
        await (pay
          ? r.t.services.wallet.withdrawals.approve(Number(w.id), null)
          : r.t.services.wallet.withdrawals.reject(Number(w.id), null, 'no'));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      expect(accepted, `withdraw ${usd}`).toBe(expected);
      if (accepted && pay) m.balance -= amount;
    },
  })),
  fc
    .record({
      side,
      lots: fc.integer({ min: 1, max: 30 }),
      leverage: fc.constantFrom(5, 10, 20),
      tp: fc.nat(400),
      sl: fc.nat(400),
    })
    .map((o) => ({
      check: () => true,
      toString: () => `open ${JSON.stringify(o)}`,
      async run(m: Model, r: Real) {
        const lots = (o.lots / 100).toFixed(2);
        const fill = o.side === 1 ? ask(m) : m.bid;
        const dir = o.side === 1 ? 1 : -1;
        const tp = o.tp ? fill + dir * (o.tp + 1) * 1000 : null;
        const sl = o.sl && fill - dir * (o.sl + 1) * 1000 > 0 ? fill - dir * (o.sl + 1) * 1000 : null;
        const margin = marginOf(lots, o.leverage, fill);
        const fee = feeOf(lots);
        const expected = figures(m).free >= margin + fee;
        let id: number | undefined;
        try {
          const row = await r.t.services.trading.orders.submit(r.userId, {
            type: o.side,
            cont: lots,
            forex_id: BTC,
            status: 1,
            multiple: o.leverage,
            target_profit_price: tp === null ? undefined : String(tp / 100),
            stop_loss_price: sl === null ? undefined : String(sl / 100),
          });
          id = Number(row.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
        expect(id !== undefined, 'open accepted').toBe(expected);
        if (id === undefined) return;
        m.balance -= fee;
        m.positions.set(id, { id, side: o.side, lots, open: fill, margin, tp, sl });
      },
    })),
  fc
    .record({ side, lots: fc.integer({ min: 1, max: 20 }), offset: fc.integer({ min: -200, max: 200 }) })
    .map((o) => ({
      check: () => true,
      toString: () => `pending ${JSON.stringify(o)}`,
      async run(m: Model, r: Real) {
        const lots = (o.lots / 100).toFixed(2);
        const ref = o.side === 1 ? ask(m) : m.bid;
        const target = ref + o.offset * 1000;
        if (target <= 0) return;
        const kind =
          o.side === 1
            ? target <= ask(m)
              ? 'buy_limit'
              : 'buy_stop'
            : target >= m.bid
              ? 'sell_limit'
              : 'sell_stop';
        const expected = figures(m).free >= marginOf(lots, 10, target) + feeOf(lots);
        let id: number | undefined;
        try {
          const row = await r.t.services.trading.orders.submit(r.userId, {
            type: o.side,
            cont: lots,
            forex_id: BTC,
            status: 0,
            multiple: 10,
            target_price: String(target / 100),
          });
          id = Number(row.id);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
        expect(id !== undefined, 'pending accepted').toBe(expected);
        if (id !== undefined)
          m.pendings.set(id, { id, side: o.side, lots, leverage: 10, target, kind, tp: null, sl: null });
      },
    })),
  fc.nat().map((pick) => ({
    check: (m: Readonly<Model>) => m.positions.size > 0,
    toString: () => `close #${pick}`,
    async run(m: Model, r: Real) {
      const ids = [...m.positions.keys()].sort((x, y) => x - y);
      const id = ids[pick % ids.length]!;
      await r.t.services.trading.orders.close(r.userId, id);
      closeInModel(m, id, closeFor(m, m.positions.get(id)!.side));
    },
  })),
  fc.nat().map((pick) => ({
    check: (m: Readonly<Model>) => m.pendings.size > 0,
    toString: () => `cancel #${pick}`,
    async run(m: Model, r: Real) {
      const ids = [...m.pendings.keys()].sort((x, y) => x - y);
      const id = ids[pick % ids.length]!;
      await r.t.services.trading.orders.cancel(r.userId, id);
      m.pendings.delete(id);
    },
  })),
  // Ordinary moves and gaps of 1–20 %.
  fc.oneof(fc.integer({ min: -15, max: 15 }), fc.integer({ min: -200, max: 200 })).map((permille) => ({
    check: () => true,
    toString: () => `tick ${permille}‰`,
    async run(m: Model, r: Real) {
      const newBid = Math.max(100_000, Math.round((m.bid * (1000 + permille)) / 1000));
      tickModel(m, newBid);
      setQuote(r.t.services, 'BTCUSD', newBid, newBid + SPREAD);
      await r.t.services.trading.engine.settle();
    },
  })),
];

describe('4. model-based test of the engine and the ledger', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof fundsFixture>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    fixture = await fundsFixture(t.services);
  });
  afterAll(async () => t.close());

  it(`agrees with the reference model over ${RUNS} random sequences`, async () => {
    let sequences = 0;
    let steps = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 16, size: 'medium' }), async (cmds) => {
        sequences += 1;
        const bid = 8_750_000;
        setQuote(t.services, 'BTCUSD', bid, bid + SPREAD);
        await t.services.trading.engine.settle();
        const { userId } = await fundedUser(t.services, 1_000);
        const real: Real = {
          t,
          userId,
          method: await boundMethod(t.services, userId, fixture.usdt),
          usdt: fixture.usdt,
          coin: fixture.coin,
        };
        const model: Model = {
          balance: 1_000_000_000,
          lock: 0,
          bid,
          positions: new Map(),
          pendings: new Map(),
        };
        await fc.asyncModelRun(
          () => ({ model, real }),
          [...cmds].map((c) => {
            const wrapped = c as unknown as {
              run(m: Model, r: Real): Promise<void>;
              check(m: Model): boolean;
              toString(): string;
            };
            return {
              check: (m: Readonly<Model>) => wrapped.check(m),
              toString: () => wrapped.toString(),
              async run(m: Model, r: Real) {
                steps += 1;
                await wrapped.run(m, r);
                const account = await r.t.services.trading.accounts.balances(r.userId);
                const live = await r.t.services.core.db
                  .selectFrom('orders')
                  .select(['id', 'status'])
                  .where('user_id', '=', r.userId)
                  .where('status', 'in', [0, 1])
                  .execute();
                expect({ balance: account.balance, lock: account.lock }).toEqual({
                  balance: m.balance,
                  lock: m.lock,
                });
                expect(new Set(live.filter((o) => o.status === 1).map((o) => Number(o.id)))).toEqual(
                  new Set(m.positions.keys()),
                );
                expect(new Set(live.filter((o) => o.status === 0).map((o) => Number(o.id)))).toEqual(
                  new Set(m.pendings.keys()),
                );
              },
            };
          }),
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
    record('4-model', {
      order: 4,
      title: 'Model-based test (fast-check commands) of engine + ledger against a reference model',
      rows: [
        { figure: 'sequences', value: sequences, goal: '≥ 1000' },
        { figure: 'commands run', value: steps },
        { figure: 'pending fills / cancelled for margin', value: `${seen.fills} / ${seen.noMargin}` },
        { figure: 'TP/SL closes', value: seen.triggerCloses },
        { figure: 'stop-out closes', value: seen.stopOuts },
        { figure: 'negative balances written off', value: seen.writeOffs },
        { figure: 'counterexamples', value: 0, goal: '0' },
        { figure: 'elapsed, s', value: ((Date.now() - started) / 1000).toFixed(1) },
      ],
      notes: [
        'Commands: deposits (approved), withdrawals (paid or rejected), market orders with TP/SL, pending limit/stop orders, closes, cancels, price moves with gaps of 1–20 %. After each command the balance, held funds, open positions and pending orders of the system equal the model’s (SQLite).',
      ],
    });
    expect(sequences).toBeGreaterThanOrEqual(Math.min(RUNS, 1_000));
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});
