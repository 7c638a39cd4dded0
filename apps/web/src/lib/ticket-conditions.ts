import {
  Dec,
  type CommissionTerms,
  type InstrumentConditions,
  type TicketMarket,
  type TradePair,
  type TradingConditions,
} from '@pipwise/shared';

/**
 * The account's trading conditions (GET account/conditions, docs/trading-groups.md) as the
 * order ticket takes them: the group's leverage choices, fee rate and commission on the
 * instrument, its fee rule and its margin-call and stop-out levels. Pure, so the trade
 * screen, the orders screen and the unit tests map them the same way. Without conditions
 * (a guest, or not loaded yet) every function leaves the board's terms as they are: the
 * ticket behaves as it did before groups.
 */

/**
 * A number of the API as exact decimal text, the way the shared math takes terms: 0.5 →
 * '0.5', 3 → '3', 1e-7 → '0.0000001' (never exponent notation). A JSON number's shortest
 * form is the decimal the server wrote, so nothing is rounded.
 */
export function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  return /e/i.test(text) ? new Dec(text).toFixed() : text;
}

/** The commission's terms as the shared math takes them (rates as decimal text). */
export function commissionTermsOf(commission: InstrumentConditions['commission']): CommissionTerms {
  return { type: commission.type, rate: decimalText(commission.rate), min: decimalText(commission.min) };
}

/** Whether the terms charge anything: a type other than none, with a rate or a minimum. */
export function chargesCommission(terms: CommissionTerms | undefined): boolean {
  return terms !== undefined && terms.type !== 'none' && (Number(terms.rate) > 0 || Number(terms.min) > 0);
}

/** The account's terms on the pair (by its Id), or undefined without conditions or a row for it. */
export function conditionsFor(
  conditions: TradingConditions | undefined,
  pair: Pick<TradePair, 'Id'>,
): InstrumentConditions | undefined {
  return conditions?.instruments.find((i) => i.id === pair.Id);
}

/**
 * The pair as this account may trade it: the group's leverage choices and fee rate in place
 * of the board's (`HasForexMultiple`, `ForexFeeRate`), so everything that reads them — the
 * leverage picker, the order's checks, the estimate and what free margin affords — follows
 * the group. The pair itself without terms.
 */
export function pairWithConditions<P extends Pick<TradePair, 'HasForexMultiple' | 'ForexFeeRate'>>(
  pair: P,
  terms: Pick<InstrumentConditions, 'leverages' | 'fee_rate'> | undefined,
): P {
  if (!terms) return pair;
  return {
    ...pair,
    HasForexMultiple: terms.leverages.map((Value) => ({ Value })),
    ForexFeeRate: terms.fee_rate,
  };
}

/**
 * The retail cap when it cuts the leverage choices, else null: the group is not professional
 * (a cap is set) and the instrument offers more than it (a board choice above the cap), or
 * every choice was above it and the cap itself is the one left (`leveragesWithinCap`). The
 * ticket then says why the higher choices are missing.
 */
export function leverageCapCut(
  board: readonly number[],
  terms: Pick<InstrumentConditions, 'cap' | 'leverages'> | undefined,
): number | null {
  const cap = terms?.cap ?? null;
  if (cap === null) return null;
  const above = board.some((v) => v > cap);
  const fallback = terms!.leverages.length === 1 && terms!.leverages[0] === cap && !board.includes(cap);
  return above || fallback ? cap : null;
}

/** Where the ticket's fee rule and levels come from: the operator's settings (getBasicInfo). */
export interface BrokerSettings {
  trade_fee_type: number;
  stop_out_level: number;
  margin_call_level: number;
}

/** The fee rule and levels the account is held to, without the quotes. */
export type AccountRules = Pick<TicketMarket, 'tradeFeeType' | 'stopOutLevel' | 'marginCallLevel'>;

/**
 * The fee rule and the margin-call and stop-out levels of the account: its group's once the
 * conditions are in (the server resolves a group that keeps the broker's to the broker's),
 * the operator's settings before; undefined while neither is known.
 */
export function accountRulesOf(
  conditions: TradingConditions | undefined,
  settings: BrokerSettings | undefined,
): AccountRules | undefined {
  if (conditions) {
    const { group } = conditions;
    return {
      tradeFeeType: group.trade_fee_type,
      stopOutLevel: decimalText(group.stop_out_level),
      marginCallLevel: decimalText(group.margin_call_level),
    };
  }
  if (!settings) return undefined;
  return {
    tradeFeeType: settings.trade_fee_type,
    stopOutLevel: settings.stop_out_level,
    marginCallLevel: settings.margin_call_level,
  };
}

/** What the ticket takes from the account's group besides the pair's terms. */
export interface TicketTerms {
  /** The commission a side on this instrument; absent: none (a guest, or conditions not in). */
  commission?: CommissionTerms | undefined;
  /** The group pays and charges no overnight financing: the ticket shows none. */
  swapFree: boolean;
  /** The retail cap that cut the leverage choices (leverageCapCut), or null. */
  leverageCap: number | null;
}

/** Before the conditions (or for a guest): the board's terms, as before groups. */
export const BOARD_TERMS: TicketTerms = { swapFree: false, leverageCap: null };

/**
 * The ticket's view of the account's conditions on one pair: the pair to trade (leverage
 * choices and fee rate of the group) and the rest of its terms. The board's pair and
 * BOARD_TERMS without conditions, or when they list no row for the pair (the server's
 * answer to the order is then the word).
 */
export function ticketConditionsOf<P extends Pick<TradePair, 'Id' | 'HasForexMultiple' | 'ForexFeeRate'>>(
  conditions: TradingConditions | undefined,
  pair: P,
): { pair: P; terms: TicketTerms } {
  const own = conditionsFor(conditions, pair);
  if (!conditions || !own) return { pair, terms: BOARD_TERMS };
  return {
    pair: pairWithConditions(pair, own),
    terms: {
      commission: commissionTermsOf(own.commission),
      swapFree: conditions.group.swap_free === 1,
      leverageCap: leverageCapCut(
        pair.HasForexMultiple.map((m) => m.Value),
        own,
      ),
    },
  };
}
