import {
  simulatorFeedStatus,
  type FeedAdapter,
  type FeedStatus,
  type SimTick,
} from '../modules/market/index.js';
import { CHANNELS, type RedisBridge } from './redis-bridge.js';

/** What travels on the ticks channel. */
interface TickMessage {
  ticks: SimTick[];
  time: number;
  /**
   * Instruments the engine's feed does not vouch for at `time` (a provider refused or
   * stopped quoting them): their last price ages on every instance alike. Absent: all vouched.
   */
  unvouched?: number[];
  /** What operators see of the engine's feed (the feeds page), at most once a second. */
  status?: FeedStatus;
}

/** How often the engine's feed status goes out with its ticks, ms. */
const STATUS_EVERY_MS = 1_000;

/** The engine's feed: its ticks are applied here and sent to every other instance. */
export class PublishingFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private statusSentAt = -Infinity;

  constructor(
    /** The feed whose ticks go out: losing its link loses this feed's (MarketService.feedLost). */
    readonly inner: FeedAdapter,
    private readonly bridge: RedisBridge,
  ) {
    this.heartbeatMs = inner.heartbeatMs;
  }

  vouchesFor(id: number, now: number): boolean {
    return this.inner.vouchesFor?.(id, now) ?? true;
  }

  describe(now: number): FeedStatus {
    return this.inner.describe?.(now) ?? simulatorFeedStatus();
  }

  snapshot(): SimTick[] {
    return this.inner.snapshot();
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.inner.start((ticks, time) => {
      onTicks(ticks, time);
      // Every step goes out, ticks or none: an empty one still tells the other instances that
      // the engine's prices stand as of `time` (docs/market-data.md "Fresh prices").
      this.bridge.publish(CHANNELS.ticks, this.message(ticks, time));
    });
  }

  stop(): void {
    this.inner.stop();
  }

  private message(ticks: SimTick[], time: number): TickMessage {
    const message: TickMessage = { ticks, time };
    const { inner } = this;
    if (inner.vouchesFor) {
      const unvouched = inner
        .snapshot()
        .map((t) => t.id)
        .filter((id) => !inner.vouchesFor!(id, time));
      if (unvouched.length > 0) message.unvouched = unvouched;
    }
    if (inner.describe && time - this.statusSentAt >= STATUS_EVERY_MS) {
      this.statusSentAt = time;
      message.status = inner.describe(time);
    }
    return message;
  }
}

/** A standby's feed: the ticks the engine sent, and what the engine's feed vouches for. */
export class RemoteFeed implements FeedAdapter {
  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;
  private unvouched = new Set<number>();
  private status: FeedStatus | undefined;

  constructor(
    bridge: RedisBridge,
    /** The engine's step interval: it publishes every step, ticks or none. */
    readonly heartbeatMs: number,
  ) {
    bridge.on(CHANNELS.ticks, (data) => {
      const message = data as TickMessage;
      if (!Array.isArray(message.ticks) || typeof message.time !== 'number') return;
      this.unvouched = new Set(Array.isArray(message.unvouched) ? message.unvouched : []);
      if (message.status) this.status = message.status;
      this.onTicks?.(message.ticks, message.time);
    });
  }

  vouchesFor(id: number): boolean {
    return !this.unvouched.has(id);
  }

  /** The engine's feed as it last described it; a simulator until it has. */
  describe(): FeedStatus {
    return this.status ?? simulatorFeedStatus();
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
