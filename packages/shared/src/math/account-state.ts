import { Dec } from './decimal.js';
import { roundMoney } from './money.js';
import { positionProfit } from './profit.js';
import { type QuoteLookup } from './rates.js';
import { isBuy } from './side.js';
import { type TicketAccount, type TicketPosition } from './ticket-inputs.js';
import { rate } from './ticket-quotes.js';
import { finite } from './validate.js';

// The account valued at a set of quotes, position by position: each position's gross profit
// if it closed now, and the account's equity and used margin. The ticket's after-trade and
// stop-out figures are all this, taken at the current quotes or at a "what if" quote.

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
