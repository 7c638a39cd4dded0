import { describe, expect, it } from 'vitest';
import { SEED_INSTRUMENTS } from './seed/instruments.js';
import { PriceSimulator, type SimInstrument } from './simulator.js';

const instruments: SimInstrument[] = SEED_INSTRUMENTS.map((i) => ({
  id: i.id,
  code: i.code,
  precision: i.precision,
  spreadPoints: i.spreadPoints,
  session: i.session,
  sim: i.sim,
}));
const always = () => true;

function run(seed: number, steps: number) {
  const sim = new PriceSimulator(instruments, seed);
  const out = [];
  for (let i = 0; i < steps; i++) out.push(sim.step(0.5, always));
  return out;
}

describe('price simulator', () => {
  it('gives the same ticks for the same seed and different ones for another seed', () => {
    expect(run(7, 200)).toEqual(run(7, 200));
    expect(run(7, 200)).not.toEqual(run(8, 200));
  });

  it('keeps the spread and a positive price', () => {
    const sim = new PriceSimulator(instruments, 1);
    for (let i = 0; i < 500; i++) {
      for (const tick of sim.step(0.5, always)) {
        const inst = instruments.find((x) => x.id === tick.id)!;
        expect(tick.ask - tick.bid).toBe(inst.spreadPoints);
        expect(tick.bid).toBeGreaterThan(0);
      }
    }
  });

  it('moves with the configured annual volatility', () => {
    // One-minute steps over ~200 days; the realised volatility of EURUSD (7%) and BTC (55%)
    // must come out near their settings.
    const sim = new PriceSimulator(instruments, 3);
    const mids: Record<string, number[]> = { EURUSD: [], BTCUSD: [] };
    const steps = 288_000;
    const snapshotEvery = 1440; // daily
    for (let i = 0; i < steps; i++) {
      sim.step(60, always);
      if (i % snapshotEvery === 0) {
        for (const t of sim.snapshot()) {
          const code = instruments.find((x) => x.id === t.id)!.code;
          if (code in mids) mids[code]!.push((t.bid + t.ask) / 2);
        }
      }
    }
    const annualVol = (xs: number[]) => {
      const r = xs.slice(1).map((x, i) => Math.log(x / xs[i]!));
      const mean = r.reduce((a, b) => a + b, 0) / r.length;
      const variance = r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1);
      return Math.sqrt(variance * 365.25);
    };
    expect(annualVol(mids.EURUSD!)).toBeGreaterThan(0.05);
    expect(annualVol(mids.EURUSD!)).toBeLessThan(0.09);
    expect(annualVol(mids.BTCUSD!)).toBeGreaterThan(0.42);
    expect(annualVol(mids.BTCUSD!)).toBeLessThan(0.68);
  });

  it('does not move closed instruments and resumes from saved mids', () => {
    const sim = new PriceSimulator(instruments, 5, new Map([['EURUSD', 1.2]]));
    const eurusd = sim.snapshot().find((t) => t.id === 1)!;
    expect((eurusd.bid + eurusd.ask) / 2).toBeCloseTo(120_000, -1);
    const ticks = sim.step(0.5, (inst) => inst.session === 'crypto');
    expect(ticks.every((t) => instruments.find((x) => x.id === t.id)!.session === 'crypto')).toBe(true);
  });
});
