import type { Dec, SwapTerms, SwapUnit, TripleSwapDay } from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node.
import { isolate } from '../../../lib/bidi';
import { formatMoney } from '../../../lib/format-money';

/** The texts this file says things with (ticket.swap.*). */
export type SwapKey =
  | 'ticket.swap.rate_points'
  | 'ticket.swap.rate_percent'
  | 'ticket.swap.triple_wednesday'
  | 'ticket.swap.triple_friday'
  | 'ticket.swap.triple_none'
  | 'ticket.swap.cost_night'
  | 'ticket.swap.earns_night'
  | 'ticket.swap.none_night'
  | 'ticket.swap.note_wednesday'
  | 'ticket.swap.note_friday'
  | 'ticket.swap.note_none';

/** The translate function as this file needs it (i18next's `t`). */
export type SwapTranslate = (key: SwapKey, values?: { value: string }) => string;

/**
 * A rate as operators set it (up to 4 decimals, SWAP_RATE_DECIMALS): at least 2 decimals,
 * sign always shown so "charged" and "paid" read apart ("-6.50", "+1.25", "0.00"). Latin
 * digits in every language, like prices (lib/format.ts).
 */
const rateFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
  useGrouping: true,
  signDisplay: 'exceptZero',
});

/**
 * One side's rate with its unit: "-6.50 points" (per lot per night) or "-5.50% a year" (of
 * the position's value). The figure — with its % sign, like every percentage of the app
 * (lib/format-money.ts `formatRatio`) — is an isolated run (lib/bidi.ts), so it keeps its
 * sign, digits and % together in Arabic. The rate is the API's decimal text.
 */
export function swapRateText(t: SwapTranslate, rate: string, unit: SwapUnit): string {
  const figure = rateFormat.format(Number(rate));
  return unit === 'points'
    ? t('ticket.swap.rate_points', { value: isolate(figure) })
    : t('ticket.swap.rate_percent', { value: isolate(`${figure}%`) });
}

/** The rollover that charges three nights: "Wednesday ×3", or none (one night each day). */
export function tripleDayText(t: SwapTranslate, day: TripleSwapDay): string {
  return t(`ticket.swap.triple_${day}`);
}

/** Whether a rate charges the trader (negative), pays them (positive) or neither. */
export function rateTone(rate: string): 'up' | 'down' | 'flat' {
  const n = Number(rate);
  return n > 0 ? 'up' : n < 0 ? 'down' : 'flat';
}

/** The ticket's overnight line: what one night of the order costs or earns, and how to colour it. */
export interface SwapNightLine {
  /** "-0.52 USD a night", "earns +0.10 USD a night", "None". */
  value: string;
  /** Under the label: which rollover counts three nights ("×3 on Wednesday"). */
  note: string;
  tone: 'up' | 'down' | 'flat';
}

/**
 * The ticket's "Holding overnight" line from `ticketFigures`' `swapPerNight` (one night for
 * the order's side, signed USD: negative is charged) and the instrument's triple day; null
 * when the instrument carries no terms (the line is left out). Money to the cent, signed.
 */
export function swapNightLine(
  t: SwapTranslate,
  perNight: Dec | null | undefined,
  terms: Pick<SwapTerms, 'tripleDay'> | undefined,
  currency: string,
): SwapNightLine | null {
  if (!perNight || !terms) return null;
  const night = perNight.toNumber();
  const note = t(`ticket.swap.note_${terms.tripleDay}`);
  // Under half a cent either way shows as "0.00": say there is none instead.
  if (formatMoney(night) === '0.00') return { value: t('ticket.swap.none_night'), note, tone: 'flat' };
  const value = isolate(`${formatMoney(night, { signed: true })} ${currency}`);
  return night < 0
    ? { value: t('ticket.swap.cost_night', { value }), note, tone: 'down' }
    : { value: t('ticket.swap.earns_night', { value }), note, tone: 'up' };
}
