import type { FeedAdapter, FeedStatus, SimTick } from '../modules/market/index.js';

/**
 * The feed of an install whose provider sessions are all disabled: it never ticks, so no
 * price is live (docs/market-data.md "Connecting a provider") — the board is not handed back
 * to the simulator, whose prices are invented.
 */
export class SilentFeed implements FeedAdapter {
  constructor(readonly heartbeatMs: number) {}

  vouchesFor(): boolean {
    return false;
  }

  describe(): FeedStatus {
    return { kind: 'fix', sources: [], active: {}, switches: [], switchCounts: {} };
  }

  snapshot(): SimTick[] {
    return [];
  }

  start(): void {}

  stop(): void {}

  close(): Promise<void> {
    return Promise.resolve();
  }
}
