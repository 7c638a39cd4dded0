import { EventEmitter } from 'node:events';
import {
  matchesSearch,
  points,
  pointsToPrice,
  type Category,
  type Lang,
  type Points,
  type Price,
  type QuotePush,
  type TradePair,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import type { Translator } from '../../core/i18n.js';
import { simulatorFeedStatus, type FeedStatus } from './feed-status.js';
import type { FeedAdapter } from './feed.js';
import { instrumentFromRow, markedUp, type Instrument } from './instrument.js';
import { isMarketOpen } from './market-hours.js';
import * as repo from './market.repository.js';
import { applyTick, quoteFromRow, quoteToPush, quoteToRow, type LiveQuote } from './quote-book.js';
import type { SimTick } from './simulator.js';

interface CategoryEntry {
  id: number;
  nameKey: string;
  names: Partial<Record<Lang, string>>;
}

export interface MarketEvents {
  /** Instruments whose quote or open/closed state changed. */
  quotes: [ids: number[]];
  /** An operator edited instruments or categories here (other instances are told). */
  config: [];
}

/** A feed silent for this many of its heartbeats (and at least MIN_FEED_SILENCE_MS) is gone. */
const FEED_SILENCE_BEATS = 3;
const MIN_FEED_SILENCE_MS = 1_000;

/** How often the latest quotes are written back, so a restart resumes near where it stopped. */
const PERSIST_EVERY_MS = 5_000;

/**
 * Instruments, categories and live quotes. Quotes live in memory (every tick would be too
 * many writes) and are saved every few seconds and at shutdown.
 */
export class MarketService {
  readonly events = new EventEmitter<MarketEvents>();
  private instruments: Instrument[] = [];
  private readonly byId = new Map<number, Instrument>();
  private readonly byCode = new Map<string, Instrument>();
  private categories: CategoryEntry[] = [];
  private readonly quotes = new Map<number, LiveQuote>();
  private readonly dirty = new Set<number>();
  private persistTimer: NodeJS.Timeout | undefined;
  private feed: FeedAdapter | undefined;
  /**
   * The feed's time of its latest step, ticks or none: the feed vouches that every quote it
   * did not move still stands as of then (docs/market-data.md "Fresh prices").
   */
  private vouchedAt = 0;
  /** Silence of the running feed past this means it is gone; none before a feed runs. */
  private silenceLimitMs: number | undefined;
  /** The running feed's link is known to be down: nothing is live until it speaks again. */
  private linkDown = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Loads configuration and the last saved quotes. */
  async load(): Promise<void> {
    const quotes = await repo.listQuotes(this.db);
    await this.reloadConfig();
    for (const row of quotes) this.quotes.set(row.instrument_id, quoteFromRow(row));
  }

  /**
   * Reads categories and instruments again (an operator edited them), keeping the live
   * quotes: a new spread shows in the next quote, a disabled instrument leaves the board.
   */
  async reloadConfig(): Promise<void> {
    const [categories, instruments] = await Promise.all([
      repo.listCategories(this.db),
      repo.listEnabledInstruments(this.db),
    ]);
    this.categories = categories.map((c) => ({
      id: c.id,
      nameKey: c.name_key,
      names: JSON.parse(c.names) as Partial<Record<Lang, string>>,
    }));
    this.instruments = instruments.map(instrumentFromRow);
    this.byId.clear();
    this.byCode.clear();
    for (const inst of this.instruments) {
      this.byId.set(inst.id, inst);
      this.byCode.set(inst.code, inst);
    }
  }

  listInstruments(): readonly Instrument[] {
    return this.instruments;
  }

  instrument(id: number): Instrument | undefined {
    return this.byId.get(id);
  }

  hasCategory(id: number): boolean {
    return this.categories.some((c) => c.id === id);
  }

  /** The live quote in points, with its open/closed state. */
  liveQuote(id: number): Readonly<LiveQuote> | undefined {
    return this.quotes.get(id);
  }

  /**
   * How old the instrument's price is, ms: since its last tick or the feed's last word that
   * it still stands, whichever is newer; undefined without a quote.
   */
  quoteAgeMs(id: number, now = this.now()): number | undefined {
    const q = this.quotes.get(id);
    if (!q) return undefined;
    const vouched = this.feed?.vouchesFor?.(id, now) ?? true;
    return now - (vouched ? Math.max(q.time, this.vouchedAt) : q.time);
  }

  /**
   * Whether the running feed still speaks: a few heartbeats of silence and every price is
   * out of date, whatever each instrument's own limit (an API instance cut off from the
   * engine's ticks, an engine gone). Always true when no feed runs (tests drive prices).
   */
  isFeedLive(now = this.now()): boolean {
    if (this.linkDown) return false;
    return this.silenceLimitMs === undefined || this.feedAgeMs(now) <= this.silenceLimitMs;
  }

  /**
   * `feed` lost its link (a standby's connection to Redis closed): if it is the running
   * feed, no price is live from now until it speaks again — not a few heartbeats later.
   */
  feedLost(feed: FeedAdapter): void {
    if (feed === this.feed || feed === this.feed?.inner) this.linkDown = true;
  }

  /**
   * Whether the instrument may be priced from its quote now: the feed is live and the
   * quote is within the instrument's own limit.
   */
  isQuoteFresh(inst: Instrument, now = this.now()): boolean {
    const age = this.quoteAgeMs(inst.id, now);
    return age !== undefined && age <= inst.maxQuoteAgeMs && this.isFeedLive(now);
  }

  /**
   * Since the feed last spoke (a step with ticks or none), ms; Infinity before it ever
   * has. An instance whose feed is silent — cut off from the engine's ticks — is not ready.
   */
  feedAgeMs(now = this.now()): number {
    return this.vouchedAt === 0 ? Infinity : now - this.vouchedAt;
  }

  /** Open instruments whose quote is too old to price from: what /ready reports. */
  staleOpenInstruments(now = this.now()): Instrument[] {
    return this.instruments.filter((inst) => this.quotes.get(inst.id)?.open && !this.isQuoteFresh(inst, now));
  }

  /** Bid and ask as decimal prices by code: what currency conversion reads. */
  readonly quoteLookup = (code: string): { bid: Price & number; ask: Price & number } | undefined => {
    const inst = this.byCode.get(code);
    const q = inst && this.quotes.get(inst.id);
    if (!inst || !q) return undefined;
    return { bid: pointsToPrice(q.bid, inst.precision), ask: pointsToPrice(q.ask, inst.precision) };
  };

  instrumentByCode(code: string): Instrument | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** Mid prices by code, for the simulator to resume from. */
  savedMids(): Map<string, number> {
    const mids = new Map<string, number>();
    for (const inst of this.instruments) {
      const q = this.quotes.get(inst.id);
      if (q) mids.set(inst.code, pointsToPrice((q.bid + q.ask) / 2, inst.precision));
    }
    return mids;
  }

  /** Seeds quotes that do not exist yet (first start) from the feed's snapshot. */
  initQuotes(
    snapshot: SimTick[],
    /** The current 1day candle per instrument (from the backfill), so the day matches the chart. */
    days: ReadonlyMap<number, { time: number; open: Points; high: Points; low: Points }> = new Map(),
  ): void {
    const time = this.now();
    for (const tick of snapshot) {
      if (this.quotes.has(tick.id) || !this.byId.has(tick.id)) continue;
      const q: LiveQuote = {
        bid: tick.bid,
        ask: tick.ask,
        dayOpen: tick.bid,
        dayHigh: tick.bid,
        dayLow: tick.bid,
        dayStart: 0,
        time,
        open: false,
      };
      applyTick(q, tick.bid, tick.ask, time);
      const day = days.get(tick.id);
      if (day?.time === q.dayStart) {
        q.dayOpen = day.open;
        q.dayHigh = points(Math.max(day.high, q.bid));
        q.dayLow = points(Math.min(day.low, q.bid));
      }
      this.quotes.set(tick.id, q);
      this.dirty.add(tick.id);
    }
    this.refreshOpenState(time);
  }

  /** Starts taking ticks from a feed and saving quotes periodically. */
  start(feed: FeedAdapter): void {
    this.switchFeed(feed);
    this.persistTimer = setInterval(() => void this.persist(), PERSIST_EVERY_MS);
    this.persistTimer.unref();
  }

  /** What operators see of the running feed (the back office's feeds page). */
  feedStatus(now = this.now()): FeedStatus {
    return this.feed?.describe?.(now) ?? simulatorFeedStatus();
  }

  /** Takes ticks from another feed from now on (the engine's own, or the one it sends). */
  switchFeed(feed: FeedAdapter): void {
    this.feed?.stop();
    this.feed = feed;
    this.silenceLimitMs = Math.max(FEED_SILENCE_BEATS * feed.heartbeatMs, MIN_FEED_SILENCE_MS);
    this.linkDown = false;
    feed.start((ticks, time) => this.onTicks(ticks, time));
  }

  /** Stops the feed and saves the latest quotes. */
  async stop(): Promise<void> {
    this.feed?.stop();
    clearInterval(this.persistTimer);
    await this.persist();
  }

  /**
   * Applies the feed's ticks, widened by each instrument's markup (the trader's price:
   * docs/execution.md "Markups"), then tells listeners which instruments changed.
   */
  onTicks(ticks: SimTick[], time: number): void {
    this.linkDown = false;
    if (time > this.vouchedAt) this.vouchedAt = time;
    const changed = new Set<number>(this.refreshOpenState(time));
    for (const tick of ticks) {
      const q = this.quotes.get(tick.id);
      const inst = this.byId.get(tick.id);
      if (!q || !inst) continue;
      const { bid, ask } = markedUp(inst, tick);
      applyTick(q, bid, ask, time);
      changed.add(tick.id);
      this.dirty.add(tick.id);
    }
    if (changed.size > 0) this.events.emit('quotes', [...changed]);
  }

  /** Updates MarketStatus of every instrument; returns those that opened or closed. */
  private refreshOpenState(time: number): number[] {
    const flipped: number[] = [];
    for (const inst of this.instruments) {
      const q = this.quotes.get(inst.id);
      if (!q) continue;
      const open = isMarketOpen(inst.session, time);
      if (q.open !== open) {
        q.open = open;
        flipped.push(inst.id);
      }
    }
    return flipped;
  }

  private async persist(): Promise<void> {
    if (this.dirty.size === 0) return;
    const rows = [...this.dirty].flatMap((id) => {
      const q = this.quotes.get(id);
      return q ? [quoteToRow(id, q)] : [];
    });
    this.dirty.clear();
    await repo.saveQuotes(this.db, rows);
  }

  /** The last bid (integer points) and its time, for the candle builders. */
  quote(id: number): { bid: Points; time: number } | undefined {
    const q = this.quotes.get(id);
    return q ? { bid: q.bid, time: q.time } : undefined;
  }

  quotePush(id: number): QuotePush | undefined {
    const inst = this.byId.get(id);
    const q = this.quotes.get(id);
    return inst && q ? quoteToPush(inst, q) : undefined;
  }

  allQuotePushes(): QuotePush[] {
    return this.instruments.flatMap((inst) => {
      const q = this.quotes.get(inst.id);
      return q ? [quoteToPush(inst, q)] : [];
    });
  }

  /**
   * `trade_list`: pairs matching an optional search text and category. The search matches
   * the code, the display code and the instrument's name (`instrument.<Code>` in the
   * locales) in the caller's language and in English, so "gold", "黃金" and "xau" all find
   * XAUUSD.
   */
  tradeList(
    filter: { search?: string | undefined; categoryId?: number | undefined },
    names?: { lang: Lang; t: Translator },
  ): TradePair[] {
    const search = filter.search ?? '';
    return this.instruments
      .filter((inst) => filter.categoryId === undefined || inst.categoryId === filter.categoryId)
      .filter((inst) => matchesSearch(search, [inst.code, inst.showCode, ...instrumentNames(inst, names)]))
      .flatMap((inst) => {
        const q = this.quotes.get(inst.id);
        return q ? [toTradePair(inst, quoteToPush(inst, q))] : [];
      });
  }

  /** `getCategories`, with names in the caller's language. */
  categoryList(lang: Lang, t: Translator): Category[] {
    return this.categories.map((c) => ({
      Id: c.id,
      NameShowTrans: c.names[lang] ?? t(lang, c.nameKey),
    }));
  }
}

/** The instrument's names in the caller's language and in English; none for a code the locales lack. */
function instrumentNames(inst: Instrument, names: { lang: Lang; t: Translator } | undefined): string[] {
  if (!names) return [];
  const key = `instrument.${inst.code}`;
  const found = new Set([names.t(names.lang, key), names.t('en', key)]);
  found.delete(key); // i18next answers a missing key with the key itself
  return [...found];
}

function toTradePair(inst: Instrument, q: QuotePush): TradePair {
  return {
    Id: inst.id,
    Code: inst.code,
    ShowCode: inst.showCode,
    Logo: `/static/logo/${inst.code}.svg`,
    CategoryId: inst.categoryId,
    MarketStatus: q.MarketStatus,
    PricePrecision: inst.precision,
    Pip: Number(inst.lotStep),
    ForexMinCont: Number(inst.minLots),
    ForexContNum: Number(inst.contractSize),
    MarginMode: inst.marginMode,
    HasForexMultiple: inst.leverages.map((Value) => ({ Value })),
    ForexFeeRate: Number(inst.feeRate),
    ForexQuotations: {
      Open: q.Open,
      Close: q.Close,
      Change: q.Change,
      Bid: q.Bid,
      Ask: q.Ask,
      High: q.High,
      Low: q.Low,
      Time: q.Time,
    },
    BaseCurrency: inst.baseCurrency,
    QuoteCurrency: inst.quoteCurrency,
    MaxQuoteAge: inst.maxQuoteAgeMs,
    SwapLong: inst.swap.long,
    SwapShort: inst.swap.short,
    SwapUnit: inst.swap.unit,
    SwapTripleDay: inst.swap.tripleDay,
  };
}
