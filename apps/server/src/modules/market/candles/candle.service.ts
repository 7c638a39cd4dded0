import {
  PERIODS,
  pointsToPrice,
  SPARKLINE_PERIOD,
  SPARKLINE_POINTS,
  type Candle,
  type CandlePush,
  type Period,
  type Sparkline,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { Instrument } from '../instrument.js';
import type { MarketService } from '../market.service.js';
import { CandleBuilder, type CandlePoints } from './candle-builder.js';
import { toCandle } from './candle-format.js';
import * as repo from './candle.repository.js';
import { PendingCandles } from './pending-candles.js';

/** What the service needs of the socket hub. */
export interface CandlePublisher {
  publish(topic: `KLINE.${string}`, data: CandlePush): void;
  subscribedTopics(prefix: string): ReadonlySet<string>;
}

export interface CandleServiceOptions {
  /** How often changed candles are written (a crash loses at most this much). */
  flushMs: number;
  log?: { error(obj: object, msg: string): void };
}

export const DEFAULT_CANDLE_OPTIONS: CandleServiceOptions = { flushMs: 3_000 };

/** One instrument's builders (in PERIODS order) and the state around them. */
interface Book {
  inst: Instrument;
  builders: CandleBuilder[];
  /** `KLINE.<Code>.<period>`, in PERIODS order, built once. */
  topics: `KLINE.${string}`[];
  lastBid: number;
  lastTime: number;
  /** Closes (prices) of the last closed sparkline candles, oldest first. */
  spark: number[];
  /** A forming candle changed since the last write. */
  changed: boolean;
}

/**
 * Candles of every period, built from the market's ticks. Forming candles live in memory
 * and are pushed on `KLINE.<Code>.<period>`; they and the candles they close are written in
 * batches every few seconds and at stop. `kline` reads the database and lays what is
 * still in memory over it, so its last candle is always live.
 */
export class CandleService {
  private readonly books = new Map<number, Book>();
  private readonly pending = new PendingCandles();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /**
   * Whether this instance writes candles. In the scaled shape only the engine does; the
   * others build them in memory for their sockets and drop what closes.
   */
  private persisting = true;

  constructor(
    private readonly db: Db,
    private readonly market: MarketService,
    private readonly hub: CandlePublisher,
    private readonly options: CandleServiceOptions = DEFAULT_CANDLE_OPTIONS,
  ) {}

  /**
   * Continues the newest stored candle of every instrument and period (a restart neither
   * loses nor duplicates the forming candle), then follows the market's ticks.
   */
  async load(): Promise<void> {
    // One after another: a couple of hundred indexed reads, not worth a pool's connections.
    for (const inst of this.market.listInstruments()) this.books.set(inst.id, await this.loadBook(inst));
    this.market.events.on('quotes', (ids) => this.onQuotes(ids));
  }

  private async loadBook(inst: Instrument): Promise<Book> {
    const builders: CandleBuilder[] = [];
    let spark: number[] = [];
    for (const period of PERIODS) {
      const sparkline = period === SPARKLINE_PERIOD;
      const rows = await repo.latestCandles(this.db, inst.id, period, sparkline ? SPARKLINE_POINTS : 1);
      builders.push(new CandleBuilder(period, rows[0]));
      // rows[0] is the forming candle; the rest are closed, newest first.
      if (sparkline)
        spark = rows
          .slice(1)
          .map((r) => pointsToPrice(r.close, inst.precision))
          .reverse();
    }
    const quote = this.market.quote(inst.id);
    return {
      inst,
      builders,
      topics: PERIODS.map((p): `KLINE.${string}` => `KLINE.${inst.code}.${p}`),
      lastBid: quote?.bid ?? 0,
      lastTime: quote?.time ?? 0,
      spark,
      changed: false,
    };
  }

  /** Makes this instance the candles' writer, or a reader that drops closed candles. */
  setPersisting(persisting: boolean): void {
    this.persisting = persisting;
  }

  /** Starts the periodic write. */
  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops writing periodically and saves everything, forming candles included. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const book of this.books.values()) book.changed = true;
    await this.flush();
  }

  /** Applies the instruments' latest bids to their builders and pushes watched candles. */
  onQuotes(ids: readonly number[]): void {
    const watched = this.hub.subscribedTopics('KLINE.');
    for (const id of ids) {
      const book = this.books.get(id);
      const q = this.market.quote(id);
      // An open/close flip reports the instrument without a new tick.
      if (!book || !q || (q.time === book.lastTime && q.bid === book.lastBid)) continue;
      book.lastBid = q.bid;
      book.lastTime = q.time;
      book.changed = true;
      book.builders.forEach((builder, i) => {
        const closed = builder.apply(q.bid, q.time);
        if (closed) this.closed(book, builder.period, closed);
        const topic = book.topics[i]!;
        if (watched.has(topic) && builder.current) {
          this.hub.publish(topic, toCandle(builder.current, book.inst.precision));
        }
      });
    }
  }

  private closed(book: Book, period: Period, candle: CandlePoints): void {
    this.pending.put(book.inst.id, period, candle);
    if (period !== SPARKLINE_PERIOD) return;
    book.spark.push(pointsToPrice(candle.close, book.inst.precision));
    // One place is the forming candle's.
    if (book.spark.length > SPARKLINE_POINTS - 1) book.spark.shift();
  }

  /** Writes closed and changed forming candles; writes never overlap. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<void> {
    for (const book of this.books.values()) {
      if (!book.changed) continue;
      book.changed = false;
      for (const b of book.builders)
        if (b.current) this.pending.put(book.inst.id, b.period, { ...b.current });
    }
    const { rows, done } = this.pending.take();
    if (rows.length === 0) return;
    if (!this.persisting) return done();
    try {
      await this.db.transaction().execute((trx) => repo.upsertCandles(trx, rows));
      done();
    } catch (err) {
      // Kept pending: the next flush tries again.
      this.options.log?.error({ err }, 'writing candles failed');
    }
  }

  /** The candles of an instrument, or the translated "this instrument does not exist". */
  private book(instrumentId: number): Book {
    const book = this.books.get(instrumentId);
    if (!book) throw AppError.rule('errors.instrument_not_found');
    return book;
  }

  /** `kline`: the last `limit` candles, oldest first; an unknown instrument is "not found". */
  async kline(instrumentId: number, period: Period, limit: number): Promise<Candle[]> {
    const precision = this.book(instrumentId).inst.precision;
    return (await this.latest(instrumentId, period, limit)).map((c) => toCandle(c, precision));
  }

  /**
   * The last `limit` candles in points, oldest first: the stored ones with those still in
   * memory (pending a write, forming) laid over them. Move alerts seed their rolling ranges
   * with the 1-minute ones (docs/notifications.md "Price alerts").
   */
  async latest(instrumentId: number, period: Period, limit: number): Promise<Readonly<CandlePoints>[]> {
    const book = this.book(instrumentId);
    const stored = await repo.latestCandles(this.db, instrumentId, period, limit);
    const byTime = new Map<number, Readonly<CandlePoints>>(stored.map((c) => [c.time, c]));
    for (const c of this.pending.of(instrumentId, period)) byTime.set(c.time, c);
    const forming = book.builders[PERIODS.indexOf(period)]?.current;
    if (forming) byTime.set(forming.time, forming);
    return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
  }

  /** `abbreviated_cache_kline`: every instrument's sparkline, or one's (unknown: "not found"); from memory. */
  sparklines(instrumentId?: number): Sparkline[] {
    const books = instrumentId === undefined ? [...this.books.values()] : [this.book(instrumentId)];
    return books.map((book) => {
      const forming = book.builders[PERIODS.indexOf(SPARKLINE_PERIOD)]?.current;
      const live = forming ? [pointsToPrice(forming.close, book.inst.precision)] : [];
      return { Id: book.inst.id, Code: book.inst.code, Points: [...book.spark, ...live] };
    });
  }
}
