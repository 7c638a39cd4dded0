import type { DeskExposure, DeskFills } from '@pipwise/shared';
import { formatAxisMinute } from '@/lib/format';

/**
 * The desk page's view logic (docs/dealing-desk.md): how a margin level reads against the
 * operators' levels, and the charts' rows. Pure, so it is tested without a browser. "Today"
 * is in the operator's zone (lib/time-zone.ts), like every time in the back office.
 */

export type LevelTone = 'danger' | 'warning' | 'normal';

/** At or below the stop-out level: danger; at or below the margin call: warning. */
export function marginLevelTone(
  level: number | null,
  levels: { stop_out_level: number; margin_call_level: number },
): LevelTone {
  if (level === null) return 'normal';
  if (level <= levels.stop_out_level) return 'danger';
  if (level <= levels.margin_call_level) return 'warning';
  return 'normal';
}

/** The trader page of the back office, where an account is looked after. */
export function traderPath(userId: number): string {
  return `/users?id=${userId}`;
}

/** One bar of the exposure chart: long to the right, short to the left (negative). */
export interface ExposureBar {
  code: string;
  long: number;
  short: number;
  net: number;
}

/** The instruments by |net| (as the snapshot orders them), at most `max` of them. */
export function exposureBars(rows: readonly DeskExposure[], max = 12): ExposureBar[] {
  return rows
    .filter((r) => r.priced)
    .slice(0, max)
    .map((r) => ({
      code: r.code,
      long: r.long_usd,
      short: r.short_usd === 0 ? 0 : -r.short_usd,
      net: r.net_usd,
    }));
}

/** One point of the fills chart, labelled with its minute in the operator's clock. */
export interface FillPoint {
  label: string;
  opened: number;
  closed: number;
}

/** The fills per minute as the chart shows them, times as HH:MM in `timeZone` (the chart names it). */
export function fillPoints(fills: readonly DeskFills[], timeZone: string): FillPoint[] {
  return fills.map((f) => ({
    label: formatAxisMinute(f.minute, timeZone),
    opened: f.opened,
    closed: f.closed,
  }));
}

/** Fills in the last hour, opens and closes. */
export function fillTotals(fills: readonly DeskFills[]): { opened: number; closed: number } {
  return fills.reduce((t, f) => ({ opened: t.opened + f.opened, closed: t.closed + f.closed }), {
    opened: 0,
    closed: 0,
  });
}
