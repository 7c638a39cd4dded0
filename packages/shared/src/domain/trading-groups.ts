import { type AssetClass, leveragesWithinCap } from './leverage-caps.js';

/**
 * Trading groups (docs/trading-groups.md): every account is in one group, and the group sets
 * its trading conditions — leverage choices, the fee rule, the commission, the margin-call
 * and stop-out levels, whether swaps apply — for the whole account or per category or
 * instrument. New accounts land in the default group of their kind.
 */
export const ACCOUNT_KINDS = ['real', 'demo'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * How a commission is counted, per side (charged when a position opens and again when it
 * closes): nothing, USD per lot, or USD per million USD of notional; never below `min` a side.
 */
export const COMMISSION_TYPES = ['none', 'per_lot', 'per_million'] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

/** A commission's terms; rates are decimal text in USD (exact, as stored). */
export interface CommissionTerms {
  type: CommissionType;
  rate: string;
  min: string;
}

export const NO_COMMISSION: CommissionTerms = { type: 'none', rate: '0', min: '0' };

/** The largest commission rate a side (USD per lot, or per million notional), and minimum. */
export const MAX_COMMISSION_RATE = 10_000;
export const MAX_COMMISSION_MIN = 10_000;
/** Commission figures are kept to the micro-dollar's neighbour: 4 decimals of USD. */
export const COMMISSION_DECIMALS = 4;

/** A group's own terms (levels and fee type null: the broker's settings apply). */
export interface GroupTerms {
  id: number;
  professional: boolean;
  swapFree: boolean;
  tradeFeeType: number | null;
  marginCallLevel: string | null;
  stopOutLevel: string | null;
  commission: CommissionTerms;
}

/** What a group sets for one category or one instrument; null fields keep what is above. */
export interface GroupCondition {
  categoryId: number | null;
  instrumentId: number | null;
  leverages: number[] | null;
  feeRate: string | null;
  commission: CommissionTerms | null;
  /** Points added to the trader's spread on top of the instrument's markup (domain/markup.ts). */
  markup: number | null;
}

/** What the conditions are resolved against: the instrument's own terms and its class's cap. */
export interface ConditionsInstrument {
  id: number;
  categoryId: number;
  leverages: readonly number[];
  feeRate: string;
  assetClass: AssetClass;
}

/** An account's terms on one instrument, as the order path and the ticket apply them. */
export interface InstrumentTerms {
  /** The leverage choices offered, within the cap. */
  leverages: number[];
  /** The most leverage this account may use on the instrument; null: no cap (professional). */
  cap: number | null;
  feeRate: string;
  commission: CommissionTerms;
  /** The group's markup in points (0: none), on top of the instrument's. */
  markup: number;
}

/**
 * The terms of `group` on `instrument`: an instrument's condition over its category's over
 * the group's own and the instrument's; the leverage choices are cut at the class's cap
 * unless the group is professional (leveragesWithinCap).
 */
export function instrumentTerms({
  group,
  conditions,
  instrument,
  caps,
}: {
  group: GroupTerms;
  conditions: readonly GroupCondition[];
  instrument: ConditionsInstrument;
  caps: Readonly<Record<string, number>>;
}): InstrumentTerms {
  const own = conditions.find((c) => c.instrumentId === instrument.id);
  const category = conditions.find((c) => c.categoryId === instrument.categoryId && c.instrumentId === null);
  const pick = <K extends 'leverages' | 'feeRate' | 'commission' | 'markup'>(key: K) =>
    own?.[key] ?? category?.[key] ?? null;
  const cap = group.professional ? null : (caps[instrument.assetClass] ?? null);
  return {
    leverages: leveragesWithinCap(pick('leverages') ?? instrument.leverages, cap),
    cap,
    feeRate: pick('feeRate') ?? instrument.feeRate,
    commission: pick('commission') ?? group.commission,
    markup: pick('markup') ?? 0,
  };
}
