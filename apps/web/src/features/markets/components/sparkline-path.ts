/** The SVG paths of a sparkline drawn in a `width` × `height` box. */
export interface SparklinePaths {
  /** The polyline: "M x,y L x,y …". */
  line: string;
  /** The line closed along the bottom edge, for the soft fill under it. */
  area: string;
  trend: 'up' | 'down' | 'flat';
}

const r = (n: number) => Math.round(n * 100) / 100;

/**
 * Scales closes (oldest first) into the box: time left to right, the lowest close at the
 * bottom and the highest at the top, `pad` pixels clear of the edges so the stroke is not
 * clipped. A flat series is drawn through the middle. Null with fewer than two points.
 * The trend compares the last point with the first, so the colour says what the line shows.
 */
export function sparklinePaths(
  points: readonly number[],
  width: number,
  height: number,
  pad = 2,
): SparklinePaths | null {
  const values = points.filter((v) => Number.isFinite(v));
  if (values.length < 2) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const inner = height - 2 * pad;
  const stepX = width / (values.length - 1);
  const coords = values.map((v, i) => {
    const y = span === 0 ? height / 2 : pad + (1 - (v - min) / span) * inner;
    return `${r(i * stepX)},${r(y)}`;
  });
  const line = `M${coords.join('L')}`;
  const area = `${line}L${r(width)},${height}L0,${height}Z`;
  const first = values[0]!;
  const last = values[values.length - 1]!;
  return { line, area, trend: last > first ? 'up' : last < first ? 'down' : 'flat' };
}
