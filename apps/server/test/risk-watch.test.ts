import { isMarginCall, isStopOutDue, microUsd, points } from '@pipwise/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineIndex } from '../src/modules/trading/engine-index.js';
import { RiskWatch } from '../src/modules/trading/risk-watch.js';
import { warningMoves } from '../src/modules/trading/warnings/warning-levels.js';
import { createTestApp, setQuote, type TestApp } from './helper.js';
import { seededRandom, syntheticBook } from './risk-book-fixture.js';

/**
 * The risk watch values an account only when a tick leaves its band (risk-watch.ts). The
 * property: every account a tick moves to a level — a stop-out due, its margin call set or
 * lifted, a warning crossed or re-armed — is valued at that tick, whatever the walk of the
 * prices (small steps, gaps, spreads widening, the JPY rate moving a JPY-quoted position),
 * and most exposed accounts are not.
 */

/** USD-quoted, one quoted in JPY whose rate is itself, and one whose rate is another pair. */
const CODES = ['BTCUSD', 'ETHUSD', 'EURUSD', 'XAUUSD', 'USDJPY', 'EURJPY'] as const;
const WARNING_CHOICES = [300, 200, 150, 120, 80, 60];

describe('risk watch', () => {
  let t: TestApp;
  const start: Record<string, [number, number]> = {
    BTCUSD: [8_750_000, 8_753_000],
    ETHUSD: [295_000, 295_250],
    EURUSD: [108_000, 108_002],
    XAUUSD: [265_000, 265_040],
    USDJPY: [150_000, 150_003],
    EURJPY: [162_000, 162_004],
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    expect(t.services.market.service.instrumentByCode('EURJPY')?.quoteCurrency).toBe('JPY');
  });
  afterAll(async () => t?.close());

  it('values every account a tick moves to a level, at that tick', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const random = seededRandom(seed);
        const market = t.services.market.service;
        const { risk, warnings } = t.services.trading;
        for (const code of CODES) setQuote(t.services, code, ...start[code]!);
        const instruments = CODES.map((code) => market.instrumentByCode(code)!);
        const firstUserId = 1_000_000 + (seed % 1000) * 1000;
        const book = syntheticBook(t.services, {
          accounts: 120,
          positionsPerAccount: 3,
          instruments,
          random,
          marginLevels: [70, 400],
          firstUserId,
          // Far from the price: floating profits large enough that the JPY rate moves them.
          openedAway: 0.08,
        });
        const index = new EngineIndex(
          (id) => {
            const inst = market.instrument(id)!;
            const rate = inst.quoteCurrency === 'USD' ? undefined : market.instrumentByCode('USDJPY')!.id;
            return rate && rate !== id ? [id, rate] : [id];
          },
          (row, err) => {
            throw err;
          },
        );
        index.load(book.rows, book.accounts);
        const watch = new RiskWatch({ index, risk, warnings, market });
        // Each trader's warning levels, some fired already.
        const known = new Map<number, { levels: number[]; fired: Set<number> }>();
        const tell = (userId: number, levels: number[], fired: number[]) => {
          known.set(userId, { levels, fired: new Set(fired) });
          warnings.hear({
            type: 'warnings',
            userId,
            levels,
            fired,
            account: { balance: microUsd(0), lock: microUsd(0) },
            seq: 1,
            part: 0,
          });
          watch.loosen(userId);
        };
        for (const userId of book.accounts.keys()) {
          const levels = WARNING_CHOICES.filter(() => random() < 0.4);
          tell(
            userId,
            levels,
            levels.filter(() => random() < 0.3),
          );
        }

        let valued = new Set<number>();
        const value = (ids: number[]) =>
          watch.valueAfter(ids, (account) => {
            valued.add(account.userId);
          });
        value(instruments.map((i) => i.id));
        let exposedChecks = 0;
        let valuedCount = 0;
        let happenings = 0;

        for (let step = 0; step < 150; step++) {
          valued = new Set();
          const moving = instruments.filter(() => random() < 0.4);
          if (moving.length === 0) continue;
          const ticks = moving.map((inst) => {
            const q = market.liveQuote(inst.id)!;
            const gap = random() < 0.05;
            const move = (random() - 0.5) * (gap ? 0.03 : 0.0008);
            const bid = Math.max(1, Math.round(q.bid * (1 + move)));
            const spread = Math.max(
              1,
              Math.round((q.ask - q.bid) * (random() < 0.1 ? 3 : random() < 0.2 ? 0.5 : 1)),
            );
            return { id: inst.id, bid: points(bid), ask: points(bid + spread) };
          });
          market.onTicks(ticks, t.services.core.now());
          value(ticks.map((tk) => tk.id));

          const exposed = new Set<number>();
          for (const tk of ticks) for (const userId of index.usersExposedTo(tk.id)) exposed.add(userId);
          exposedChecks += exposed.size;
          valuedCount += valued.size;
          for (const userId of exposed) {
            const account = index.accounts.get(userId)!;
            const level = risk.marginLevel(account);
            const { stopOut, marginCall } = risk.levelsOf(account);
            const state = known.get(userId)!;
            const moves = warningMoves(level, state.levels, state.fired);
            const somethingHappens =
              isStopOutDue({ marginLevel: level, stopOutLevel: stopOut.plus('0.01') }) ||
              isMarginCall({ marginLevel: level, marginCallLevel: marginCall }) !== account.marginCalled ||
              moves.crossed.length > 0 ||
              moves.rearmed.length > 0;
            if (!somethingHappens) continue;
            happenings += 1;
            expect(
              valued.has(userId),
              `user ${userId} at ${level?.toFixed(2)} % not valued (seed ${seed}, step ${step})`,
            ).toBe(true);
            // What the warnings' transaction would write, heard back.
            if (moves.crossed.length > 0 || moves.rearmed.length > 0) {
              const fired = new Set(state.fired);
              for (const l of moves.crossed) fired.add(l);
              for (const l of moves.rearmed) fired.delete(l);
              tell(userId, state.levels, [...fired]);
            }
          }
        }
        // Not vacuous: levels were reached, and the bands spared most of the valuations.
        expect(happenings).toBeGreaterThan(0);
        expect(valuedCount).toBeLessThan(exposedChecks * 0.5);
      }),
      { numRuns: 16 },
    );
  });

  it('tells of an account whose valuation failed, and bands it at the next tick', () => {
    const market = t.services.market.service;
    const { risk, warnings } = t.services.trading;
    for (const code of CODES) setQuote(t.services, code, ...start[code]!);
    const btc = market.instrumentByCode('BTCUSD')!;
    const userId = 900_001;
    const book = syntheticBook(t.services, {
      accounts: 1,
      positionsPerAccount: 1,
      instruments: [btc],
      random: seededRandom(5),
      marginLevels: [500, 500],
      firstUserId: userId,
    });
    const index = new EngineIndex(
      (id) => [id],
      (_row, err) => {
        throw err;
      },
    );
    index.load(book.rows, book.accounts);
    // The real monitor, failing once as it does when a USD rate is missing.
    let failures = 1;
    const failing = Object.create(risk) as typeof risk;
    failing.assess = (account, profits) => {
      if (failures-- > 0) throw new Error('no rate');
      return risk.assess(account, profits);
    };
    const told: number[] = [];
    const watch = new RiskWatch({ index, risk: failing, warnings, market, onError: (id) => told.push(id) });
    const valued: number[] = [];
    const tick = (bid: number) => {
      setQuote(t.services, 'BTCUSD', bid, bid + 3_000);
      watch.valueAfter([btc.id], (account) => valued.push(account.userId));
    };
    // Its warning levels not known yet: the exact valuation runs, and fails — told, no band,
    // nothing decided.
    warnings.forget(userId);
    tick(8_750_100);
    expect(told).toEqual([userId]);
    expect(valued).toEqual([]);
    expect(watch.bandedCount).toBe(0);
    // Its levels known, the next tick takes it again (it has no band) and bands it.
    warnings.hear({
      type: 'warnings',
      userId,
      levels: [],
      fired: [],
      account: { balance: microUsd(0), lock: microUsd(0) },
      seq: 1,
      part: 0,
    });
    const before = watch.counts.rebanded;
    tick(8_750_200);
    expect(watch.counts.rebanded).toBe(before + 1);
    expect(watch.bandedCount).toBe(1);
    expect(told).toEqual([userId]);
  });
});
