import type { Points } from '@pipwise/shared';
import type { MarketService } from '../market/index.js';
import type { AccountBook } from './account-book.js';
import type { EngineIndex } from './engine-index.js';
import { LOT_SCALE } from './live-order.js';
import { moveTolerances, type HeldExposure } from './risk-bands.js';
import type { RiskMonitor } from './risk-monitor.js';
import { TriggerBook } from './trigger-book.js';
import type { MarginWarnings } from './warnings/margin-warnings.js';

/** Where one account's band on one instrument was laid: its edges on the bid and the ask. */
interface Laid {
  instrumentId: number;
  bidLow: Points;
  bidHigh: Points;
  askLow: Points;
  askHigh: Points;
}

/** An instrument's band edges, each book holding the user ids whose band a tick there ends. */
class BandBooks {
  readonly bidLow = new TriggerBook<number>('down');
  readonly bidHigh = new TriggerBook<number>('up');
  readonly askLow = new TriggerBook<number>('down');
  readonly askHigh = new TriggerBook<number>('up');
}

/**
 * Which accounts a tick must value (docs/benchmarks.md "Capacity"). After each valuation an
 * account gets a band per instrument it depends on (risk-bands.ts): the prices inside which
 * nothing can happen to it — no stop-out, no margin call set or lifted, no warning crossed or
 * re-armed. A tick values only the accounts whose band it leaves, found in price-ordered
 * books in O(log n + found), and the accounts that have no band: changed since (an order, a
 * deposit, a swap), their levels changed, their warning levels not read yet, or sitting at a
 * level already. Any change of theirs the engine hears takes their band away.
 */
export class RiskWatch {
  private readonly books = new Map<number, BandBooks>();
  /** The accounts with a band, and where it lies. */
  private readonly banded = new Map<number, Laid[]>();
  /**
   * Since start: accounts whose band a tick left (or that had none), and of those the ones
   * the float estimate could not clear, valued exactly (benchmark, /metrics).
   */
  readonly counts = { rebanded: 0, valued: 0 };
  /** Reused per tick (the engine's ticks never overlap). */
  private readonly found: number[] = [];

  constructor(
    private readonly deps: {
      index: EngineIndex;
      risk: RiskMonitor;
      warnings: MarginWarnings;
      market: MarketService;
      /** An account whose exact valuation failed (it is valued again at the next tick). */
      onError?: (userId: number, err: unknown) => void;
    },
  ) {}

  /** How many accounts have a band now (for the benchmark and /metrics). */
  get bandedCount(): number {
    return this.banded.size;
  }

  /** Takes the account's band away: it is valued at the next tick of what it holds. */
  loosen(userId: number): void {
    const laid = this.banded.get(userId);
    if (!laid) return;
    this.banded.delete(userId);
    this.removeEdges(userId, laid);
  }

  private removeEdges(userId: number, laid: readonly Laid[]): void {
    for (const l of laid) {
      const books = this.books.get(l.instrumentId);
      if (!books) continue;
      books.bidLow.remove(l.bidLow, userId);
      books.bidHigh.remove(l.bidHigh, userId);
      books.askLow.remove(l.askLow, userId);
      books.askHigh.remove(l.askHigh, userId);
    }
  }

  /** Every band goes (the index was read again, or the levels changed). */
  loosenAll(): void {
    this.banded.clear();
    this.books.clear();
  }

