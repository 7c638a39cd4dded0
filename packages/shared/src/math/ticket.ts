import { accountState } from './account-state.js';
import { accountFreeMargin, accountMarginLevel } from './account.js';
import { Dec } from './decimal.js';
import { distance, moneyAt, type LevelFigures } from './level-figures.js';
import { orderCharges, overnightSwap, spreadCost } from './order-charges.js';
import { stopOutPrice } from './stop-out-price.js';
import { type TicketAccount, type TicketMarket, type TicketOrder } from './ticket-inputs.js';
import { type Price } from './units.js';
import { finite } from './validate.js';

// The risk-first order ticket (docs/money.md "The order ticket"): what a trade costs and
// risks before it is placed. This file composes the families — charges (order-charges.ts),
// the account after the trade (account-state.ts), the figures at the stop and the target
// (level-figures.ts), the stop-out price (stop-out-price.ts) — into the ticket's one call;
// the app shows them as the trader types and the server answers the same figures for an
// order preview, from the same quotes. Lots from risk is lots-from-risk.ts.

/** Everything the ticket shows before the tap. */
export interface TicketFigures {
  margin: Dec;
  fee: Dec;
  /** The commission of the open's side, USD (0 without commission terms). */
  commission: Dec;
  spreadCost: Dec;
  /** One night's financing once open, signed USD (negative: a cost); null: the instrument has none. */
  swapPerNight: Dec | null;
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
  const { margin, fee, commission } = orderCharges({ order, market });
  const withOrder: TicketAccount = {
    balance: finite('balance', account.balance).minus(fee).minus(commission),
    held: account.held,
    positions: [
      ...account.positions,
      { instrument: order.instrument, side: order.side, lots: order.lots, openPrice: order.entry, margin },
    ],
  };
  return { margin, fee, commission, withOrder };
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
  const { margin, fee, commission, withOrder } = accountAfter(order, account, market);
  const after = accountState(withOrder, market.quotes);
  const marginLevelAfter = accountMarginLevel({ equity: after.equity, usedMargin: after.used });
  const equityNow = accountState(account, market.quotes).equity;
  const level = (price: Price | Dec | undefined): LevelFigures | null => {
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
    commission,
    spreadCost: spreadCost({ order, quotes: market.quotes }),
    swapPerNight: overnightSwap({ order, quotes: market.quotes }),
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
