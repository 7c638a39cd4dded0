/**
 * Form checks that mirror the contract's field rules (packages/shared/src/api/fields.ts and
 * the admin schemas), so an operator hears what is wrong before saving; the server checks
 * everything again.
 */

/** A plain decimal: digits, an optional point and at most `maxDecimals` decimals. */
export function isDecimal(value: string, maxDecimals: number): boolean {
  return new RegExp(`^(?:0|[1-9]\\d{0,11})(?:\\.\\d{1,${maxDecimals}})?$`).test(value);
}

/** Leverages as the server takes them: 1–30 distinct whole numbers of 1–10,000, comma-separated. */
export function leverageListProblem(value: string): 'format' | 'range' | 'duplicate' | null {
  if (!/^\d{1,5}( *, *\d{1,5}){0,29}$/.test(value.trim())) return 'format';
  const list = value.split(',').map((v) => Number(v.trim()));
  if (list.some((v) => v < 1 || v > 10_000)) return 'range';
  if (new Set(list).size !== list.length) return 'duplicate';
  return null;
}

/** Lots in 1/10,000 lot, the engine's unit: exact integer arithmetic for decimals of ≤ 4 places. */
function tenThousandths(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
}

/** Whether `minLots` is a whole number of `lotStep`s (both ≤ 4 decimals). */
export function isMultipleOf(minLots: string, lotStep: string): boolean {
  const step = tenThousandths(lotStep);
  return step > 0 && tenThousandths(minLots) % step === 0;
}

/** An http(s) URL, or empty. */
export function isHttpUrlOrEmpty(value: string | undefined): boolean {
  if (!value) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An https URL, a path of this server's public folder, or empty (covers, avatars). */
export function isImageAddressOrEmpty(value: string | undefined): boolean {
  if (!value) return true;
  if (/^\/static\/[A-Za-z0-9]/.test(value) && !value.includes('..')) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