  /**
   * The accounts the quotes of `ids` must value now: those whose band these prices left, and
   * those exposed to them that have no band. Each is valued (RiskMonitor.assess) and handed to
   * `valued` with whether a stop-out is due, then banded again from what the valuation found.
   */
  valueAfter(ids: readonly number[], valued: (account: AccountBook, stopOutDue: boolean) => void): void {
    const found = this.found;
    found.length = 0;
    for (const id of ids) {
      const q = this.deps.market.liveQuote(id);
      const books = this.books.get(id);
      if (q && books) {
        books.bidLow.takeTriggered(q.bid, found);
        books.bidHigh.takeTriggered(q.bid, found);
        books.askLow.takeTriggered(q.ask, found);
        books.askHigh.takeTriggered(q.ask, found);
      }
      for (const userId of this.deps.index.usersExposedTo(id))
        if (!this.banded.has(userId)) found.push(userId);
    }
    if (found.length === 0) return;
    const prices = new PriceCache(this.deps.market, this.deps.risk);
    // First the decisions, then the bookkeeping: each account gets a float estimate; one
    // surely below its stop-out is nominated at once, one clear of every level can change
    // nothing, the rest are valued exactly, the lowest first. Their bands are laid last.
    const toBand: { account: AccountBook; valuation?: Estimate; edges?: Edges }[] = [];
    const urgent: { account: AccountBook; level: number }[] = [];
    const nominated: AccountBook[] = [];
    // Every account found loses its band at once (a map entry), so one that a failure below
    // leaves behind is valued on every tick until it is banded again; the edges in the books
    // go after the decisions.
    const stale: { userId: number; laid: Laid[] }[] = [];
    const seen = new Set<number>();
    for (const userId of found) {
      if (seen.has(userId)) continue;
      seen.add(userId);
      const laid = this.banded.get(userId);
      if (laid) {
        this.banded.delete(userId);
        stale.push({ userId, laid });
      }
      const account = this.deps.index.accounts.get(userId);
      if (!account) continue;
      this.counts.rebanded += 1;
      const estimate = estimated(account, prices);
      if (estimate && surelyStopOut(estimate, account, this.deps.risk)) {
        valued(account, true);
        nominated.push(account);
        continue;
      }
      const edges = this.levelEdges(account);
      if (edges && estimate && clearOf(estimate, edges, account))
        toBand.push({ account, valuation: estimate, edges });
      else urgent.push({ account, level: estimate ? levelOf(estimate, account) : -Infinity });
    }
    urgent.sort((a, b) => a.level - b.level);
    this.counts.valued += urgent.length + nominated.length;
    for (const { account } of urgent) {
      const profits = new Map<number, number>();
      const due = this.exactly(account, profits);
      if (due === undefined) continue;
      valued(account, due);
      toBand.push(this.bandable(account, prices, profits));
    }
    // The nominated ones' figures (margin level, margin call) as the exact valuation says.
    for (const account of nominated) {
      const profits = new Map<number, number>();
      if (this.exactly(account, profits) !== undefined) toBand.push(this.bandable(account, prices, profits));
    }
    for (const { userId, laid } of stale) this.removeEdges(userId, laid);
    for (const { account, valuation, edges } of toBand)
      if (valuation && edges) this.band(account, valuation, edges);
  }

  /**
   * The exact valuation (RiskMonitor.assess): whether a stop-out is due, or undefined when it
   * failed (a rate missing): told, and the account stays without a band, valued again next tick.
   */
  private exactly(account: AccountBook, profits: Map<number, number>): boolean | undefined {
    try {
      return this.deps.risk.assess(account, profits);
    } catch (err) {
      this.deps.onError?.(account.userId, err);
      return undefined;
    }
  }

  /** An account just valued exactly, as the bands take it. */
  private bandable(
    account: AccountBook,
    prices: PriceCache,
    profits: ReadonlyMap<number, number>,
  ): { account: AccountBook; valuation?: Estimate; edges?: Edges } {
    return { account, valuation: estimated(account, prices, profits), edges: this.levelEdges(account) };
  }

