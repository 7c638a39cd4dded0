import type { Points } from '@pipwise/shared';
import type { FeedStatus } from '../feed-status.js';
import type { FeedAdapter } from '../feed.js';
import type { SimTick } from '../simulator.js';

/**
 * Ticks to play in time order, kept column by column: a month of one pair is a few
 * million ticks, and four arrays of numbers hold them in a fraction of the memory objects
 * would take.
 */
export class ReplayTape {
  readonly times: number[] = [];
  readonly ids: number[] = [];
  readonly bids: Points[] = [];
  readonly asks: Points[] = [];

  get length(): number {
    return this.times.length;
  }

  push(id: number, time: number, bid: Points, ask: Points): void {
    this.times.push(time);
    this.ids.push(id);
    this.bids.push(bid);
    this.asks.push(ask);
  }

  /** Several tapes as one, in time order; at equal times the earlier tape's ticks come first. */
  static merge(tapes: readonly ReplayTape[]): ReplayTape {
    if (tapes.length === 1) return tapes[0]!;
    const merged = new ReplayTape();
    const at = tapes.map(() => 0);
    for (;;) {
      let pick = -1;
      for (let k = 0; k < tapes.length; k++) {
        const time = tapes[k]!.times[at[k]!];
        if (time !== undefined && (pick === -1 || time < tapes[pick]!.times[at[pick]!]!)) pick = k;
      }
      if (pick === -1) return merged;
      const tape = tapes[pick]!;
      const i = at[pick]!++;
      merged.push(tape.ids[i]!, tape.times[i]!, tape.bids[i]!, tape.asks[i]!);
    }
  }
}

/** What the replay needs of the simulator that moves every instrument the tape does not. */
export interface OtherInstruments {
  /** One step at `time`: the ticks of the open instruments that moved. */
  step(time: number): SimTick[];
  snapshot(): SimTick[];
}

export interface ReplayFeedOptions {
  tape: ReplayTape;
  /** 1 plays in real time; 60 plays an hour of the file in a minute. */
  speed: number;
  /** The feed speaks at least this often, ticks or none (the simulator's step, SIM_TICK_MS). */
  heartbeatMs: number;
  /** Starts over at the end; otherwise the feed falls silent there and prices stop being live. */
  loop?: boolean;
  now?: () => number;
  /** Whether an instrument trades at a wall-clock instant: closed ones get no ticks, as simulated. */
  isOpen?: (id: number, ms: number) => boolean;
  /** Moves the instruments the tape does not hold, one step per heartbeat. */
  others?: OtherInstruments;
  /** The tape ended without `loop`. */
  onEnd?: () => void;
}

/**
 * Plays recorded ticks (docs/market-data.md "Recorded history and replay"). The tape's first
 * tick is played at start and each later one when its distance from the first, divided by
 * `speed`, has passed on the wall clock; ticks carry the wall-clock time they are played
 * at, so everything downstream (freshness, candles, market hours) sees a live market. Ticks
 * of one file instant go out together; an instrument whose market is closed at that
 * moment gets none, as the simulator would give none.
 *
 * Whatever the gaps in the file, the feed beats every `heartbeatMs` (FeedAdapter): each beat
 * is a step with the other instruments' simulated ticks, or none, so a quiet stretch of the
 * recording means "prices stand", not "the feed is gone". At the end of the tape the feed
 * starts over (`loop`) or stops beating.
 */
export class ReplayFeed implements FeedAdapter {
  readonly heartbeatMs: number;
  /** True once the tape has ended without `loop`. */
  finished = false;
  private readonly tape: ReplayTape;
  private readonly now: () => number;
  private readonly isOpen: (id: number, ms: number) => boolean;
  private readonly replayed: ReadonlySet<number>;
  /** The latest tick played of each instrument of the tape (its first before the start). */
  private readonly latest = new Map<number, SimTick>();
  private onTicks: ((ticks: SimTick[], time: number) => void) | undefined;
  private beat: NodeJS.Timeout | undefined;
  private next: NodeJS.Timeout | undefined;
  private index = 0;
  private wallStart = 0;
  private fileStart = 0;
  private lastTime = 0;

