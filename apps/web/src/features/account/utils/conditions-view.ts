import {
  ASSET_CLASSES,
  Dec,
  TRADE_FEE_PER_LOT,
  type AssetClass,
  type InstrumentConditions,
} from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node.
import { isolate } from '../../../lib/bidi';
import { decimalText } from '../../../lib/ticket-conditions';

/**
 * How the Me page's "Trading conditions" screen says the account's terms
 * (docs/trading-groups.md): fees, commissions and leverage choices as a trader reads them,
 * instruments grouped by asset class under their retail cap. Figures have Latin digits in
 * every language, like prices (lib/format.ts), each an isolated run (lib/bidi.ts) so a
 * sign, its digits and its unit stay together in Arabic.
 */

/** The texts this file says things with (conditions.*). */
export type ConditionsKey =
  | 'conditions.per_lot'
  | 'conditions.of_margin'
  | 'conditions.per_million'
  | 'conditions.min_short'
  | 'conditions.commission_none'
  | 'conditions.commission_per_lot'
  | 'conditions.commission_per_million'
  | 'conditions.commission_min'
  | 'conditions.fee_per_lot'
  | 'conditions.fee_margin';

/** The translate function as this file needs it (i18next's `t`). */
export type ConditionsTranslate = (key: ConditionsKey, values?: Record<string, string>) => string;

type Commission = InstrumentConditions['commission'];

/** USD rates as operators set them (up to 4 decimals): at least the cent, "7.00", "0.125". */
const rateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
  useGrouping: true,
});
/** A share of margin in percent: "0.1%", "0.025%". */
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4, useGrouping: true });

/** "7.00 USD", isolated. */
export function usdText(value: number, currency: string): string {
  return isolate(`${rateFormat.format(value)} ${currency}`);
}

/** A share as a percentage, exactly: 0.001 → "0.1%", isolated. */
export function shareText(rate: number): string {
  return isolate(`${percentFormat.format(new Dec(decimalText(rate)).mul(100).toNumber())}%`);
}

/** The fee rule in words: a fixed amount per lot, or a share of the margin (`trade_fee_type`). */
export function feeRuleText(t: ConditionsTranslate, tradeFeeType: number): string {
  return t(tradeFeeType === TRADE_FEE_PER_LOT ? 'conditions.fee_per_lot' : 'conditions.fee_margin');
}

/** One instrument's fee: "7.00 USD / lot", or "0.1% of margin". */
export function feeText(
  t: ConditionsTranslate,
  tradeFeeType: number,
  feeRate: number,
  currency: string,
): string {
  return tradeFeeType === TRADE_FEE_PER_LOT
    ? t('conditions.per_lot', { value: usdText(feeRate, currency) })
    : t('conditions.of_margin', { value: shareText(feeRate) });
}

/** Whether the terms charge anything. */
export function chargesAny(commission: Commission): boolean {
  return commission.type !== 'none' && (commission.rate > 0 || commission.min > 0);
}

/**
 * One instrument's commission, short: "3.50 USD / lot" with "min 1.00 USD" apart (a line of
 * its own on the row), or "None".
 */
export function commissionShort(
  t: ConditionsTranslate,
  commission: Commission,
  currency: string,
): { rate: string; min: string | null } {
  if (!chargesAny(commission)) return { rate: t('conditions.commission_none'), min: null };
  const value = usdText(commission.rate, currency);
  return {
    rate:
      commission.type === 'per_lot'
        ? t('conditions.per_lot', { value })
        : t('conditions.per_million', { value }),
    min: commission.min > 0 ? t('conditions.min_short', { value: usdText(commission.min, currency) }) : null,
  };
}

/** A commission in full: "3.50 USD per lot, each side", and "At least 2.00 USD a side" when set. */
export function commissionLong(
  t: ConditionsTranslate,
  commission: Commission,
  currency: string,
): { rate: string; min: string | null } {
  if (!chargesAny(commission)) return { rate: t('conditions.commission_none'), min: null };
  const rate = usdText(commission.rate, currency);
  return {
    rate:
      commission.type === 'per_lot'
        ? t('conditions.commission_per_lot', { rate })
        : t('conditions.commission_per_million', { rate }),
    min:
      commission.min > 0 ? t('conditions.commission_min', { min: usdText(commission.min, currency) }) : null,
  };
}

/** The account's commission across instruments: none anywhere, the same everywhere, or varying. */
export type GroupCommission =
  { kind: 'none' } | { kind: 'same'; commission: Commission } | { kind: 'varies' };

const sameTerms = (a: Commission, b: Commission) => a.type === b.type && a.rate === b.rate && a.min === b.min;

export function groupCommission(
  instruments: readonly Pick<InstrumentConditions, 'commission'>[],
): GroupCommission {
  const charged = instruments.filter((i) => chargesAny(i.commission));
  if (charged.length === 0) return { kind: 'none' };
  const first = charged[0]!.commission;
  const same = charged.length === instruments.length && charged.every((i) => sameTerms(i.commission, first));
  return same ? { kind: 'same', commission: first } : { kind: 'varies' };
}

/**
 * The spread the group adds (points, docs/trading-groups.md "Markup"), said once on the
 * group's card when every instrument has the same, otherwise on the rows that have one; 0
 * everywhere: nothing to say.
 */
export type GroupMarkup = { kind: 'none' } | { kind: 'same'; points: number } | { kind: 'varies' };

export function groupMarkup(
  instruments: readonly Pick<InstrumentConditions, 'markup_points'>[],
): GroupMarkup {
  if (!instruments.some((i) => i.markup_points > 0)) return { kind: 'none' };
  const first = instruments[0]!.markup_points;
  return instruments.every((i) => i.markup_points === first)
    ? { kind: 'same', points: first }
    : { kind: 'varies' };
}

/** The most leverage offered on an instrument (its highest choice), or null when none. */
export function maxLeverage(instrument: Pick<InstrumentConditions, 'leverages'>): number | null {
  return instrument.leverages.length > 0 ? Math.max(...instrument.leverages) : null;
}

/** "1:30", isolated. */
export function leverageText(value: number): string {
  return isolate(`1:${value}`);
}

/** The instruments of one asset class, under the class's retail cap (null: none applies). */
export interface ClassSection {
  assetClass: AssetClass;
  cap: number | null;
  instruments: InstrumentConditions[];
}

/**
 * The instruments by asset class, in the caps table's order (majors first, crypto last),
 * each class in the server's order; classes with no instrument are left out. A class's
 * cap is its instruments' (the same for all of them); null on a professional account.
 */
export function classSections(instruments: readonly InstrumentConditions[]): ClassSection[] {
  return ASSET_CLASSES.flatMap((assetClass) => {
    const own = instruments.filter((i) => i.asset_class === assetClass);
    if (own.length === 0) return [];
    const caps = own.map((i) => i.cap).filter((c): c is number => c !== null);
    return [{ assetClass, cap: caps.length > 0 ? Math.max(...caps) : null, instruments: own }];
  });
}
