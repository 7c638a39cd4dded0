import { DESK_TICK_MS, type DeskSnapshot } from '@pipwise/shared';
import type { DeskService } from './desk.service.js';

/** Receives each tick's snapshot for the time zone it subscribed with. */
export type DeskListener = (snapshot: DeskSnapshot) => void;

export interface DeskFeedOptions {
  /** How often the snapshot is rebuilt while someone listens (default DESK_TICK_MS). */
  tickMs?: number;
  /** Where a failed rebuild is reported (the next tick tries again). */
  onError?: (err: unknown) => void;
}

/**
 * The desk's live feed (docs/dealing-desk.md "Live"): while at least one listener is
 * subscribed, the snapshot is rebuilt every `tickMs` — the exposure and the lists once per
 * tick, the realised P&L once per distinct time zone — and handed to every listener. With
 * nobody listening the timer is stopped and nothing is read.
 */
export class DeskFeed {
  private readonly listeners = new Map<string, Set<DeskListener>>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private readonly tickMs: number;
  /** Ticks computed since start: tests see the feed stop when the last listener leaves. */
  ticks = 0;

  constructor(
    private readonly desk: DeskService,
    private readonly options: DeskFeedOptions = {},
  ) {
    this.tickMs = options.tickMs ?? DESK_TICK_MS;
  }

  /** How many listeners are subscribed (any zone). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  get active(): boolean {
    return this.timer !== undefined;
  }

  /**
   * Subscribes a listener for `timeZone` (already validated); the first one starts the timer
   * and gets a snapshot at once. Returns the unsubscribe.
   */
  subscribe(timeZone: string, listener: DeskListener): () => void {
    const set = this.listeners.get(timeZone) ?? new Set<DeskListener>();
    set.add(listener);
    this.listeners.set(timeZone, set);
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.tickMs);
      this.timer.unref();
    }
    // A new subscriber does not wait a whole tick for its first snapshot.
    void this.tick();
    return () => this.unsubscribe(timeZone, listener);
  }

  private unsubscribe(timeZone: string, listener: DeskListener): void {
    const set = this.listeners.get(timeZone);
    set?.delete(listener);
    if (set?.size === 0) this.listeners.delete(timeZone);
    if (this.listeners.size === 0) this.stop();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Rebuilds and hands out one snapshot per zone; a tick still running is not doubled. */
  tick(): Promise<void> {
    if (this.running) return this.running;
    if (this.listeners.size === 0) return Promise.resolve();
    this.running = this.compute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async compute(): Promise<void> {
    try {
      const zones = [...this.listeners.keys()];
      const [book, ...realized] = await Promise.all([
        this.desk.book(),
        ...zones.map((zone) => this.desk.realized(zone)),
      ]);
      this.ticks += 1;
      zones.forEach((zone, i) => {
        const snapshot: DeskSnapshot = { ...book, realized: realized[i]! };
        for (const listener of this.listeners.get(zone) ?? []) listener(snapshot);
      });
    } catch (err) {
      this.options.onError?.(err);
    }
  }
}
