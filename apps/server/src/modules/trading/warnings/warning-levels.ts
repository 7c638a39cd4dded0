import {
  accountMarginLevel,
  Dec,
  fromMicros,
  MARGIN_WARNING_REARM_PERCENT,
  microUsd,
  type NoticeData,
} from '@pipwise/shared';
import type { Figures } from '../account-figures.js';
import type { OrderRow } from '../order.repository.js';
import type { MarketService } from '../../market/index.js';

/** What a margin level does to a trader's warning levels: the ones it crosses and re-arms. */
export interface WarningMoves {
  /** Armed levels at or above the margin level: they fire now. */
  crossed: readonly number[];
  /** Fired levels the margin level is back above by the re-arm share: they arm again. */
  rearmed: readonly number[];
}

/**
 * The hysteresis of margin warnings (docs/notifications.md "Margin warnings"): a level fires
 * once when the margin level falls to or through it, and re-arms only once it is back above
 * the level by MARGIN_WARNING_REARM_PERCENT. With nothing open (no level), nothing moves.
 */
export function warningMoves(
  marginLevel: Dec | null,
  levels: readonly number[],
  fired: ReadonlySet<number>,
): WarningMoves {
  if (marginLevel === null) return NO_MOVES;
  let crossed: number[] | undefined;
  let rearmed: number[] | undefined;
  for (const level of levels)
    if (!fired.has(level) && marginLevel.lte(thresholdsOf(level).at)) (crossed ??= []).push(level);
  for (const level of fired) if (marginLevel.gte(thresholdsOf(level).rearmAt)) (rearmed ??= []).push(level);
  return crossed || rearmed ? { crossed: crossed ?? [], rearmed: rearmed ?? [] } : NO_MOVES;
}

const NO_MOVES: WarningMoves = { crossed: [], rearmed: [] };

/**
 * The margin levels where `warningMoves` would move something: each armed level (falling to
 * it fires it) below, each fired level's re-arm threshold above — as floats, for the engine's
 * bands (risk-bands.ts), which keep a guard inside each.
 */
export function warningEdges(
  levels: readonly number[],
  fired: ReadonlySet<number>,
): { down: number[]; up: number[] } {
  const down = levels.filter((level) => !fired.has(level));
  const up = [...fired].map((level) => thresholdsOf(level).rearmAt.toNumber());
  return { down, up };
}

/**
 * A level and its re-arm threshold as decimals, made once per level: every tick compares
 * every valued account with them, and the levels traders choose are few.
 */
const thresholds = new Map<number, { at: Dec; rearmAt: Dec }>();
function thresholdsOf(level: number): { at: Dec; rearmAt: Dec } {
  let found = thresholds.get(level);
  if (!found) {
    const at = new Dec(level);
    found = { at, rearmAt: at.mul(100 + MARGIN_WARNING_REARM_PERCENT).div(100) };
    thresholds.set(level, found);
  }
  return found;
}

/** How many positions a warning names: those that weigh most, by margin. */
const NAMED_POSITIONS = 3;

/**
 * A margin warning's notice: the lowest level crossed, the margin level now, and the
 * positions that weigh most with the margin level closing each alone would leave (its
 * floating profit is realised, so equity stays; its margin is freed). Shared math.
 */
export function warningNotice(
  level: number,
  figures: Figures,
  rows: readonly OrderRow[],
  market: MarketService,
): NoticeData['margin_warning'] {
  const heaviest = [...rows].sort((a, b) => b.margin - a.margin).slice(0, NAMED_POSITIONS);
  return {
    level,
    margin_level: figures.marginLevel?.toFixed(2) ?? '',
    positions: heaviest.map((row) => {
      const after = accountMarginLevel({
        equity: figures.equity,
        usedMargin: figures.usedMargin.minus(fromMicros(row.margin)),
      });
      return {
        order_id: Number(row.id),
        code: market.instrument(row.instrument_id)?.code ?? '',
        side: row.side === 1 ? (1 as const) : (2 as const),
        lots: row.lots,
        profit: fromMicros(figures.values.get(Number(row.id))?.profit ?? microUsd(0)).toFixed(2),
        level_after: after?.toFixed(2) ?? '',
      };
    }),
  };
}
