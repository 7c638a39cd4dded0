import { accountFreeMargin, accountMarginLevel } from './account.js';
import { maxAffordableLots } from './affordable.js';
import { Dec, type DecimalInput } from './decimal.js';
import { tradeFee } from './fee.js';
import { marginRequired } from './margin.js';
import { roundMoney } from './money.js';
import { positionProfit } from './profit.js';
import { instrumentRates, usdPerUnit, type QuoteLookup } from './rates.js';
import { isStopOutDue } from './risk.js';
import { isBuy, type TradeSide } from './side.js';
import { finite, positive } from './validate.js';

// The risk-first order ticket (docs/money.md "The order ticket"): what a trade costs and
// risks before it is placed. One function per figure; the app shows them as the trader
// types and the server answers the same figures for an order preview, from the same quotes.

/** What the ticket needs of an instrument. Prices are decimals (not points). */
export interface TicketInstrument {
  code: string;
  base: string;
  quote: string;
  /** Decimals of its prices. */
  precision: number;
  contractSize: DecimalInput;
  /** 1 fixed margin, otherwise leveraged. */
  marginMode: number;
  feeRate: DecimalInput;
  lotStep: DecimalInput;
  minLots: DecimalInput;
}

/** An open position of the account. */
export interface TicketPosition {
  instrument: Pick<TicketInstrument, 'code' | 'base' | 'quote' | 'contractSize'>;
  side: TradeSide;
  lots: DecimalInput;
  openPrice: DecimalInput;
  /** Its stored margin, USD. */
  margin: DecimalInput;
}

export interface TicketAccount {
  /** USD; may be below zero while positions are open. */
  balance: DecimalInput;
  /** Held by pending withdrawals, USD. */
  held: DecimalInput;
  positions: readonly TicketPosition[];
}

/** The market and the operator's rules the figures are taken at. */
export interface TicketMarket {
  quotes: QuoteLookup;
  /** getBasicInfo `trade_fee_type`. */
  tradeFeeType: number;
  stopOutLevel: DecimalInput;
  marginCallLevel: DecimalInput;
}

/** The order being considered. */
export interface TicketOrder {
  instrument: TicketInstrument;
  side: TradeSide;
  lots: DecimalInput;
  leverage: DecimalInput;
  /** Where it opens: the fill (ask for a buy, bid for a sell) or a pending order's target. */
  entry: DecimalInput;
  tp?: DecimalInput | undefined;
  sl?: DecimalInput | undefined;
}

/** A quote lookup where one instrument's quote is replaced (the ticket's "what if"). */
function withQuote(quotes: QuoteLookup, code: string, bid: Dec, ask: Dec): QuoteLookup {
  return (c) => (c === code ? { bid, ask } : quotes(c));
}

/** The instrument's current spread (ask − bid), in price. */
function spreadOf(quotes: QuoteLookup, code: string): Dec {
  const q = quotes(code);
  if (!q) throw new RangeError(`no quote for ${code}`);
  return finite('ask', q.ask).minus(finite('bid', q.bid));
}

/** USD per unit of a currency, or RangeError when no quote gives it. */
function rate(currency: string, quotes: QuoteLookup): Dec {
  const value = usdPerUnit({ currency, quotes });
  if (!value) throw new RangeError(`no USD rate for ${currency}`);
  return value;
}

/**
 * Gross profit of a position if it closed now: at the bid for a buy, the ask for a sell,
 * converted at the current quote→USD rate — the server's `figuresOf`, position by position.
 */
export function positionValue(position: TicketPosition, quotes: QuoteLookup): Dec {
  const q = quotes(position.instrument.code);
  if (!q) return new Dec(0);
  return positionProfit({
    side: position.side,
    openPrice: position.openPrice,
    closePrice: isBuy(position.side) ? q.bid : q.ask,
    lots: position.lots,
    contractSize: position.instrument.contractSize,
    quoteToUsd: rate(position.instrument.quote, quotes),
  });
}

/** Equity and used margin of an account at these quotes, USD. */
export function accountState(account: TicketAccount, quotes: QuoteLookup): { equity: Dec; used: Dec } {
  let floating = new Dec(0);
  let used = new Dec(0);
  for (const p of account.positions) {
    floating = floating.plus(positionValue(p, quotes));
    used = used.plus(finite('margin', p.margin));
  }
  return { equity: roundMoney(finite('balance', account.balance).plus(floating)), used };
}

/**
 * Spread cost of an order at the current quote, USD: spread × lots × contract size ×
 * quote→USD — what the position is down the moment it opens.
 */
