import type { DrawingColor } from '@pipwise/shared';

/**
 * The shades of the drawings' colour names on the dark chart (the canvas cannot read CSS
 * variables): the app's blue, amber, green and red, a violet and a near-white.
 */
export const DRAWING_SHADES: Record<DrawingColor, string> = {
  blue: '#3d8bfd',
  amber: '#f0b90b',
  green: '#18c787',
  red: '#f6465d',
  violet: '#b38cff',
  white: '#e6e9ef',
};

/** A shade with an opacity, for the Fibonacci's bands. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
