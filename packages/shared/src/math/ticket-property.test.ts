import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountState } from './account-state.js';
import { accountMarginLevel } from './account.js';
import { Dec } from './decimal.js';
import { lotsFromRisk } from './lots-from-risk.js';
import type { QuoteLookup } from './rates.js';
import { isStopOutDue } from './risk.js';
import { stopOutPrice } from './stop-out-price.js';
import { type TicketAccount, type TicketInstrument, type TicketMarket } from './ticket-inputs.js';
import { ticketFigures } from './ticket.js';
import { lots } from './units.js';

/**
 * Properties of the order ticket over random instruments of every kind — XXX/USD, USD/XXX,
 * crosses (through USDJPY), metals, indices, crypto —, accounts and positions.
 */

interface Kind {
  code: string;
  base: string;
  quote: string;
  precision: number;
  contractSize: number;
  mid: [number, number];
  feeRate: number;
}
const KINDS: Kind[] = [
  {
    code: 'EURUSD',
    base: 'EUR',
    quote: 'USD',
    precision: 5,
    contractSize: 100_000,
    mid: [0.9, 1.4],
    feeRate: 7,
  },
  {
    code: 'USDJPY',
    base: 'USD',
    quote: 'JPY',
    precision: 3,
    contractSize: 100_000,
    mid: [100, 180],
    feeRate: 7,
  },
  {
    code: 'EURJPY',
    base: 'EUR',
    quote: 'JPY',
    precision: 3,
    contractSize: 100_000,
    mid: [120, 200],
    feeRate: 7,
  },
  {
    code: 'XAUUSD',
    base: 'XAU',
    quote: 'USD',
    precision: 2,
    contractSize: 100,
    mid: [1500, 3000],
    feeRate: 10,
  },
  {
    code: 'US30',
    base: 'US30',
    quote: 'USD',
    precision: 2,
    contractSize: 1,
    mid: [30_000, 50_000],
    feeRate: 2,
  },
  {
    code: 'BTCUSD',
    base: 'BTC',
    quote: 'USD',
    precision: 2,
    contractSize: 1,
    mid: [20_000, 120_000],
    feeRate: 20,
  },
];

const instrumentOf = (k: Kind): TicketInstrument => ({
  code: k.code,
  base: k.base,
  quote: k.quote,
  precision: k.precision,
  contractSize: k.contractSize,
  marginMode: 0,
  feeRate: k.feeRate,
  lotStep: lots('0.01'),
  minLots: lots('0.01'),
});

/** A market: every kind quoted at a random mid with a spread of 1–30 steps. */
const marketArb = fc
  .tuple(
    ...KINDS.map((k) =>
      fc.tuple(fc.double({ min: k.mid[0], max: k.mid[1], noNaN: true }), fc.integer({ min: 1, max: 30 })),
    ),
  )
  .map((picks) => {
    const table = new Map<string, { bid: Dec; ask: Dec }>();
    KINDS.forEach((k, i) => {
      const [mid, spreadSteps] = picks[i]!;
      const step = new Dec(10).pow(-k.precision);
      const bid = new Dec(mid).toDecimalPlaces(k.precision);
      table.set(k.code, { bid, ask: bid.plus(step.mul(spreadSteps)) });
    });
    const quotes: QuoteLookup = (code) => table.get(code);
    return { quotes, tradeFeeType: 1, stopOutLevel: 50, marginCallLevel: 100 } satisfies TicketMarket;
  });

const positionArb = fc.record({
  kind: fc.integer({ min: 0, max: KINDS.length - 1 }),
  side: fc.constantFrom(1 as const, 2 as const),
  lots: fc.integer({ min: 1, max: 300 }),
  leverage: fc.constantFrom(5, 10, 20, 50, 100),
});