  /** Lays the account's bands from its valuation, unless it sits at a level already. */
  private band(account: AccountBook, valuation: Estimate, edges: Edges): void {
    if (account.usedMargin <= 0) return;
    const tolerances = moveTolerances({
      equityUsd: valuation.equityUsd,
      usedMarginUsd: Number(account.usedMargin) / 1e6,
      ...edges,
      exposures: valuation.exposures,
    });
    if (!tolerances) return;
    const laid: Laid[] = [];
    for (const [instrumentId, move] of tolerances) {
      const inst = this.deps.market.instrument(instrumentId);
      const q = this.deps.market.liveQuote(instrumentId);
      if (!inst || !q) return;
      // In whole points: a move of `step` or more values the account, so the largest move it
      // lets by (step − 1) is less than the tolerance, even for one under a point (step 1).
      const step = Math.ceil(move * 10 ** inst.precision);
      if (!(step >= 1)) return;
      laid.push({
        instrumentId,
        bidLow: (q.bid - step) as Points,
        bidHigh: (q.bid + step) as Points,
        askLow: (q.ask - step) as Points,
        askHigh: (q.ask + step) as Points,
      });
    }
    for (const l of laid) {
      let books = this.books.get(l.instrumentId);
      if (!books) {
        books = new BandBooks();
        this.books.set(l.instrumentId, books);
      }
      books.bidLow.add(l.bidLow, account.userId, account.userId);
      books.bidHigh.add(l.bidHigh, account.userId, account.userId);
      books.askLow.add(l.askLow, account.userId, account.userId);
      books.askHigh.add(l.askHigh, account.userId, account.userId);
    }
    this.banded.set(account.userId, laid);
  }

  /**
   * The margin levels where something would happen to the account, below and above where
   * it is: its stop-out (as nominated, one display step above), its margin call (set or
   * lifted), its warnings (armed or fired). Undefined while its warning levels are not known.
   */
  private levelEdges(account: AccountBook): Edges | undefined {
    const warnings = this.deps.warnings.edges(account.userId);
    if (!warnings) return undefined;
    const { stopOut, marginCall } = this.deps.risk.levelsOf(account);
    const down = [...warnings.down, stopOut.toNumber() + 0.01];
    const up = [...warnings.up];
    (account.marginCalled ? up : down).push(marginCall.toNumber());
    return { down, up };
  }
}

/** Margin levels (%) where something happens to an account, below and above it. */
interface Edges {
  down: number[];
  up: number[];
}

/** An account valued in floats: each held instrument, the equity, the notional (USD). */
interface Estimate {
  exposures: HeldExposure[];
  equityUsd: number;
  notionalUsd: number;
}

/** What pricing a held instrument needs, read once per tick handling. */
interface Pricing {
  precision: number;
  contractSize: number;
  bid: number;
  ask: number;
  quoteToUsd: number;
  rate: HeldExposure['rate'];
}

/** The instruments' quotes and USD rates as floats, each read once per tick handling. */
class PriceCache {
  private readonly cache = new Map<number, Pricing | null>();

  constructor(
    private readonly market: MarketService,
    private readonly risk: RiskMonitor,
  ) {}

  of(instrumentId: number): Pricing | null {
    let found = this.cache.get(instrumentId);
    if (found === undefined) {
      found = this.read(instrumentId);
      this.cache.set(instrumentId, found);
    }
    return found;
  }

  private read(instrumentId: number): Pricing | null {
    const { market } = this;
    const inst = market.instrument(instrumentId);
    const q = inst && market.liveQuote(instrumentId);
    if (!inst || !q) return null;
    const base = {
      precision: inst.precision,
      contractSize: Number(inst.contractSize),
      bid: q.bid,
      ask: q.ask,
    };
    if (inst.quoteCurrency === 'USD') return { ...base, quoteToUsd: 1, rate: null };
    const rateInst =
      market.instrumentByCode(`${inst.quoteCurrency}USD`) ??
      market.instrumentByCode(`USD${inst.quoteCurrency}`);
    const rateQuote = rateInst && market.liveQuote(rateInst.id);
    if (!rateInst || !rateQuote) return null;
    const scale = 10 ** rateInst.precision;
    let quoteToUsd: number;
    try {
      quoteToUsd = this.risk.quoteToUsd(inst);
    } catch {
      // No rate now: the account is valued exactly (and told about) instead.
      return null;
    }
    return {
      ...base,
      quoteToUsd,
      rate: { instrumentId: rateInst.id, mid: (rateQuote.bid + rateQuote.ask) / 2 / scale },
    };
  }
}

