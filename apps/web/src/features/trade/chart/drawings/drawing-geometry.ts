import type { DrawingKind } from '@pipwise/shared';

/**
 * A drawing's shapes on screen and what a press on it touches (docs/chart.md "Drawings").
 * Pure: the points come in as pixels (drawing-primitive.ts places them).
 */

/** The Fibonacci retracement's levels, from the swing's end (0) back to its start (1). */
export const FIB_RATIOS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/** A level's price: `end` at 0, `start` at 1, the ratio of the swing in between. */
export const fibPrice = (start: number, end: number, ratio: number): number => end + (start - end) * ratio;

/** A point on screen; x is null when its time is off the scale (no bars yet). */
export interface ScreenPoint {
  x: number | null;
  y: number | null;
}

export interface PlacedDrawing {
  key: string;
  kind: DrawingKind;
  points: readonly ScreenPoint[];
  /** Each Fibonacci level's y; empty for other kinds. */
  levels: readonly { ratio: number; price: number; y: number | null }[];
}

/** What a press touches: the drawing, or one of its points (its anchors). */
export type DrawingPart = 'body' | 0 | 1;

export interface DrawingHit {
  key: string;
  part: DrawingPart;
  /** How far from the press, px: the nearest wins. */
  distance: number;
}

/** Distance from (px, py) to the segment a–b. */
export function segmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * Where a press at (x, y) lands on one drawing, within `tolerance` px, in a pane `width`
 * wide: a point's anchor (`anchors`: only a selected drawing shows them), else the line
 * (a horizontal line across the pane, a trend line's segment, a Fibonacci's levels from its
 * first x to the pane's right edge). Null when it misses.
 */
export function hitDrawing(
  d: PlacedDrawing,
  x: number,
  y: number,
  o: { tolerance: number; width: number; anchors: boolean },
): DrawingHit | null {
  const { tolerance } = o;
  // A horizontal line moves as a whole: its one point says only where it was put.
  if (o.anchors && d.kind !== 'hline') {
    let best: DrawingHit | null = null;
    d.points.forEach((p, i) => {
      if (p.x === null || p.y === null) return;
      const distance = Math.hypot(x - p.x, y - p.y);
      if (distance <= tolerance && (!best || distance < best.distance))
        best = { key: d.key, part: i as 0 | 1, distance };
    });
    if (best) return best;
  }
  const [a, b] = d.points;
  if (!a || a.y === null) return null;
  if (d.kind === 'hline') {
    const distance = Math.abs(y - a.y);
    return distance <= tolerance && x <= o.width ? { key: d.key, part: 'body', distance } : null;
  }
  if (!b || a.x === null || b.x === null || b.y === null) return null;
  if (d.kind === 'trend') {
    const distance = segmentDistance(x, y, a.x, a.y, b.x, b.y);
    return distance <= tolerance ? { key: d.key, part: 'body', distance } : null;
  }
  // A Fibonacci: on a level's line, or inside the band its levels span.
  const left = Math.min(a.x, b.x) - tolerance;
  if (x < left || x > o.width) return null;
  const ys = d.levels.map((l) => l.y).filter((v): v is number => v !== null);
  if (ys.length === 0) return null;
  const nearest = Math.min(...ys.map((ly) => Math.abs(y - ly)));
  if (nearest <= tolerance) return { key: d.key, part: 'body', distance: nearest };
  const inside = y >= Math.min(...ys) && y <= Math.max(...ys);
  return inside ? { key: d.key, part: 'body', distance: tolerance } : null;
}

/**
 * The drawing a press lands on among several, drawn in order (the last on top): the
 * selected one's anchors first (they are what a finger aims at), then the nearest line,
 * the selected one's included.
 */
export function hitAmong(
  drawings: readonly PlacedDrawing[],
  x: number,
  y: number,
  o: { tolerance: number; width: number; selected: string | null },
): DrawingHit | null {
  const selected = drawings.find((d) => d.key === o.selected);
  const anchor = selected ? hitDrawing(selected, x, y, { ...o, anchors: true }) : null;
  if (anchor && anchor.part !== 'body') return anchor;
  let best: DrawingHit | null = null;
  for (const d of drawings) {
    const hit = hitDrawing(d, x, y, { ...o, anchors: false });
    if (hit && (!best || hit.distance <= best.distance)) best = hit;
  }
  return best;
}
