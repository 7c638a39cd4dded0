import { accountState } from './account-state.js';
import { accountFreeMargin } from './account.js';
import { largestFitting, maxAffordableLots } from './affordable.js';
import { Dec, type DecimalInput } from './decimal.js';
import { moneyAt } from './level-figures.js';
import { commissionAt, orderCharges } from './order-charges.js';
import { instrumentRates } from './rates.js';
import { type TicketAccount, type TicketMarket, type TicketOrder } from './ticket-inputs.js';
import { type Lots, type Price } from './units.js';
import { finite, positive } from './validate.js';

// Lots from risk: how many lots a trader can take so that, if the stop-loss is hit, the loss
// plus the fee and the commission stays within the money they chose to risk — and free margin
// still affords it. Built on the same loss (`moneyAt`), fee (`orderCharges`) and commission
// (`commissionAt`) the ticket shows and the server books, so the lots it suggests never cost
// more than the risk.

/** What lots from risk gives (`lotsFromRisk`). */
export interface RiskLots {
  lots: Dec;
  /** What the lots lose if the stop-loss is hit (gross, as the position books it), USD. */
  lossAtStop: Dec;
  /** The fee the position pays (charged when it opens: docs/money.md "The trading model"), USD. */
  fee: Dec;
  /**
   * The commission of both sides (docs/trading-groups.md): the open's at the entry and the
   * close's at the stop, USD; 0 when the account pays none.
   */
  commission: Dec;
  /** lossAtStop + fee + commission: what the trade costs the account if the stop is hit; ≤ the risk. */
  costAtStop: Dec;
  /** Even the minimum lots cost more than the risk at the stop (lots is then 0). */
  minLotTooRisky: boolean;
  /** Free margin allows fewer lots than the risk would. */
  cappedByMargin: boolean;
}

/**
 * Lots from risk: the most lots, a whole number of steps, whose loss at the stop-loss
 * **plus the fee and the commission the position pays** costs at most `risk` USD, capped by
 * what free margin affords (docs/money.md "The order ticket"). The fee is `orderCharges`' —
 * the one the submit charges when the position opens (a pending order's at its fill, at its
 * target); no fee is charged at the close. The commission is charged at the open and again at
 * the close, here the stop. Loss, fee and commissions are each rounded to the micro-dollar as
 * the server books them, and their sum is compared with the risk exactly. `minLotTooRisky`
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
  order: Omit<TicketOrder, 'lots'> & { sl: Price | Dec };
  account: TicketAccount;
  market: TicketMarket;
  /** USD the trader accepts to lose at the stop, the fee and commission included. */
  risk: DecimalInput;
  /** The server's per-order limit, if any. */
  maxLots?: Lots | Dec;
}): RiskLots {
  const inst = order.instrument;
  const step = positive('lotStep', inst.lotStep);
  const min = positive('minLots', inst.minLots);
  const budget = positive('risk', risk);
  const loss = (lots: Dec) =>
    moneyAt({ order: { ...order, lots }, exit: order.sl, quotes: market.quotes }).neg();
  const fee = (lots: Dec) => orderCharges({ order: { ...order, lots }, market }).fee;
  const commission = (lots: Dec) =>
    commissionAt({ order: { ...order, lots }, at: order.entry, quotes: market.quotes }).plus(
      commissionAt({ order: { ...order, lots }, at: order.sl, quotes: market.quotes }),
    );
  const cost = (lots: Dec) => loss(lots).plus(fee(lots)).plus(commission(lots));
  /** The figures of `lots` (at `at`: the minimum's when it is too risky). */
  const answer = (lots: Dec, at: Dec | null, flags: Pick<RiskLots, 'minLotTooRisky' | 'cappedByMargin'>) => {
    const l = at ? loss(at) : new Dec(0);
    const f = at ? fee(at) : new Dec(0);
    const c = at ? commission(at) : new Dec(0);
    return { lots, lossAtStop: l, fee: f, commission: c, costAtStop: l.plus(f).plus(c), ...flags };
  };
  if (!loss(new Dec(1)).gt(0)) throw new RangeError('the stop-loss is not on the losing side of the entry');
  if (cost(min).gt(budget)) return answer(new Dec(0), min, { minLotTooRisky: true, cappedByMargin: false });
  // A guess from the cost of one lot, settled against the exact cost: rounding moves the
  // boundary by a step, and a commission's minimum weighs on small lots more than on one.
  const maxSteps = maxLots === undefined ? null : finite('maxLots', maxLots).div(step).floor();
  let guess = budget
    .div(cost(new Dec(1)))
    .div(step)
    .floor();
  if (maxSteps && guess.gt(maxSteps)) guess = maxSteps;
  const fits = (steps: Dec) => steps.isZero() || cost(steps.mul(step)).lte(budget);
  // The minimum fits (checked above); a minimum off the step grid is still the least offered.
  let lots = Dec.max(largestFitting(fits, guess, maxSteps).mul(step), min);
  // Capped by free margin: margin + fee + the open's commission must fit (affordable.ts).
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
    commission: inst.commission,
  });
  if (cap.lt(min)) return answer(new Dec(0), null, { minLotTooRisky: false, cappedByMargin: true });
  const cappedByMargin = cap.lt(lots);
  if (cappedByMargin) lots = cap;
  return answer(lots, lots, { minLotTooRisky: false, cappedByMargin });
}