/**
 * The account in floats, each instrument's profit from its running sums at the quote now —
 * or, given `exact` (micro-USD per instrument, from RiskMonitor.assess), from those. Undefined
 * when an instrument it holds has no price or rate now.
 */
function estimated(
  account: AccountBook,
  prices: PriceCache,
  exact?: ReadonlyMap<number, number>,
): Estimate | undefined {
  const exposures: HeldExposure[] = [];
  let equityUsd = Number(account.balance) / 1e6;
  let notionalUsd = 0;
  for (const [instrumentId, sums] of account.exposures) {
    const p = prices.of(instrumentId);
    if (!p) return undefined;
    const perUnit = p.contractSize / (Number(LOT_SCALE) * 10 ** p.precision);
    const known = exact?.get(instrumentId);
    if (exact && known === undefined) return undefined;
    const profitUsd =
      known !== undefined
        ? known / 1e6
        : (Number(sums.buyUnits) * p.bid -
            Number(sums.buyCost) -
            (Number(sums.sellUnits) * p.ask - Number(sums.sellCost))) *
          perUnit *
          p.quoteToUsd;
    const units = (Number(sums.buyUnits + sums.sellUnits) / Number(LOT_SCALE)) * p.contractSize;
    const price = p.bid / 10 ** p.precision;
    equityUsd += profitUsd;
    notionalUsd += units * price * p.quoteToUsd;
    exposures.push({ instrumentId, profitUsd, units, quoteToUsd: p.quoteToUsd, price, rate: p.rate });
  }
  return { exposures, equityUsd, notionalUsd };
}

function levelOf(estimate: Estimate, account: AccountBook): number {
  return (estimate.equityUsd / (Number(account.usedMargin) / 1e6)) * 100;
}

/**
 * Whether the estimate puts the account clear of every level, by more than a float's error
 * could be (relative to the notional, whose terms the profits are differences of) and each
 * instrument's rounding to a micro-USD in the exact valuation.
 */
function clearOf(estimate: Estimate, edges: Edges, account: AccountBook): boolean {
  const used = Number(account.usedMargin) / 1e6;
  if (!(used > 0)) return false;
  const error = floatError(estimate, used);
  const equityAt = (level: number) => (level * used) / 100;
  for (const level of edges.down)
    if (!(estimate.equityUsd - error > equityAt(level + LEVEL_STEP))) return false;
  for (const level of edges.up)
    if (!(estimate.equityUsd + error < equityAt(level - LEVEL_STEP))) return false;
  return true;
}

/**
 * Whether the estimate puts the account below its stop-out by more than the float's error:
 * the exact level (rounded to 2 decimals) is then surely at or under what RiskMonitor.assess
 * nominates at.
 */
function surelyStopOut(estimate: Estimate, account: AccountBook, risk: RiskMonitor): boolean {
  const used = Number(account.usedMargin) / 1e6;
  if (!(used > 0)) return false;
  const stopOut = risk.levelsOf(account).stopOut.toNumber();
  return estimate.equityUsd + floatError(estimate, used) < ((stopOut + LEVEL_STEP / 2) * used) / 100;
}

/**
 * How far a float estimate of the equity may be from the exact valuation: far more than a
 * double's error on the notional whose terms the profits are differences of, plus each
 * instrument's rounding to a micro-USD.
 */
function floatError(estimate: Estimate, used: number): number {
  return (
    1e-6 * (estimate.notionalUsd + Math.abs(estimate.equityUsd) + used) + estimate.exposures.length * 1e-6
  );
}

/** Margin levels are shown and compared to 2 decimals. */
const LEVEL_STEP = 0.01;