export function spreadCost({ order, quotes }: { order: TicketOrder; quotes: QuoteLookup }): Dec {
  const inst = order.instrument;
  return roundMoney(
    spreadOf(quotes, inst.code)
      .mul(positive('lots', order.lots))
      .mul(positive('contractSize', inst.contractSize))
      .mul(rate(inst.quote, quotes)),
  );
}

/** Margin and fee of the order at its entry, exactly as the server charges them. */
export function orderCharges({ order, market }: { order: TicketOrder; market: TicketMarket }): {
  margin: Dec;
  fee: Dec;
} {
  const inst = order.instrument;
  const rates = instrumentRates({
    base: inst.base,
    quote: inst.quote,
    price: order.entry,
    quotes: market.quotes,
  });
  if (!rates) throw new RangeError(`no USD rate for ${inst.quote}`);
  const margin = marginRequired({
    lots: order.lots,
    contractSize: inst.contractSize,
    marginMode: inst.marginMode,
    leverage: order.leverage,
    baseToUsd: rates.baseToUsd,
  });
  return {
    margin,
    fee: tradeFee({ tradeFeeType: market.tradeFeeType, lots: order.lots, feeRate: inst.feeRate, margin }),
  };
}

/**
 * Money the position makes (positive) or loses (negative) if it closes at `exit`, USD,
 * converted as the server would at that moment: an instrument that is its own quote's USD
 * rate (USD/JPY) is priced at the exit; other rates stay where they are now.
 */
export function moneyAt({
  order,
  exit,
  quotes,
}: {
  order: TicketOrder;
  exit: DecimalInput;
  quotes: QuoteLookup;
}): Dec {
  const inst = order.instrument;
  const price = positive('exit', exit);
  const spread = spreadOf(quotes, inst.code);
  // The closing side is at `exit`: the bid for a buy, the ask for a sell.
  const then = isBuy(order.side)
    ? withQuote(quotes, inst.code, price, price.plus(spread))
    : withQuote(quotes, inst.code, price.minus(spread), price);
  return positionProfit({
    side: order.side,
    openPrice: order.entry,
    closePrice: price,
    lots: order.lots,
    contractSize: inst.contractSize,
    quoteToUsd: rate(inst.quote, then),
  });
}

/** Distance of `price` from the entry in points, and in pips for currency pairs (10 points). */
export function distance({ order, price }: { order: TicketOrder; price: DecimalInput }): {
  points: Dec;
  pips: Dec | null;
} {
  const inst = order.instrument;
  const points = finite('price', price)
    .minus(order.entry)
    .abs()
    .mul(new Dec(10).pow(inst.precision))
    .toDecimalPlaces(0);
  const forex = inst.precision === 3 || inst.precision === 5;
  return { points, pips: forex ? points.div(10) : null };
}

/** The ticket's figures at a stop or a target. */
export interface LevelFigures {
  price: Dec;
  money: Dec;
  points: Dec;
  pips: Dec | null;
  /** money ÷ equity × 100, 2 decimals. */
  percentOfEquity: Dec;
}

/** Everything the ticket shows before the tap. */
export interface TicketFigures {
  margin: Dec;
  fee: Dec;
  spreadCost: Dec;
  /** Free margin once the order is placed (held funds excluded), USD. */
  freeMarginAfter: Dec;
  /** Margin level once the order is placed, 2 decimals. */
  marginLevelAfter: Dec | null;
  /** Below the margin-call level after the trade. */
  marginCallAfter: boolean;
  /** The price of this instrument (its bid) at which the account would be stopped out, or null. */
  stopOutPrice: Dec | null;
  atStop: LevelFigures | null;
  atTarget: LevelFigures | null;
  /** |money at target| ÷ |money at stop|, 2 decimals. */
  rewardToRisk: Dec | null;
}

/** The account as it would be right after the order opens at its entry. */
function accountAfter(order: TicketOrder, account: TicketAccount, market: TicketMarket) {
  const { margin, fee } = orderCharges({ order, market });
  const withOrder: TicketAccount = {
    balance: finite('balance', account.balance).minus(fee),
    held: account.held,
    positions: [
      ...account.positions,
      { instrument: order.instrument, side: order.side, lots: order.lots, openPrice: order.entry, margin },
    ],
  };
  return { margin, fee, withOrder };
}

