import { accountState } from './account-state.js';
import { accountMarginLevel } from './account.js';
import { Dec } from './decimal.js';
import { isStopOutDue } from './risk.js';
import { type TicketAccount, type TicketInstrument, type TicketMarket } from './ticket-inputs.js';
import { spreadOf, withQuote } from './ticket-quotes.js';
import { finite } from './validate.js';

// The stop-out price: the bid of an instrument at which the account would be stopped out,
// everything else held where it is. Searched in whole price steps with the same decision the
// risk monitor takes (`isStopOutDue` on the displayed level), so the warning and the
// stop-out can never disagree by even one step.

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
