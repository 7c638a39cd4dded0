import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One time format on every trader screen (lib/date-time.ts): no screen formats an instant
 * its own way, or in New York time with "ET" glued on.
 */
const SRC = new URL('..', import.meta.url).pathname;

/** Files allowed their own Intl dates: the formatter itself and machine formats. */
const ALLOWED = new Set([
  'lib/date-time.ts',
  'lib/time-zone.ts',
  // The chart's compact axis marks, in the same zone (the period bar names it).
  'features/trade/utils/chart-time.ts',
  // YYYY-MM-DD of the statements' query, not shown.
  'features/statements/utils/statement-period.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('dates on the trader’s screens', () => {
  it('are all written by lib/date-time.ts', () => {
    const own = /toLocale(Date|Time)?String\(|Intl\.DateTimeFormat\(|market_time|MARKET_TIMEZONE/;
    const offenders = sources(SRC)
      .map((path) => relative(SRC, path))
      .filter((file) => !ALLOWED.has(file))
      .filter((file) => own.test(readFileSync(join(SRC, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
