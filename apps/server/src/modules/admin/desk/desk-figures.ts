import {
  closingPoints,
  Dec,
  fromMicros,
  instrumentRates,
  microUsd,
  notionalUsd,
  pointsToDecimal,
  toMicros,
  type DeskAccount,
  type DeskExposure,
  type MicroUsd,
} from '@pipwise/shared';
import type { MarketService } from '../../market/index.js';
import type { UserContact } from '../../auth/index.js';
import { figuresOf, type DeskPosition, type Valuation } from '../../trading/index.js';

/**
 * The desk's figures from what it read (docs/dealing-desk.md): per instrument the clients'
 * lots, notional and the house's B-book P&L; per account its figures as the trader's own
 * screens compute them (`figuresOf`). Everything is priced with this instance's quotes and
 * the shared math; nothing here reads the database.
 */

export interface DeskAccountState {
  balance: MicroUsd;
  lock: MicroUsd;
}

interface InstrumentBook {
  positions: number;
  long: Dec;
  short: Dec;
  aLong: Dec;
  aShort: Dec;
  /** Σ the clients' floating profit of B-book positions, micro-USD. */
  bBookProfit: number;
  /** Every B-book position got a price. */
  priced: boolean;
}

const ZERO = new Dec(0);
const usd = (micros: number): number => fromMicros(microUsd(micros)).toNumber();

/** USD per lot of the instrument's base at the mid price now; undefined without a quote or rate. */
function baseToUsdAtMid(
  market: MarketService,
  instrumentId: number,
): { contractSize: string; baseToUsd: Dec } | undefined {
  const inst = market.instrument(instrumentId);
  const quote = market.liveQuote(instrumentId);
  if (!inst || !quote) return undefined;
  const mid = pointsToDecimal(quote.bid + quote.ask, inst.precision).div(2);
  const rates = instrumentRates({
    base: inst.baseCurrency,
    quote: inst.quoteCurrency,
    price: mid,
    quotes: market.quoteLookup,
  });
  return rates && { contractSize: inst.contractSize, baseToUsd: rates.baseToUsd };
}

/** notionalUsd of `lots`, micro-USD; 0 when the instrument cannot be priced now. */
function notionalMicros(rate: ReturnType<typeof baseToUsdAtMid>, lots: Dec): number {
  if (!rate || lots.isZero()) return 0;
  return toMicros(notionalUsd({ lots, contractSize: rate.contractSize, baseToUsd: rate.baseToUsd }));
}

export interface DeskFigures {
  exposure: DeskExposure[];
  accounts: DeskAccount[];
  housePnlMicros: number;
  netMicros: number;
}

/**
 * Prices `positions` (real accounts only: the caller has left demo out) and their accounts.
 * An account without an `accounts` row, or whose positions cannot be converted to USD now,
 * counts in the exposure but not in the account lists.
 */
