import { Dec, type DecimalRange } from '@pipwise/shared';
import { isDecimalText } from '@/lib/decimal-text';

export type AmountProblem = 'amount_required' | 'amount_invalid';

/**
 * An amount field's text as the API takes it ("12." → "12", ".5" → "0.5"), or the reason
 * it cannot be sent: empty, not a positive number, too many decimals, above the range.
 */
export function amountForWire(
  text: string,
  range: DecimalRange,
): { value: string } | { problem: AmountProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { problem: 'amount_required' };
  if (!isDecimalText(trimmed)) return { problem: 'amount_invalid' };
  const amount = new Dec(trimmed);
  if (!amount.gt(0) || amount.gt(range.max) || amount.decimalPlaces() > range.maxDecimals) {
    return { problem: 'amount_invalid' };
  }
  return { value: amount.toFixed() };
}
