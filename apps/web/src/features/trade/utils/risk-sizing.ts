import {
  accountState,
  Dec,
  LOTS_RANGE,
  lots as asLots,
  lotsFromRisk,
  type TicketAccount,
  type TicketInstrument,
  type TicketMarket,
  type TradeSide,
} from '@pipwise/shared';
import { positiveDecimal } from './order-estimate';
import { checkStop, stopPrice } from './ticket-view';

/**
 * Lots from risk (docs/money.md "The order ticket"): the trader says how much the stop may
 * cost — a share of equity or an amount in USD — and the shared `lotsFromRisk` gives the
 * most lots, on the instrument's step, whose loss at the stop-loss plus the fee the
 * position pays stays within that, capped by free margin. This file holds the choice (a
 * small state) and reads it into a budget.
 */

export type RiskMode = 'off' | 'percent' | 'usd';

export interface RiskChoice {
  mode: RiskMode;
  /** What was typed for each way of saying it: a share of equity in %, an amount in USD. */
  amounts: Record<Exclude<RiskMode, 'off'>, string>;
}

/** What the ticket starts with: off, with 1 % (or 100 USD) ready when it is switched on. */
export const INITIAL_RISK: RiskChoice = { mode: 'off', amounts: { percent: '1', usd: '100' } };

export type RiskAction = { type: 'mode'; mode: RiskMode } | { type: 'amount'; amount: string };

/**
 * The choice after an action. Each mode keeps its own amount (1 % is not 1 USD), also
 * while the sizing is off, so switching back finds what was typed.
 */
export function riskReducer(state: RiskChoice, action: RiskAction): RiskChoice {
  if (action.type === 'mode') return action.mode === state.mode ? state : { ...state, mode: action.mode };
  if (state.mode === 'off') return state;
  return { ...state, amounts: { ...state.amounts, [state.mode]: action.amount } };
}

/** The amount of the mode in use, as typed; '' when off. */
export function riskAmount(choice: RiskChoice): string {
  return choice.mode === 'off' ? '' : choice.amounts[choice.mode];
}

/** The most a trader may risk as a share of equity, %. */
export const MAX_RISK_PERCENT = 100;

/**
 * The USD the stop may cost: the amount, or that share of equity now (the account at the
 * current quotes, as the ticket prices it). Null while it cannot be told.
 */
export function riskBudget(
  choice: RiskChoice,
  account: TicketAccount | null,
  market: TicketMarket,
): Dec | null {
  const amount = positiveDecimal(riskAmount(choice));
  if (choice.mode === 'off' || !amount) return null;
  if (choice.mode === 'usd') return amount;
  if (amount.gt(MAX_RISK_PERCENT) || !account) return null;
  const { equity } = accountState(account, market.quotes);
  return equity.gt(0) ? equity.mul(amount).div(100) : null;
}

export type RiskSizing =
  | { kind: 'off' }
  /** The amount is missing, 0, or more than 100 %. */
  | { kind: 'need_amount' }
  /** No stop-loss, or one on the wrong side of the entry. */
  | { kind: 'need_stop' }
  /** Percent of equity without the account (still loading), or no price to size at. */
  | { kind: 'unavailable' }
  /**
   * `costAtStop`: what the lots cost the account if the stop is hit — `lossAtStop` plus the
   * `fee` and the `commission` of both sides (0 when the account pays none) — never more
   * than `budget`.
   */
  | {
      kind: 'sized';
      lots: Dec;
      lossAtStop: Dec;
      fee: Dec;
      commission: Dec;
      costAtStop: Dec;
      budget: Dec;
      cappedByMargin: boolean;
    }
  /** The minimum lots already cost more than the budget at the stop, fee and commission included. */
  | { kind: 'min_too_risky'; lossAtStop: Dec; fee: Dec; commission: Dec; costAtStop: Dec; budget: Dec }
  /** Free margin does not cover even the minimum lots. */
  | { kind: 'no_margin'; budget: Dec };

export interface RiskSizingInput {
  choice: RiskChoice;
  instrument: TicketInstrument;
  side: TradeSide;
  /** Where the order would open (TicketView.entry); null while unknown. */
  entry: Dec | null;
  leverage: number | null;
  stopLoss: string;
  account: TicketAccount | null;
  market: TicketMarket | null;
}

/** The lots the risk choice gives, or why it gives none. */
export function sizeFromRisk(input: RiskSizingInput): RiskSizing {
  const { choice, market, account, entry } = input;
  if (choice.mode === 'off') return { kind: 'off' };
  const amount = positiveDecimal(riskAmount(choice));
  if (!amount || (choice.mode === 'percent' && amount.gt(MAX_RISK_PERCENT))) return { kind: 'need_amount' };
  if (!market || !account || !entry) return { kind: 'unavailable' };
  const quote = market.quotes(input.instrument.code);
  const sl = stopPrice(input.stopLoss);
  if (!quote || !sl) return { kind: quote ? 'need_stop' : 'unavailable' };
  const spread = new Dec(quote.ask).minus(quote.bid);
  if (checkStop({ kind: 'sl', side: input.side, entry, price: sl, spread }) === 'wrong_side')
    return { kind: 'need_stop' };
  const budget = riskBudget(choice, account, market);
  if (!budget) return { kind: 'unavailable' };
  try {
    const r = lotsFromRisk({
      order: { instrument: input.instrument, side: input.side, leverage: input.leverage ?? 1, entry, sl },
      account,
      market,
      risk: budget,
      maxLots: asLots(LOTS_RANGE.max),
    });
    const costs = {
      lossAtStop: r.lossAtStop,
      fee: r.fee,
      commission: r.commission,
      costAtStop: r.costAtStop,
      budget,
    };
    if (r.minLotTooRisky) return { kind: 'min_too_risky', ...costs };
    if (r.lots.isZero()) return { kind: 'no_margin', budget };
    return { kind: 'sized', lots: r.lots, ...costs, cappedByMargin: r.cappedByMargin };
  } catch (error) {
    if (error instanceof RangeError) return { kind: 'unavailable' };
    throw error;
  }
}
