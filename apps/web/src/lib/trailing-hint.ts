import type { TFunction } from 'i18next';
import { isolate } from '@/lib/bidi';
import { formatPrice } from '@/lib/format';

/**
 * What a trailing stop's distance means: the points typed as a price distance at the pair's
 * precision ("500 points = 0.00500"), or what the field does while it is empty.
 */
export function trailingHint(t: TFunction, points: string, decimals: number): string {
  const n = Number(points.trim());
  if (!points.trim() || !Number.isInteger(n) || n <= 0) return t('trading.trailing_hint');
  return t('trading.trailing_distance', { distance: isolate(formatPrice(n / 10 ** decimals, decimals)) });
}
