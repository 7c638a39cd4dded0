import { SEED_INSTRUMENTS } from '../seed/instruments.js';
import type { LpSimulator } from './lp-simulator.js';
import type { LpInstrument, LpSimulatorOptions } from './lp-types.js';
import { defaultProviderSymbol } from './provider-symbol.js';

/**
 * Starts the LP simulator (lp-simulator.ts). The FIX engine is loaded here, on demand, so
 * that importing the market module does not load it.
 */
export async function startLpSimulator(options: LpSimulatorOptions): Promise<LpSimulator> {
  const { LpSimulator: Simulator } = await import('./lp-simulator.js');
  return Simulator.start(options);
}

/** The instruments a new installation starts with, under their default provider symbols. */
export function seedLpInstruments(): LpInstrument[] {
  return SEED_INSTRUMENTS.map((i) => ({
    id: i.id,
    code: i.code,
    precision: i.precision,
    spreadPoints: i.spreadPoints,
    session: i.session,
    sim: i.sim,
    symbol: defaultProviderSymbol({
      code: i.code,
      baseCurrency: i.base,
      quoteCurrency: i.quote,
      session: i.session,
    }),
  }));
}
