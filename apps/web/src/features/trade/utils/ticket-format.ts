import type { LevelFigures } from '@pipwise/shared';
// Relative, not @/: the unit tests run in Node.
import { isolate } from '../../../lib/bidi';

/** The translate function as this file needs it (i18next's `t`). */
type Translate = (key: 'ticket.pips' | 'ticket.points', values: { value: string }) => string;

const pipsFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pointsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * How far a stop or a target is from the entry: pips for currency pairs ("50.0 pips", one
 * decimal: a pip is 10 points), points for everything else ("12,000 points"). Latin digits
 * and grouping in every language, like prices (lib/format.ts); the figure is an isolated run
 * (lib/bidi.ts), so it keeps its digits together in Arabic.
 */
export function distanceText(t: Translate, level: Pick<LevelFigures, 'pips' | 'points'>): string {
  return level.pips
    ? t('ticket.pips', { value: isolate(pipsFormat.format(level.pips.toNumber())) })
    : t('ticket.points', { value: isolate(pointsFormat.format(level.points.toNumber())) });
}
