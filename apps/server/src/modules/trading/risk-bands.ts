/**
 * How far each price may move before an account's margin level could reach a level where
 * something happens (docs/benchmarks.md "Capacity"): the engine then values the account again
 * only when a tick goes past one of those distances, not on every tick of what it holds.
 *
 * The distances are a bound, never the decision: the decision is the exact valuation
 * (RiskMonitor.assess). Floats are fine here because every step leans the safe way: the
 * slack is shrunk, each share of it rounds down, and a tick at the edge values the account.
 */

/** One instrument the account holds, as valued at the last assessment. */
export interface HeldExposure {
  instrumentId: number;
  /** Its floating profit, USD. */
  profitUsd: number;
  /** Base units held, buys and sells together (lots × contract size). */
  units: number;
  /** USD per unit of its quote currency now (1 for a USD quote). */
  quoteToUsd: number;
  /** Its bid now, in price units (weighs its share of the slack). */
  price: number;
  /** The instrument that sets that rate, with its mid now; null for a USD quote. */
  rate: { instrumentId: number; mid: number } | null;
}

export interface BandInput {
  equityUsd: number;
  usedMarginUsd: number;
  /** Margin levels (%) at or below which something happens: stop-out, a call, a warning. */
  down: readonly number[];
  /** Margin levels (%) at or above which something happens: a call lifted, a warning re-armed. */
  up: readonly number[];
  exposures: readonly HeldExposure[];
}

/**
 * Margin levels are compared rounded to 2 decimals: a band keeps this far inside each level,
 * so a level that rounds onto it is never inside the band.
 */
const LEVEL_GUARD = 0.01;
/** Share of the slack kept back for the floats' own error and each valuation's rounding. */
const SLACK_KEPT = 0.001;
/** Most a quote→USD rate may move inside a band (relative): bounds the price term below. */
const MAX_RATE_MOVE = 0.5;

/**
 * The move (in price units, either way, on bid and on ask) each instrument may make while
 * the account's margin level surely stays strictly between its nearest levels; null when it
 * is at one already (or nothing bounds it safely): then it is valued on every tick.
 *
 * Why it holds: with the slack S = distance in equity to the nearest level, the account's
 * equity on instrument k is F_k(bid, ask) × r_k (quote profit × rate). Half of S goes to the
 * prices (all of it when every quote is USD): instrument k's share s_k (by notional, the
 * shares adding up to that half) covers units_k × |move| × r_k × (1 + MAX_RATE_MOVE) — a
 * buy's profit moves with the bid, a sell's with the ask, each by at most the move. The other
 * half goes to the rates: each rate's share S/2m covers Σ|F_k r_k| × (its relative move), and
 * a rate's mid moving less than mid × ρ/(1+ρ) moves the rate (or its inverse) by less than ρ,
 * which also keeps r_k under (1 + MAX_RATE_MOVE) times what it was. The changes add up to
 * less than S.
 */
export function moveTolerances(input: BandInput): Map<number, number> | null {
  const { equityUsd: equity, usedMarginUsd: used, exposures } = input;
  if (!(used > 0) || exposures.length === 0) return new Map();
  const equityAt = (level: number) => (level * used) / 100;
  let slack = Infinity;
  for (const level of input.down) slack = Math.min(slack, equity - equityAt(level + LEVEL_GUARD));
  for (const level of input.up) slack = Math.min(slack, equityAt(level - LEVEL_GUARD) - equity);
  if (slack === Infinity) return new Map();
  // The floats' error and the per-instrument rounding of the exact valuation to a micro-USD.
  slack -= slack * SLACK_KEPT + (Math.abs(equity) + used) * 1e-9 + exposures.length * 1e-6;
  if (!(slack > 0)) return null;

  const tolerances = new Map<number, number>();
  const narrow = (instrumentId: number, move: number) =>
    tolerances.set(instrumentId, Math.min(tolerances.get(instrumentId) ?? Infinity, move));

  // The prices' part of the slack (all of it without a rate to share with), split in
  // proportion to each instrument's notional in USD: every price may move by the same share
  // of itself, which is how prices move (a pip of EURUSD is not a point of BTC).
  const hasRates = exposures.some((e) => e.rate !== null);
  const pricePart = hasRates ? slack / 2 : slack;
  let notional = 0;
  for (const e of exposures) {
    if (!(e.units > 0) || !(e.quoteToUsd > 0) || !(e.price > 0)) return null;
    notional += e.units * e.quoteToUsd * e.price;
  }
  for (const e of exposures) {
    const rateFactor = e.rate ? 1 + MAX_RATE_MOVE : 1;
    const share = (pricePart * e.units * e.quoteToUsd * e.price) / notional;
    narrow(e.instrumentId, share / (e.units * e.quoteToUsd * rateFactor));
  }

  const byRate = new Map<number, { mid: number; exposed: number }>();
  for (const e of exposures) {
    if (!e.rate) continue;
    const entry = byRate.get(e.rate.instrumentId) ?? { mid: e.rate.mid, exposed: 0 };
    entry.exposed += Math.abs(e.profitUsd);
    byRate.set(e.rate.instrumentId, entry);
  }
  const rateShare = slack / (2 * Math.max(1, byRate.size));
  for (const [instrumentId, { mid, exposed }] of byRate) {
    if (!(mid > 0)) return null;
    const relative = exposed > 0 ? Math.min(MAX_RATE_MOVE, rateShare / exposed) : MAX_RATE_MOVE;
    narrow(instrumentId, (mid * relative) / (1 + relative));
  }
  return tolerances;
}
