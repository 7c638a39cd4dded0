import type { BadLine } from './fields.js';

/** How many bad lines a report shows before it only counts the rest. */
export const BAD_LINES_SHOWN = 20;

/** The first bad lines as a person reads them, and how many more there are. */
export function describeBadLines(
  bad: readonly BadLine[],
  badCount: number,
  shown = BAD_LINES_SHOWN,
): string[] {
  const lines = bad.slice(0, shown).map((b) => `  line ${b.line}: ${b.reason}`);
  const more = badCount - Math.min(shown, bad.length);
  if (more > 0) lines.push(`  … and ${more} more bad line${more === 1 ? '' : 's'}`);
  return lines;
}