// Hundreds of exact-decimal cases per property: seconds on a loaded two-core machine.
describe('the order ticket, for every kind of instrument', { timeout: 30_000 }, () => {
  it('stop-out price: stopped out there, not one price step before', () => {
    fc.assert(
      fc.property(
        marketArb,
        fc.array(positionArb, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 100, max: 100_000 }),
        (market, picks, balance) => {
          const positions = picks.map((p) => {
            const k = KINDS[p.kind]!;
            const q = market.quotes(k.code)!;
            const open = p.side === 1 ? q.ask : q.bid;
            const instrument = instrumentOf(k);
            const lots = new Dec(p.lots).div(100);
            // Margin as stored (its exact value does not matter to the property).
            const margin = lots
              .mul(k.contractSize)
              .mul(k.base === 'USD' ? 1 : k.quote === 'JPY' ? new Dec(open).div(150) : open)
              .div(p.leverage)
              .toDecimalPlaces(6);
            return { instrument, side: p.side, lots, openPrice: open, margin };
          });
          const account: TicketAccount = { balance, held: 0, positions };
          const instrument = positions[0]!.instrument;
          const price = stopOutPrice({ instrument, account, market });
          if (price === null) return;
          const step = new Dec(10).pow(-instrument.precision);
          const level = (bid: Dec) => {
            const q = market.quotes(instrument.code)!;
            const spread = new Dec(q.ask).minus(q.bid);
            const quotes: QuoteLookup = (c) =>
              c === instrument.code ? { bid, ask: bid.plus(spread) } : market.quotes(c);
            const s = accountState(account, quotes);
            return accountMarginLevel({ equity: s.equity, usedMargin: s.used });
          };
          const due = (bid: Dec) => isStopOutDue({ marginLevel: level(bid), stopOutLevel: 50 });
          expect(due(price)).toBe(true);
          const now = new Dec(market.quotes(instrument.code)!.bid);
          if (price.eq(now)) return; // already at or below the level
          // One step back toward the current price, it is not due yet.
          const before = price.lt(now) ? price.plus(step) : price.minus(step);
          expect(due(before), `${instrument.code} at ${before.toString()}`).toBe(false);
        },
      ),
      { numRuns: 300, seed: 12 },
    );
  });

  it('lots from risk: the loss at the stop plus the fee stay within the risk, and one step more would not', () => {
    fc.assert(
      fc.property(
        marketArb,
        fc.integer({ min: 0, max: KINDS.length - 1 }),
        fc.constantFrom(1 as const, 2 as const),
        fc.integer({ min: 5, max: 400 }),
        fc.integer({ min: 10, max: 5_000 }),
        // The fee per lot (type 1, the kind's rate) or a share of the margin (0.01 %–2 %).
        fc.oneof(
          fc.constant({ type: 1, rate: null }),
          fc.integer({ min: 1, max: 200 }).map((bp) => ({ type: 2, rate: new Dec(bp).div(10_000) })),
        ),
        fc.constantFrom(5, 20, 100, 400),
        (quoted, kindIndex, side, stopSteps, risk, fee, leverage) => {
          const k = KINDS[kindIndex]!;
          const market: TicketMarket = { ...quoted, tradeFeeType: fee.type };
          const instrument = { ...instrumentOf(k), feeRate: fee.rate ?? k.feeRate };
          const q = market.quotes(k.code)!;
          const entry = new Dec(side === 1 ? q.ask : q.bid);
          const step = new Dec(10).pow(-k.precision).mul(stopSteps * 10);
          const sl = side === 1 ? entry.minus(step) : entry.plus(step);
          if (!sl.gt(0)) return;
          const order = { instrument, side, leverage, entry, sl };
          const result = lotsFromRisk({
            order,
            account: { balance: 1_000_000, held: 0, positions: [] },
            market,
            risk,
          });
          if (result.minLotTooRisky || result.lots.isZero()) return;
          // What the position would cost at the stop, from the ticket's own figures.
          const cost = (lots: Dec) => {
            const f = ticketFigures({
              order: { ...order, lots },
              account: { balance: 1_000_000, held: 0, positions: [] },
              market,
            });
            return f.atStop!.money.neg().plus(f.fee);
          };
          expect(result.costAtStop.eq(result.lossAtStop.plus(result.fee))).toBe(true);
          expect(result.costAtStop.eq(cost(result.lots))).toBe(true);
          expect(cost(result.lots).lte(risk), `${k.code} ${result.lots.toString()} lots`).toBe(true);
          if (!result.cappedByMargin) expect(cost(result.lots.plus('0.01')).gt(risk)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });
});
