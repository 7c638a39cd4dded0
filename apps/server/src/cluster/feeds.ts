import type { FeedAdapter } from '../modules/market/index.js';
import type { SimTick } from '../modules/market/index.js';
import { CHANNELS, type RedisBridge } from './redis-bridge.js';

/** What travels on the ticks channel. */
interface TickMessage {
  ticks: SimTick[];
  time: number;
}

/** The engine's feed: its ticks are applied here and sent to every other instance. */
export class PublishingFeed implements FeedAdapter {
  readonly heartbeatMs: number;

  constructor(
    private readonly inner: FeedAdapter,
    private readonly bridge: RedisBridge,
  ) {
    this.heartbeatMs = inner.heartbeatMs;
  }

  snapshot(): SimTick[] {
    return this.inner.snapshot();
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.inner.start((ticks, time) => {
      onTicks(ticks, time);
      // Every step goes out, ticks or none: an empty one still tells the other instances that
      // the engine's prices stand as of `time` (docs/market-data.md "Fresh prices").
      this.bridge.publish(CHANNELS.ticks, { ticks, time } satisfies TickMessage);
    });
  }

  stop(): void {
    this.inner.stop();
  }
}

/** A standby's feed: the ticks the engine sent. */
export class RemoteFeed implements FeedAdapter {
  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;

  constructor(
    bridge: RedisBridge,
    /** The engine's step interval: it publishes every step, ticks or none. */
    readonly heartbeatMs: number,
  ) {
    bridge.on(CHANNELS.ticks, (data) => {
      const message = data as TickMessage;
      if (Array.isArray(message.ticks) && typeof message.time === 'number')
        this.onTicks?.(message.ticks, message.time);
    });
  }

  snapshot(): SimTick[] {
    return [];
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.onTicks = onTicks;
  }

  stop(): void {
    this.onTicks = undefined;
  }
}
