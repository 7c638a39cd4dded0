import { points } from '@pipwise/shared';
import type { ServerLog } from '../../../core/index.js';
import type { SimTick } from '../simulator.js';
import { bookText, type BookUpdate, type InstrumentEntry } from './book-update.js';
import type { FixFeedOptions, FixInstrument, FixInstrumentStatus } from './fix-feed-types.js';
import { cleanText } from './md-fields.js';
import { DROP_REASONS, QuoteGuard, type DropReason } from './quote-guard.js';

/** A drop reason is logged at most this often (with the count since), ms. */
const DROP_LOG_EVERY_MS = 10_000;

/**
 * The instruments' books, by id and by provider symbol, and what becomes of each update the
 * provider sends: applied through the instrument's QuoteGuard, dropped (counted by reason),
 * or refused with its request (the instrument unavailable). A good quote waits here, the
 * latest of each instrument, until the feed's next step takes it (FixFeed's flush).
 */
export class QuoteBooks {
  /** Quotes passed on; requests the provider refused. */
  quotes = 0;
  rejects = 0;
  /** The last good quote, epoch ms. */
  lastQuoteAt: number | undefined;
  readonly dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;
  private readonly entries = new Map<number, InstrumentEntry>();
  private readonly bySymbol = new Map<string, InstrumentEntry>();
  /** The latest good quote of each instrument since the last step. */
  private readonly pending = new Map<number, SimTick>();
  private readonly dropLog = new Map<DropReason, { at: number; since: number }>();
  private readonly now: () => number;
  private readonly log: ServerLog | undefined;

