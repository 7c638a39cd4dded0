import type { ServerLog } from '../../../core/index.js';
import type { FeedAdapter } from '../feed.js';
import type { FeedStatus, FeedSwitch, SourceRole } from '../feed-status.js';
import type { SimTick } from '../simulator.js';
import type { FixFeed } from './fix-feed.js';

/** The switches kept for the feeds page, newest first. */
const SWITCHES_KEPT = 200;

export interface FailoverFeedOptions {
  primary: FixFeed;
  backup: FixFeed;
  instruments: readonly { id: number; code: string }[];
  /** How often each instrument's source is checked, ms. Default 250: a switch within a second. */
  checkMs?: number;
  now?: () => number;
  log?: ServerLog;
  /** Called on each switch (counted in /metrics). */
  onSwitch?: (change: FeedSwitch) => void;
}

/**
 * One price from two providers (docs/market-data.md "Primary and backup"): each instrument is
 * priced from the primary while the primary vouches for it (session live, quote fresh and
 * not refused), and from the backup otherwise, if the backup vouches for it. Every
 * `checkMs` each instrument's source is checked; a switch passes the new source's last quote
 * on at once, is logged and kept for the feeds page. When the primary vouches again, the
 * instrument goes back to it. The freshness rules apply to whichever source is live: the
 * feed vouches for an instrument only through its active source.
 */
export class FailoverFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  private readonly active = new Map<number, SourceRole>();
  private readonly switches: FeedSwitch[] = [];
  private readonly switchCounts: Record<string, number> = {};
  private readonly now: () => number;
  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: FailoverFeedOptions) {
    this.heartbeatMs = Math.min(options.primary.heartbeatMs, options.backup.heartbeatMs);
    this.now = options.now ?? Date.now;
    // An instrument only the backup carries is priced from it from the start.
    for (const inst of options.instruments)
      this.active.set(
        inst.id,
        options.primary.carries(inst.id) || !options.backup.carries(inst.id) ? 'primary' : 'backup',
      );
  }

  /** The source an instrument is priced from now. */
  sourceOf(id: number): SourceRole {
    return this.active.get(id) ?? 'primary';
  }

  vouchesFor(id: number, now = this.now()): boolean {
    return this.feed(this.sourceOf(id)).vouchesFor(id, now);
  }

  snapshot(): SimTick[] {
    const ticks = new Map<number, SimTick>();
    for (const role of ['backup', 'primary'] as const)
      for (const t of this.feed(role).snapshot()) if (this.sourceOf(t.id) === role) ticks.set(t.id, t);
    return [...ticks.values()];
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.onTicks = onTicks;
    for (const role of ['primary', 'backup'] as const)
      this.feed(role).start((ticks, time) => this.pass(role, ticks, time));
    this.timer = setInterval(() => this.check(), this.options.checkMs ?? 250);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.onTicks = undefined;
    this.options.primary.stop();
    this.options.backup.stop();
  }

  async close(): Promise<void> {
    this.stop();
    await Promise.all([this.options.primary.close(), this.options.backup.close()]);
  }

  describe(now = this.now()): FeedStatus {
    return {
      kind: 'fix',
      sources: [
        { role: 'primary', fix: this.options.primary.status(now) },
        { role: 'backup', fix: this.options.backup.status(now) },
      ],
      active: Object.fromEntries(this.active),
      switches: [...this.switches],
      switchCounts: { ...this.switchCounts },
    };
  }

  /**
   * Checks every instrument's source now: away from a primary that no longer vouches for it
   * (if the backup does), back to the primary as soon as it does.
   */
  check(now = this.now()): void {
    const { primary, backup } = this.options;
    const moved: SimTick[] = [];
    for (const inst of this.options.instruments) {
      const from = this.sourceOf(inst.id);
      const primaryGood = primary.vouchesFor(inst.id, now);
      let to: SourceRole = from;
      if (from === 'primary' && !primaryGood && backup.vouchesFor(inst.id, now)) to = 'backup';
      if (from === 'backup' && primaryGood) to = 'primary';
      if (to === from) continue;
      const reason: FeedSwitch['reason'] =
        to === 'primary'
          ? 'primary_back'
          : primary.status(now).session === 'live'
            ? 'primary_stale'
            : 'primary_down';
      this.record({ at: now, instrumentId: inst.id, code: inst.code, from, to, reason });
      const last = this.feed(to)
        .snapshot()
        .find((t) => t.id === inst.id);
      if (last) moved.push(last);
    }
    if (moved.length > 0) this.onTicks?.(moved, now);
  }

  private feed(role: SourceRole): FixFeed {
    return role === 'primary' ? this.options.primary : this.options.backup;
  }

  /** A source's step: its quotes of the instruments it prices now; the beat itself either way. */
  private pass(role: SourceRole, ticks: SimTick[], time: number): void {
    this.onTicks?.(
      ticks.filter((t) => this.sourceOf(t.id) === role),
      time,
    );
  }

  private record(change: FeedSwitch): void {
    this.active.set(change.instrumentId, change.to);
    this.switches.unshift(change);
    if (this.switches.length > SWITCHES_KEPT) this.switches.length = SWITCHES_KEPT;
    this.switchCounts[change.code] = (this.switchCounts[change.code] ?? 0) + 1;
    this.options.log?.info(
      { instrument: change.code, from: change.from, to: change.to, reason: change.reason },
      'price source switched',
    );
    this.options.onSwitch?.(change);
  }
}
