/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '@pipwise/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatAxisMinute, formatTime, formatTimeOfDay, zoneName } from './format';

/** The operator's language and browser zone, as the language menu and the browser set them. */
let lang: Lang = 'en';
vi.mock('./i18n', () => ({ currentLang: () => lang }));
vi.mock('./time-zone', () => ({ operatorTimeZone: () => 'Asia/Hong_Kong' }));

const WINTER = Date.UTC(2026, 10, 26, 17, 43, 45); // 12:43:45 in New York (EST)
const SUMMER = Date.UTC(2026, 6, 1, 21, 5, 9); // 17:05:09 in New York (EDT)

beforeEach(() => {
  lang = 'en';
});

describe('the back office’s one time format: date, 24-hour time, the zone named', () => {
  it('writes the zone’s name after the time, in the zone asked for', () => {
    expect(formatTime(WINTER, 'America/New_York')).toBe('Nov 26, 2026, 12:43:45 EST');
    expect(formatTime(SUMMER, 'America/New_York')).toBe('Jul 1, 2026, 17:05:09 EDT');
    expect(formatTime(WINTER, 'UTC')).toBe('Nov 26, 2026, 17:43:45 UTC');
  });

  it('is in the operator’s zone unless a screen names another', () => {
    expect(formatTime(WINTER)).toBe('Nov 27, 2026, 01:43:45 GMT+8');
    expect(zoneName(WINTER)).toBe('GMT+8');
  });

  it('reads the operator’s way in every language, the clock never spelled out', () => {
    lang = 'hk';
    expect(formatTime(WINTER)).toMatch(/^2026年11月27日 01:43:45 \S+$/);
    lang = 'kr';
    expect(formatTime(WINTER)).toMatch(/01:43:45 \S+$/);
    lang = 'th';
    expect(formatTime(WINTER)).toMatch(/01:43:45 \S+$/);
    lang = 'ar';
    // Latin digits, so a time pasted into a support ticket reads the same in every language.
    expect(formatTime(WINTER)).toMatch(/2026.*01:43:45 \S+/);
    lang = 'vn';
    expect(formatTime(WINTER)).toMatch(/^01:43:45 GMT\+8 /);
  });

  it('says "—" for no time', () => {
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime(Number.NaN)).toBe('—');
  });

  it('has a time-of-day form, with the zone, and a compact one for chart axes', () => {
    const at = Date.UTC(2026, 0, 5, 9, 30, 15, 42);
    expect(formatTimeOfDay(at, { zone: 'UTC', millis: true })).toBe('09:30:15.042 UTC');
    expect(formatTimeOfDay(at)).toBe('17:30:15 GMT+8');
    expect(formatTimeOfDay(null)).toBe('—');
    expect(formatAxisMinute(at, 'Asia/Hong_Kong')).toBe('17:30');
  });
});

describe('every time on every screen goes through lib/format.ts', () => {
  // A screen formatting a time itself is how the zone went missing; only these files may.
  // (A dayjs day such as the reports' `YYYY-MM-DD` is a value sent to the API, not a time shown.)
  const ALLOWED = ['lib/format.ts', 'lib/time-zone.ts'];
  const FORMATTING =
    /Intl\.DateTimeFormat|toLocale(?:Date|Time)?String|toUTCString|\.format\(\s*['"`][^'"`]*(?:HH|hh|mm)/;

  it('no other file formats a date or time', () => {
    const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
    const files = (fs.readdirSync(src, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !ALLOWED.includes(file));
    const offending = files.filter((file) => FORMATTING.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(offending).toEqual([]);
  });
});