  /** `quoted` learns of each good quote, when it came in: the feed schedules its next step. */
  constructor(
    private readonly options: FixFeedOptions,
    private readonly quoted: (receivedAt: number) => void,
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log;
    for (const inst of options.instruments) {
      if (!(Number.isInteger(inst.precision) && inst.precision >= 0 && inst.precision <= 10))
        throw new RangeError(`${inst.code}: precision must be 0-10 digits`);
      if (this.entries.has(inst.id)) throw new RangeError(`instrument ${inst.id} given twice`);
      if (this.bySymbol.has(inst.symbol)) throw new RangeError(`symbol ${inst.symbol} given twice`);
      const entry: InstrumentEntry = {
        inst,
        guard: new QuoteGuard(
          { maxJump: inst.maxJump, maxClockSkewMs: options.maxClockSkewMs ?? 5_000 },
          options.lastQuotes?.get(inst.id),
        ),
        state: 'pending',
        reason: undefined,
        quoted: undefined,
        providerTime: undefined,
        receivedAt: undefined,
        dropped: 0,
      };
      this.entries.set(inst.id, entry);
      this.bySymbol.set(inst.symbol, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  byId(id: number): InstrumentEntry | undefined {
    return this.entries.get(id);
  }

  /** The instrument quoted under the provider's Symbol (55). */
  forSymbol(symbol: string): InstrumentEntry | undefined {
    return this.bySymbol.get(symbol);
  }

  /** The last good quote of every instrument quoted since start. */
  snapshot(): SimTick[] {
    return [...this.entries.values()].flatMap((e) =>
      e.quoted ? [{ id: e.inst.id, bid: points(e.quoted.bid), ask: points(e.quoted.ask) }] : [],
    );
  }

  /** The quotes that came in since the last step, the latest of each instrument; they are gone from here. */
  takeQuotes(): SimTick[] {
    const ticks = [...this.pending.values()];
    this.pending.clear();
    return ticks;
  }

  clearQuotes(): void {
    this.pending.clear();
  }

  /** Logged on: each book waits for its snapshot, and `request` subscribes its instrument. */
  requestAll(request: (inst: FixInstrument) => void): void {
    for (const e of this.entries.values()) {
      e.guard.resetBook();
      if (e.state !== 'unavailable') {
        e.state = 'pending';
        e.reason = "waiting for the provider's snapshot";
      }
      request(e.inst);
    }
  }

  /** The session ended: no instrument is quoted until the next logon (a refused one stays refused). */
  sessionDown(): void {
    for (const e of this.entries.values()) {
      if (e.state === 'live' || e.state === 'stale') {
        e.state = 'pending';
        e.reason = 'session down';
      }
    }
  }

  /** The instrument's half of FixFeed.vouchesFor: a good two-sided quote that is not stale. */
  hasFreshQuote(id: number, now: number): boolean {
    const e = this.entries.get(id);
    const fresh = e?.receivedAt !== undefined && now - e.receivedAt <= (this.options.staleAfterMs ?? 30_000);
    return e?.state === 'live' && fresh;
  }

  refreshStale(now: number): void {
    const limit = this.options.staleAfterMs ?? 30_000;
    for (const e of this.entries.values()) {
      if (e.state === 'live' && e.receivedAt !== undefined && now - e.receivedAt > limit) {
        e.state = 'stale';
        e.reason = `no quote for ${Math.round(limit / 1000)} s`;
        this.log?.info({ feed: 'fix', instrument: e.inst.code }, 'FIX market data: instrument stale');
      }
    }
  }

  statuses(): FixInstrumentStatus[] {
    return [...this.entries.values()].map((e) => ({
      id: e.inst.id,
      code: e.inst.code,
      symbol: e.inst.symbol,
      state: e.state,
      ...(e.reason !== undefined ? { reason: e.reason } : {}),
      ...(e.quoted ? { bid: e.quoted.bid, ask: e.quoted.ask } : {}),
      ...(e.providerTime !== undefined ? { providerTime: e.providerTime } : {}),
      ...(e.receivedAt !== undefined ? { receivedAt: e.receivedAt } : {}),
      dropped: e.dropped,
    }));
  }

  apply(update: BookUpdate, receivedAt: number): void {
    const e = update.target;
    if (update.problem) return this.drop(update.problem, e, update.detail);
    const wallNow = (this.options.wallClock ?? Date.now)();
    const late = e.guard.checkTime(update.providerTime, wallNow);
    if (late) return this.drop(late, e, `stamped ${update.providerTime - wallNow} ms from our clock`);
    const verdict = e.guard.apply(update.book, update.providerTime);
    if (!verdict.ok) {
      if (verdict.reason !== 'one_sided') return this.drop(verdict.reason, e, bookText(update.book));
      if (e.state !== 'unavailable') {
        e.state = 'pending';
        e.reason = 'the provider has no two-sided quote';
      }
      return;
    }
    if (verdict.newLevel)
      this.log?.info(
        { feed: 'fix', instrument: e.inst.code, bid: verdict.bid, ask: verdict.ask },
        'FIX market data: new price level confirmed by consecutive quotes',
      );
    if (e.state === 'unavailable')
      this.log?.info({ feed: 'fix', instrument: e.inst.code }, 'FIX market data: instrument quoted again');
    e.state = 'live';
    e.reason = undefined;
    e.quoted = { bid: verdict.bid, ask: verdict.ask };
    e.providerTime = update.providerTime;
    e.receivedAt = receivedAt;
    this.quotes += 1;
    this.lastQuoteAt = receivedAt;
    this.pending.set(e.inst.id, { id: e.inst.id, bid: points(verdict.bid), ask: points(verdict.ask) });
    this.quoted(receivedAt);
  }

  /** The provider refused the request of instrument `id` (unknown: a reject of no request of ours). */
  rejected(id: number | undefined, reason: string, fields: Record<string, unknown>): void {
    this.rejects += 1;
    const e = id === undefined ? undefined : this.entries.get(id);
    if (!e) {
      this.log?.info({ feed: 'fix', ...fields, reason }, 'FIX market data: reject of no known request');
      return;
    }
    e.state = 'unavailable';
    e.reason = reason;
    this.pending.delete(e.inst.id);
    this.log?.info(
      { feed: 'fix', instrument: e.inst.code, symbol: e.inst.symbol, reason },
      'FIX market data: instrument unavailable',
    );
  }

  /** Counts a dropped update and logs it: the first of a reason at once, then a count every 10 s. */
  drop(reason: DropReason, e: InstrumentEntry | undefined, detail: string | undefined): void {
    this.dropped[reason] += 1;
    if (e) e.dropped += 1;
    const now = this.now();
    const last = this.dropLog.get(reason);
    if (last && now - last.at < DROP_LOG_EVERY_MS) {
      last.since += 1;
      return;
    }
    this.dropLog.set(reason, { at: now, since: 0 });
    this.log?.info(
      {
        feed: 'fix',
        reason,
        ...(e ? { instrument: e.inst.code } : {}),
        ...(detail ? { detail: cleanText(detail, 120) } : {}),
        ...(last && last.since > 0 ? { droppedSinceLastLine: last.since } : {}),
        total: this.dropped[reason],
      },
      'FIX market data: update dropped',
    );
  }
}
