import { points, type MarketSession, type Points } from '@pipwise/shared';

/**
 * A deterministic market simulator: every walk instrument follows a geometric random walk
 * with its own annual volatility, driven by a PRNG seeded from (seed, code); crosses are
 * the product of their legs. The same seed, starting mids and step times give the same
 * ticks, which tests and the candle backfill rely on.
 */

export type SimParams = { start: number; volatility: number } | { legs: { code: string; power: 1 | -1 }[] };

export interface SimInstrument {
  id: number;
  code: string;
  precision: number;
  spreadPoints: number;
  session: MarketSession;
  sim: SimParams;
}

/** Bid and ask in integer points (price × 10^precision). */
export interface SimTick {
  id: number;
  bid: Points;
  ask: Points;
}

const YEAR_SECONDS = 365.25 * 24 * 3600;
/** Not every instrument moves on every step: ticks arrive irregularly, as real ones do. */
const MOVE_PROBABILITY = 0.7;

/** mulberry32: a small, fast, well-distributed 32-bit PRNG. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** FNV-1a of a string, to derive one PRNG seed per instrument. */
function hashString(text: string, seed: number): number {
  let h = (2_166_136_261 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16_777_619) >>> 0;
  }
  return h;
}

interface Walk {
  inst: SimInstrument;
  volatility: number;
  mid: number;
  rng: () => number;
}

export class PriceSimulator {
  private readonly walks = new Map<string, Walk>();
  private readonly crosses: { inst: SimInstrument; legs: { walk: Walk; power: 1 | -1 }[] }[] = [];

  /**
   * @param startMids mid prices to resume from (by code); instruments without one start
   *   at their seed price.
   */
  constructor(
    instruments: SimInstrument[],
    seed: number,
    startMids: ReadonlyMap<string, number> = new Map(),
  ) {
    for (const inst of instruments) {
      if ('start' in inst.sim) {
        this.walks.set(inst.code, {
          inst,
          volatility: inst.sim.volatility,
          mid: startMids.get(inst.code) ?? inst.sim.start,
          rng: mulberry32(hashString(inst.code, seed)),
        });
      }
    }
    for (const inst of instruments) {
      if ('legs' in inst.sim) {
        const legs = inst.sim.legs.map((l) => {
          const walk = this.walks.get(l.code);
          if (!walk) throw new Error(`${inst.code}: leg ${l.code} is not a simulated instrument`);
          return { walk, power: l.power };
        });
        this.crosses.push({ inst, legs });
      }
    }
  }

  /** New spreads (points) by instrument id, from the next tick on. */
  setSpreads(spreads: ReadonlyMap<number, number>): void {
    for (const inst of [...[...this.walks.values()].map((w) => w.inst), ...this.crosses.map((c) => c.inst)]) {
      const spread = spreads.get(inst.id);
      if (spread !== undefined) inst.spreadPoints = spread;
    }
  }

  /** The current quote of every instrument, open or not. */
  snapshot(): SimTick[] {
    return [
      ...[...this.walks.values()].map((w) => this.quote(w.inst, w.mid)),
      ...this.crosses.map((c) => this.quote(c.inst, this.crossMid(c.legs))),
    ];
  }

  /**
   * Advances the walks of open instruments by `dtSeconds` and returns a tick for every
   * open instrument whose price moved.
   */
  step(dtSeconds: number, isOpen: (inst: SimInstrument) => boolean): SimTick[] {
    const moved = new Set<Walk>();
    const ticks: SimTick[] = [];
    for (const walk of this.walks.values()) {
      if (!isOpen(walk.inst)) continue;
      if (walk.rng() > MOVE_PROBABILITY) continue;
      // Variance per step matches the annual volatility over all steps, moving or not.
      const sigma = walk.volatility * Math.sqrt(dtSeconds / YEAR_SECONDS / MOVE_PROBABILITY);
      walk.mid *= Math.exp(sigma * gaussian(walk.rng) - (sigma * sigma) / 2);
      moved.add(walk);
      ticks.push(this.quote(walk.inst, walk.mid));
    }
    for (const cross of this.crosses) {
      if (!isOpen(cross.inst) || !cross.legs.some((l) => moved.has(l.walk))) continue;
      ticks.push(this.quote(cross.inst, this.crossMid(cross.legs)));
    }
    return ticks;
  }

  private crossMid(legs: { walk: Walk; power: 1 | -1 }[]): number {
    return legs.reduce((acc, l) => (l.power === 1 ? acc * l.walk.mid : acc / l.walk.mid), 1);
  }

  private quote(inst: SimInstrument, mid: number): SimTick {
    const midPoints = mid * 10 ** inst.precision;
    const bid = Math.max(1, Math.round(midPoints - inst.spreadPoints / 2));
    return { id: inst.id, bid: points(bid), ask: points(bid + inst.spreadPoints) };
  }
}

/** Box–Muller: a standard normal number from two uniform ones. */
function gaussian(rng: () => number): number {
  const u = Math.max(rng(), Number.EPSILON);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