/** All the ticket's figures for an order against an account, at the market's quotes. */
export function ticketFigures({
  order,
  account,
  market,
}: {
  order: TicketOrder;
  account: TicketAccount;
  market: TicketMarket;
}): TicketFigures {
  const { margin, fee, withOrder } = accountAfter(order, account, market);
  const after = accountState(withOrder, market.quotes);
  const marginLevelAfter = accountMarginLevel({ equity: after.equity, usedMargin: after.used });
  const equityNow = accountState(account, market.quotes).equity;
  const level = (price: DecimalInput | undefined): LevelFigures | null => {
    if (price === undefined) return null;
    const money = moneyAt({ order, exit: price, quotes: market.quotes });
    const d = distance({ order, price });
    return {
      price: finite('price', price),
      money,
      points: d.points,
      pips: d.pips,
      percentOfEquity: equityNow.gt(0)
        ? money.div(equityNow).mul(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
        : new Dec(0),
    };
  };
  const atStop = level(order.sl);
  const atTarget = level(order.tp);
  return {
    margin,
    fee,
    spreadCost: spreadCost({ order, quotes: market.quotes }),
    freeMarginAfter: accountFreeMargin({ equity: after.equity, usedMargin: after.used, held: account.held }),
    marginLevelAfter,
    marginCallAfter:
      marginLevelAfter !== null && marginLevelAfter.lte(finite('marginCallLevel', market.marginCallLevel)),
    stopOutPrice: stopOutPrice({ instrument: order.instrument, account: withOrder, market }),
    atStop,
    atTarget,
    rewardToRisk:
      atStop && atTarget && !atStop.money.isZero()
        ? atTarget.money.abs().div(atStop.money.abs()).toDecimalPlaces(2, Dec.ROUND_HALF_UP)
        : null,
  };
}

/** The account's margin level with this instrument's bid at `bid` (its spread kept), others as now. */
function levelWithBid(
  instrument: TicketInstrument,
  account: TicketAccount,
  market: TicketMarket,
  bid: Dec,
): Dec | null {
  const { equity, used } = stateWithBid(instrument, account, market, bid);
  return accountMarginLevel({ equity, usedMargin: used });
}

/** The account's equity and used margin with this instrument's bid at `bid` (its spread kept). */
function stateWithBid(instrument: TicketInstrument, account: TicketAccount, market: TicketMarket, bid: Dec) {
  const spread = spreadOf(market.quotes, instrument.code);
  const quotes = withQuote(market.quotes, instrument.code, bid, bid.plus(spread));
  return accountState(account, quotes);
}

/**
 * The bid of `instrument` at which the account reaches the stop-out level, with every
 * other instrument held at its current price — or null when none exists within reach
 * (nothing open on it, hedged, or the account would need the price to cross zero). The
 * answer is the first price, in whole price steps from the current bid, at which the
 * stop-out would happen; one step before it, it would not.
 */
export function stopOutPrice({
  instrument,
  account,
  market,
}: {
  instrument: TicketInstrument;
  account: TicketAccount;
  market: TicketMarket;
}): Dec | null {
  const q = market.quotes(instrument.code);
  if (!q || !account.positions.some((p) => p.instrument.code === instrument.code)) return null;
  const step = new Dec(10).pow(-instrument.precision);
  const now = finite('bid', q.bid);
  const due = (bid: Dec) =>
    isStopOutDue({
      marginLevel: levelWithBid(instrument, account, market, bid),
      stopOutLevel: market.stopOutLevel,
    });
  if (due(now)) return now;
  if (levelWithBid(instrument, account, market, now) === null) return null;
  // Which way hurts: try one step each way and follow the falling equity. (Not the level:
  // shown to 2 decimals, it may not move in one step — 0.01 on 1 BTC is 1 cent of equity.)
  const equityAt = (bid: Dec) => stateWithBid(instrument, account, market, bid).equity;
  const equityNow = equityAt(now);
  const down = now.minus(step).gt(0) ? equityAt(now.minus(step)) : null;
  const up = equityAt(now.plus(step));
  const direction = down !== null && down.lt(equityNow) ? -1 : up.lt(equityNow) ? 1 : 0;
  if (direction === 0) return null;
  // Bracket: double the distance until the stop-out is due or the price leaves reach.
  let safe = now;
  let far = now;
  let width = step;
  for (let i = 0; i < 200; i++) {
    far = now.plus(width.mul(direction));
    if (far.lte(0)) {
      far = step;
      if (!due(far)) return null;
      break;
    }
    if (due(far)) break;
    safe = far;
    width = width.mul(2);
    if (i === 199) return null;
  }
  // Bisect in whole steps between the last safe price and the first due one.
  let lo = safe.div(step).round();
  let hi = far.div(step).round();
  while (hi.minus(lo).abs().gt(1)) {
    const mid = lo.plus(hi).div(2).floor();
    if (due(mid.mul(step))) hi = mid;
    else lo = mid;
  }
  return hi.mul(step);
}

/** What lots from risk gives (`lotsFromRisk`). */
export interface RiskLots {
  lots: Dec;
  /** What the lots lose if the stop-loss is hit (gross, as the position books it), USD. */
  lossAtStop: Dec;
  /** The fee the position pays (charged when it opens: docs/money.md "The trading model"), USD. */
  fee: Dec;
  /** lossAtStop + fee: what the trade costs the account if the stop is hit; ≤ the risk. */
  costAtStop: Dec;
  /** Even the minimum lots cost more than the risk at the stop (lots is then 0). */
  minLotTooRisky: boolean;
  /** Free margin allows fewer lots than the risk would. */
  cappedByMargin: boolean;
}

/**
 * Lots from risk: the most lots, a whole number of steps, whose loss at the stop-loss
 * **plus the fee the position pays** costs at most `risk` USD, capped by what free margin
 * affords (docs/money.md "The order ticket"). The fee is `orderCharges`' — the one the
 * submit charges when the position opens (a pending order's at its fill, at its target);
 * no fee is charged at the close. Loss and fee are each rounded to the micro-dollar as the
 * server books them, and their sum is compared with the risk exactly. `minLotTooRisky`
 * when the minimum lot size already costs more than `risk` (lots is then 0).
 */
export function lotsFromRisk({
  order,
  account,
  market,
  risk,
  maxLots,
}: {
  /** The order with its stop-loss; its lots are ignored. */
  order: Omit<TicketOrder, 'lots'> & { sl: DecimalInput };
  account: TicketAccount;
  market: TicketMarket;
  /** USD the trader accepts to lose at the stop, the fee included. */
  risk: DecimalInput;
  /** The server's per-order limit, if any. */
  maxLots?: DecimalInput;
}): RiskLots {
  const inst = order.instrument;
  const step = positive('lotStep', inst.lotStep);
  const min = positive('minLots', inst.minLots);
  const budget = positive('risk', risk);
  const loss = (lots: Dec) =>
    moneyAt({ order: { ...order, lots }, exit: order.sl, quotes: market.quotes }).neg();
  const fee = (lots: Dec) => orderCharges({ order: { ...order, lots }, market }).fee;
  const cost = (lots: Dec) => loss(lots).plus(fee(lots));
  /** The figures of `lots` (at `at`: the minimum's when it is too risky). */
  const answer = (lots: Dec, at: Dec | null, flags: Pick<RiskLots, 'minLotTooRisky' | 'cappedByMargin'>) => {
    const l = at ? loss(at) : new Dec(0);
    const f = at ? fee(at) : new Dec(0);
    return { lots, lossAtStop: l, fee: f, costAtStop: l.plus(f), ...flags };
  };
  if (!loss(new Dec(1)).gt(0)) throw new RangeError('the stop-loss is not on the losing side of the entry');
  if (cost(min).gt(budget)) return answer(new Dec(0), min, { minLotTooRisky: true, cappedByMargin: false });
  let lots = budget
    .div(cost(new Dec(1)))
    .div(step)
    .floor()
    .mul(step);
  if (maxLots !== undefined) lots = Dec.min(lots, finite('maxLots', maxLots).div(step).floor().mul(step));
  // Rounding of the money can move the boundary by a step.
  while (lots.gt(min) && cost(lots).gt(budget)) lots = lots.minus(step);
  while (cost(lots.plus(step)).lte(budget) && (maxLots === undefined || lots.plus(step).lte(maxLots)))
    lots = lots.plus(step);
  // Capped by free margin: margin + fee of the order must fit (affordable.ts).
  const state = accountState(account, market.quotes);
  const rates = instrumentRates({
    base: inst.base,
    quote: inst.quote,
    price: order.entry,
    quotes: market.quotes,
  });
  if (!rates) throw new RangeError(`no USD rate for ${inst.quote}`);
  const cap = maxAffordableLots({
    freeMargin: accountFreeMargin({ equity: state.equity, usedMargin: state.used, held: account.held }),
    step,
    min,
    ...(maxLots !== undefined ? { max: maxLots } : {}),
    contractSize: inst.contractSize,
    marginMode: inst.marginMode,
    leverage: order.leverage,
    baseToUsd: rates.baseToUsd,
    tradeFeeType: market.tradeFeeType,
    feeRate: inst.feeRate,
  });
  if (cap.lt(min)) return answer(new Dec(0), null, { minLotTooRisky: false, cappedByMargin: true });
  const cappedByMargin = cap.lt(lots);
  if (cappedByMargin) lots = cap;
  return answer(lots, lots, { minLotTooRisky: false, cappedByMargin });
}