  constructor(private readonly options: ReplayFeedOptions) {
    if (options.tape.length === 0) throw new RangeError('a replay needs at least one tick');
    if (!(options.speed > 0 && Number.isFinite(options.speed)))
      throw new RangeError(`replay speed must be positive: ${options.speed}`);
    if (!(options.heartbeatMs > 0))
      throw new RangeError(`heartbeat must be positive: ${options.heartbeatMs}`);
    this.tape = options.tape;
    this.heartbeatMs = options.heartbeatMs;
    this.now = options.now ?? Date.now;
    this.isOpen = options.isOpen ?? (() => true);
    this.replayed = new Set(this.tape.ids);
    for (let i = this.tape.length - 1; i >= 0; i--) this.remember(i);
  }

  /** A replay has no sessions or sources: the page shows its kind. */
  describe(): FeedStatus {
    return { kind: 'replay', sources: [], active: {}, switches: [], switchCounts: {} };
  }

  snapshot(): SimTick[] {
    const others = (this.options.others?.snapshot() ?? []).filter((t) => !this.replayed.has(t.id));
    return [...others, ...[...this.latest.values()].map((t) => ({ ...t }))];
  }

  start(onTicks: (ticks: SimTick[], time: number) => void): void {
    this.stop();
    this.onTicks = onTicks;
    this.finished = false;
    this.rewind();
    this.beat = setInterval(() => this.heartbeat(), this.heartbeatMs);
    this.beat.unref();
    this.play();
  }

  stop(): void {
    clearInterval(this.beat);
    clearTimeout(this.next);
    this.beat = undefined;
    this.next = undefined;
    this.onTicks = undefined;
  }

  /** The tape's first tick is due after `pauseMs`. */
  private rewind(pauseMs = 0): void {
    this.index = 0;
    this.wallStart = this.now() + pauseMs;
    this.fileStart = this.tape.times[0]!;
  }

  /** The wall-clock instant tick `i` is due. */
  private dueAt(i: number): number {
    return this.wallStart + (this.tape.times[i]! - this.fileStart) / this.options.speed;
  }

  /** Plays every tick that is due, then waits for the next one. */
  private play(): void {
    this.next = undefined;
    if (!this.onTicks) return;
    const { times, ids, bids, asks } = this.tape;
    const now = this.now();
    while (this.index < times.length && this.dueAt(this.index) <= now) {
      const fileTime = times[this.index];
      const time = Math.max(Math.floor(this.dueAt(this.index)), this.lastTime);
      const ticks: SimTick[] = [];
      for (; this.index < times.length && times[this.index] === fileTime; this.index++) {
        const id = ids[this.index]!;
        if (!this.isOpen(id, time)) continue;
        ticks.push({ id, bid: bids[this.index]!, ask: asks[this.index]! });
        this.remember(this.index);
      }
      if (ticks.length > 0) this.emit(ticks, time);
    }
    if (this.index >= times.length) {
      if (!this.options.loop) return this.finish();
      // A beat's pause between the end and the start again (a one-tick tape must not spin).
      this.rewind(this.heartbeatMs);
    }
    const wait = Math.max(0, Math.ceil(this.dueAt(this.index) - this.now()));
    this.next = setTimeout(() => this.play(), wait);
    this.next.unref();
  }

  private heartbeat(): void {
    const time = Math.max(this.now(), this.lastTime);
    const others = this.options.others;
    this.emit(others ? others.step(time).filter((t) => !this.replayed.has(t.id)) : [], time);
  }

  private emit(ticks: SimTick[], time: number): void {
    this.lastTime = time;
    this.onTicks?.(ticks, time);
  }

  private remember(i: number): void {
    const id = this.tape.ids[i]!;
    this.latest.set(id, { id, bid: this.tape.bids[i]!, ask: this.tape.asks[i]! });
  }

  private finish(): void {
    this.finished = true;
    clearInterval(this.beat);
    this.beat = undefined;
    this.options.onEnd?.();
  }
}
