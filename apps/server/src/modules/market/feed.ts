import type { MarketSession } from '@pipwise/shared';
import type { FeedStatus } from './feed-status.js';
import { isMarketOpen } from './market-hours.js';
import { PriceSimulator, type SimInstrument, type SimTick } from './simulator.js';

/**
 * Where quotes come from. The simulator is the embedded default; a CSV replay or a
 * liquidity provider implements the same interface.
 */
export interface FeedAdapter {
  /**
   * The feed speaks at least this often while it is alive (a step with ticks or none):
   * silence for a few of these means it is gone (docs/market-data.md "Fresh prices").
   */
  readonly heartbeatMs: number;
  /**
   * Whether the feed's beat still vouches for this instrument's last price. A feed that
   * carries several instruments over one link (FIX) answers false for one the provider
   * refused or stopped quoting, so its old price ages while the link beats on. Absent: every
   * beat vouches for every price (the simulator, a replay).
   */
  vouchesFor?(id: number, now: number): boolean;
  /** What operators see of it (the feeds page); absent: a simulator. */
  describe?(now: number): FeedStatus;
  /** The feed whose ticks this one passes on (the scaled engine's publishing feed). */
  readonly inner?: FeedAdapter;
  /** The current quote of every instrument, open or not. */
  snapshot(): SimTick[];
  start(onTicks: (ticks: SimTick[], time: number) => void): void;
  stop(): void;
}

export interface SimulatorFeedOptions {
  instruments: SimInstrument[];
  seed: number;
  tickMs: number;
  startMids: ReadonlyMap<string, number>;
  now?: () => number;
  isOpen?: (session: MarketSession, ms: number) => boolean;
}

export class SimulatorFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private timer: NodeJS.Timeout | undefined;
  private readonly sim: PriceSimulator;
  private readonly now: () => number;
  private readonly isOpen: (session: MarketSession, ms: number) => boolean;

  constructor(private readonly options: SimulatorFeedOptions) {
    this.heartbeatMs = options.tickMs;
    this.sim = new PriceSimulator(options.instruments, options.seed, options.startMids);
    this.now = options.now ?? Date.now;
    this.isOpen = options.isOpen ?? isMarketOpen;
  }

  snapshot(): SimTick[] {
    return this.sim.snapshot();
  }

  /** Operators changed spreads: used from the next tick. */
  setSpreads(spreads: ReadonlyMap<number, number>): void {
    this.sim.setSpreads(spreads);
  }

  /** One step of the walk at `time`: the ticks of the open instruments that moved. */
  step(time: number): SimTick[] {
    return this.sim.step(this.options.tickMs / 1000, (inst) => this.isOpen(inst.session, time));
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.timer = setInterval(() => {
      const time = this.now();
      onTicks(this.step(time), time);
    }, this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