export function deskFigures(input: {
  positions: readonly DeskPosition[];
  accounts: ReadonlyMap<number, DeskAccountState>;
  contacts: (userId: number) => UserContact;
  market: MarketService;
  valuation: Valuation;
}): DeskFigures {
  const { positions, market, valuation } = input;
  const byUser = new Map<number, DeskPosition[]>();
  for (const p of positions) {
    const list = byUser.get(p.userId) ?? [];
    list.push(p);
    byUser.set(p.userId, list);
  }
  const rates = new Map<number, ReturnType<typeof baseToUsdAtMid>>();
  const rateOf = (instrumentId: number) => {
    if (!rates.has(instrumentId)) rates.set(instrumentId, baseToUsdAtMid(market, instrumentId));
    return rates.get(instrumentId);
  };

  const books = new Map<number, InstrumentBook>();
  const accounts: DeskAccount[] = [];
  for (const [userId, held] of byUser) {
    const state = input.accounts.get(userId);
    let values: ReturnType<typeof figuresOf>['values'] | undefined;
    if (state) {
      try {
        const figures = figuresOf(
          { balance: state.balance, lock: state.lock, positions: held },
          valuation,
          market,
        );
        values = figures.values;
        const contact = input.contacts(userId);
        accounts.push({
          user_id: userId,
          uid: contact.uid,
          email: contact.email,
          mobile: contact.mobile ? `${contact.area_code ?? ''} ${contact.mobile}`.trim() : null,
          positions: held.length,
          balance: figures.balance.toNumber(),
          equity: figures.equity.toNumber(),
          used_margin: figures.usedMargin.toNumber(),
          margin_level: figures.marginLevel?.toNumber() ?? null,
          floating_pnl: figures.floating.toNumber(),
          notional_usd: usd(accountNotional(held, rateOf)),
        });
      } catch {
        // No USD rate for one of its instruments right now: left out of the lists this time.
        values = undefined;
      }
    }
    for (const p of held) {
      const book = books.get(p.instrumentId) ?? {
        positions: 0,
        long: ZERO,
        short: ZERO,
        aLong: ZERO,
        aShort: ZERO,
        bBookProfit: 0,
        priced: true,
      };
      book.positions += 1;
      if (p.side === 1) book.long = book.long.plus(p.lots);
      else book.short = book.short.plus(p.lots);
      if (p.aBook) {
        if (p.side === 1) book.aLong = book.aLong.plus(p.lots);
        else book.aShort = book.aShort.plus(p.lots);
      } else {
        const value = values?.get(p.id) ?? pricedAlone(p, market, valuation);
        if (value === undefined) book.priced = false;
        else book.bBookProfit += value.profit;
      }
      books.set(p.instrumentId, book);
    }
  }

  let housePnlMicros = 0;
  let netMicros = 0;
  const exposure: DeskExposure[] = [];
  for (const [instrumentId, book] of books) {
    const rate = rateOf(instrumentId);
    const longMicros = notionalMicros(rate, book.long);
    const shortMicros = notionalMicros(rate, book.short);
    // The house holds the other side of every B-book position: its P&L is the clients' negated.
    const house = book.bBookProfit === 0 ? 0 : -book.bBookProfit;
    housePnlMicros += house;
    netMicros += longMicros - shortMicros;
    exposure.push({
      instrument_id: instrumentId,
      code: market.instrument(instrumentId)?.code ?? `#${instrumentId}`,
      positions: book.positions,
      long_lots: book.long.toString(),
      short_lots: book.short.toString(),
      net_lots: book.long.minus(book.short).toString(),
      long_usd: usd(longMicros),
      short_usd: usd(shortMicros),
      net_usd: usd(longMicros - shortMicros),
      a_book_long_lots: book.aLong.toString(),
      a_book_short_lots: book.aShort.toString(),
      b_book_net_lots: book.long.minus(book.short).minus(book.aLong.minus(book.aShort)).toString(),
      house_pnl_usd: usd(house),
      priced: rate !== undefined && book.priced,
    });
  }
  exposure.sort((a, b) => Math.abs(b.net_usd) - Math.abs(a.net_usd) || a.code.localeCompare(b.code));
  return { exposure, accounts, housePnlMicros, netMicros };
}

/** Σ notional of an account's lots, long and short alike, per instrument rounded once. */
function accountNotional(
  held: readonly DeskPosition[],
  rateOf: (instrumentId: number) => ReturnType<typeof baseToUsdAtMid>,
): number {
  const lots = new Map<number, Dec>();
  for (const p of held) lots.set(p.instrumentId, (lots.get(p.instrumentId) ?? ZERO).plus(p.lots));
  let total = 0;
  for (const [instrumentId, sum] of lots) total += notionalMicros(rateOf(instrumentId), sum);
  return total;
}

/** A position of an account left out of the lists, priced on its own (undefined: cannot be). */
function pricedAlone(
  p: DeskPosition,
  market: MarketService,
  valuation: Valuation,
): { profit: number } | undefined {
  const inst = market.instrument(p.instrumentId);
  const quote = market.liveQuote(p.instrumentId);
  if (!inst || !quote) return undefined;
  try {
    return { profit: valuation.profit(inst, p, closingPoints(quote, p.side, p.groupMarkup)) };
  } catch {
    return undefined;
  }
}

/** The three short lists, `size` rows each (ties by user id, so the order is stable). */
export function deskLists(accounts: readonly DeskAccount[], size: number) {
  const byId = (a: DeskAccount, b: DeskAccount) => a.user_id - b.user_id;
  const withLevel = accounts.filter((a) => a.margin_level !== null);
  return {
    nearest_stop_out: [...withLevel]
      .sort((a, b) => a.margin_level! - b.margin_level! || byId(a, b))
      .slice(0, size),
    top_profit: [...accounts].sort((a, b) => b.floating_pnl - a.floating_pnl || byId(a, b)).slice(0, size),
    top_exposure: [...accounts].sort((a, b) => b.notional_usd - a.notional_usd || byId(a, b)).slice(0, size),
  };
}
