import { describe, expect, it } from 'vitest';
import { nyClock } from '../market-hours.js';
import { bucketOf, bucketStart, type Bucket } from './candle-time.js';

const utc = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('candle buckets', () => {
  it('aligns minute periods to epoch minutes', () => {
    const t = utc('2026-11-25T15:07:42.123Z');
    expect(bucketStart('1min', t)).toBe(utc('2026-11-25T15:07:00Z'));
    expect(bucketStart('5min', t)).toBe(utc('2026-11-25T15:05:00Z'));
    expect(bucketStart('15min', t)).toBe(utc('2026-11-25T15:00:00Z'));
    expect(bucketStart('30min', t)).toBe(utc('2026-11-25T15:00:00Z'));
    expect(bucketStart('60min', t)).toBe(utc('2026-11-25T15:00:00Z'));
    expect(bucketOf('5min', t)).toEqual({
      start: utc('2026-11-25T15:05:00Z'),
      end: utc('2026-11-25T15:10:00Z'),
    });
    // A bucket includes its start and excludes its end.
    expect(bucketStart('1min', utc('2026-11-25T15:08:00Z'))).toBe(utc('2026-11-25T15:08:00Z'));
  });

  it('starts the 1day candle at 17:00 New York, winter and summer', () => {
    // EST: 17:00 is 22:00 UTC.
    expect(bucketOf('1day', utc('2026-11-25T15:00:00Z'))).toEqual({
      start: utc('2026-11-24T22:00:00Z'),
      end: utc('2026-11-25T22:00:00Z'),
    });
    expect(bucketStart('1day', utc('2026-11-25T22:00:00Z'))).toBe(utc('2026-11-25T22:00:00Z'));
    expect(bucketStart('1day', utc('2026-11-25T21:59:59.999Z'))).toBe(utc('2026-11-24T22:00:00Z'));
    // EDT: 17:00 is 21:00 UTC.
    expect(bucketStart('1day', utc('2026-07-01T12:00:00Z'))).toBe(utc('2026-06-30T21:00:00Z'));
  });

  it('keeps 17:00 New York across the spring-forward night (a 23-hour day)', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT. The day from Sat 17:00 EST to Sun 17:00 EDT.
    const day = { start: utc('2026-03-07T22:00:00Z'), end: utc('2026-03-08T21:00:00Z') };
    expect(day.end - day.start).toBe(23 * HOUR);
    // Crypto ticks all night: before, during and after the change.
    for (const iso of [
      '2026-03-08T01:00:00Z',
      '2026-03-08T07:30:00Z',
      '2026-03-08T14:00:00Z',
      '2026-03-08T20:59:59Z',
    ]) {
      expect(bucketOf('1day', utc(iso))).toEqual(day);
    }
    expect(bucketStart('1day', utc('2026-03-08T21:00:00Z'))).toBe(utc('2026-03-08T21:00:00Z'));
  });

  it('keeps 17:00 New York across the fall-back night (a 25-hour day)', () => {
    // 2026-11-01 02:00 EDT → 01:00 EST. The day from Sat 17:00 EDT to Sun 17:00 EST.
    const day = { start: utc('2026-10-31T21:00:00Z'), end: utc('2026-11-01T22:00:00Z') };
    expect(day.end - day.start).toBe(25 * HOUR);
    for (const iso of [
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:30:00Z',
      '2026-11-01T15:00:00Z',
      '2026-11-01T21:30:00Z',
    ]) {
      expect(bucketOf('1day', utc(iso))).toEqual(day);
    }
    expect(bucketOf('1day', utc('2026-11-01T22:00:00Z'))).toEqual({
      start: utc('2026-11-01T22:00:00Z'),
      end: utc('2026-11-02T22:00:00Z'),
    });
  });

  it('cuts the trading day into six 4hour candles from 17:00 New York', () => {
    // EST: 17:00, 21:00, 01:00, 05:00, 09:00, 13:00 are 22, 02, 06, 10, 14, 18 UTC.
    const starts = ['24T22', '25T02', '25T06', '25T10', '25T14', '25T18', '25T22'].map((d) =>
      utc(`2026-11-${d}:00:00Z`),
    );
    for (let i = 0; i < 6; i++) {
      const bucket = { start: starts[i]!, end: starts[i + 1]! };
      expect(bucketOf('4hour', bucket.start)).toEqual(bucket);
      expect(bucketOf('4hour', bucket.end - 1)).toEqual(bucket);
      expect(bucketOf('4hour', bucket.start + 2 * HOUR + 7)).toEqual(bucket);
    }
    // EDT: 13:00 New York is 17:00 UTC.
    expect(bucketOf('4hour', utc('2026-07-01T19:59:59Z'))).toEqual({
      start: utc('2026-07-01T17:00:00Z'),
      end: utc('2026-07-01T21:00:00Z'),
    });
  });

  it('keeps 4hour candles on the New York clock across the spring-forward night', () => {
    // The 23-hour day from Sat 2026-03-07 17:00 EST (22:00 UTC) to Sun 17:00 EDT (21:00 UTC):
    // 17:00 21:00 01:00 EST, then 05:00 09:00 13:00 EDT; the 01:00 candle lasts 3 hours.
    const bounds = [
      '2026-03-07T22:00:00Z',
      '2026-03-08T02:00:00Z',
      '2026-03-08T06:00:00Z',
      '2026-03-08T09:00:00Z',
      '2026-03-08T13:00:00Z',
      '2026-03-08T17:00:00Z',
      '2026-03-08T21:00:00Z',
    ].map(utc);
    expectConsecutive('4hour', bounds);
    expect(bounds[3]! - bounds[2]!).toBe(3 * HOUR);
    // Crypto ticks through the change (02:00 EST is 07:00 UTC, already 03:00 EDT).
    expect(bucketOf('4hour', utc('2026-03-08T06:59:59Z'))).toEqual({ start: bounds[2], end: bounds[3] });
    expect(bucketOf('4hour', utc('2026-03-08T07:00:00Z'))).toEqual({ start: bounds[2], end: bounds[3] });
    // The next day is 24 hours again: 17:00 EDT, 21:00 EDT = 01:00 UTC.
    expect(bucketOf('4hour', utc('2026-03-09T00:00:00Z'))).toEqual({
      start: utc('2026-03-08T21:00:00Z'),
      end: utc('2026-03-09T01:00:00Z'),
    });
  });

  it('keeps 4hour candles on the New York clock across the fall-back night', () => {
    // The 25-hour day from Sat 2026-10-31 17:00 EDT (21:00 UTC) to Sun 17:00 EST (22:00 UTC):
    // 17:00 21:00 01:00 EDT, then 05:00 09:00 13:00 EST; the 01:00 candle lasts 5 hours.
    const bounds = [
      '2026-10-31T21:00:00Z',
      '2026-11-01T01:00:00Z',
      '2026-11-01T05:00:00Z',
      '2026-11-01T10:00:00Z',
      '2026-11-01T14:00:00Z',
      '2026-11-01T18:00:00Z',
      '2026-11-01T22:00:00Z',
    ].map(utc);
    expectConsecutive('4hour', bounds);
    expect(bounds[3]! - bounds[2]!).toBe(5 * HOUR);
    // 01:30 New York happens twice (05:30 and 06:30 UTC): both in the same candle.
    for (const iso of ['2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z', '2026-11-01T09:59:59Z']) {
      expect(bucketOf('4hour', utc(iso))).toEqual({ start: bounds[2], end: bounds[3] });
    }
  });

  it('runs 4hour candles through the year end on the trading day', () => {
    // New York's midnight into 2027 (05:00 UTC) falls inside the 21:00–01:00 candle.
    expect(bucketOf('4hour', utc('2027-01-01T05:00:00Z'))).toEqual({
      start: utc('2027-01-01T02:00:00Z'),
      end: utc('2027-01-01T06:00:00Z'),
    });
    expect(bucketOf('4hour', utc('2026-12-31T21:59:59Z'))).toEqual({
      start: utc('2026-12-31T18:00:00Z'),
      end: utc('2026-12-31T22:00:00Z'),
    });
    expect(bucketStart('4hour', utc('2026-12-31T22:00:00Z'))).toBe(utc('2026-12-31T22:00:00Z'));
  });

  it('makes the 1week candle the trading week from Sunday 17:00 New York', () => {
    const week = { start: utc('2026-11-22T22:00:00Z'), end: utc('2026-11-29T22:00:00Z') };
    // From its first instant, through the forex weekend (crypto trades), to its last.
    for (const iso of [
      '2026-11-22T22:00:00Z',
      '2026-11-25T15:00:00Z',
      '2026-11-28T12:00:00Z',
      '2026-11-29T21:59:59.999Z',
    ]) {
      expect(bucketOf('1week', utc(iso))).toEqual(week);
    }
    // Sunday before 17:00 is still the last week; 17:00 opens the next.
    expect(bucketStart('1week', utc('2026-11-22T21:59:59Z'))).toBe(utc('2026-11-15T22:00:00Z'));
    expect(bucketOf('1week', utc('2026-11-29T22:00:00Z'))).toEqual({
      start: utc('2026-11-29T22:00:00Z'),
      end: utc('2026-12-06T22:00:00Z'),
    });
  });

  it('ends the week of a daylight-saving change on Sunday 17:00 New York (167 and 169 hours)', () => {
    // Spring: Sun 2026-03-01 17:00 EST to Sun 03-08 17:00 EDT; the change is on its last night.
    const spring = { start: utc('2026-03-01T22:00:00Z'), end: utc('2026-03-08T21:00:00Z') };
    expect(spring.end - spring.start).toBe(167 * HOUR);
    for (const iso of ['2026-03-02T12:00:00Z', '2026-03-08T07:30:00Z', '2026-03-08T20:59:59Z']) {
      expect(bucketOf('1week', utc(iso))).toEqual(spring);
    }
    expect(bucketOf('1week', utc('2026-03-08T21:00:00Z'))).toEqual({
      start: utc('2026-03-08T21:00:00Z'),
      end: utc('2026-03-15T21:00:00Z'),
    });
    // Fall: Sun 2026-10-25 17:00 EDT to Sun 11-01 17:00 EST.
    const fall = { start: utc('2026-10-25T21:00:00Z'), end: utc('2026-11-01T22:00:00Z') };
    expect(fall.end - fall.start).toBe(169 * HOUR);
    for (const iso of ['2026-10-25T21:00:00Z', '2026-11-01T05:30:00Z', '2026-11-01T06:30:00Z']) {
      expect(bucketOf('1week', utc(iso))).toEqual(fall);
    }
    expect(bucketStart('1week', utc('2026-11-01T22:00:00Z'))).toBe(utc('2026-11-01T22:00:00Z'));
  });

  it('runs the week across the year end', () => {
    const week = { start: utc('2026-12-27T22:00:00Z'), end: utc('2027-01-03T22:00:00Z') };
    for (const iso of ['2026-12-31T23:59:59Z', '2027-01-01T05:00:00Z', '2027-01-02T12:00:00Z']) {
      expect(bucketOf('1week', utc(iso))).toEqual(week);
    }
  });

  it('tiles two years without gap or overlap, every start on the New York clock', () => {
    // Every 37 minutes through 2026 and 2027 (both DST changes of each year, a year end):
    // each instant lies in its bucket, buckets follow each other end to start, and each
    // starts at a 4hour hour (or Sunday 17:00 for the week) on New York's wall clock.
    const fourHourStarts = new Set([17, 21, 1, 5, 9, 13]);
    const problems: string[] = [];
    for (const period of ['4hour', '1week'] as const) {
      let last: Bucket | undefined;
      for (let t = utc('2026-01-01T00:00:00Z'); t < utc('2028-01-01T00:00:00Z'); t += 37 * 60_000) {
        const b = bucketOf(period, t);
        if (!(b.start <= t && t < b.end)) problems.push(`${period} ${t} outside ${b.start}`);
        if (last && b.start !== last.start && b.start !== last.end)
          problems.push(`${period} gap at ${b.start}`);
        if (!last || b.start !== last.start) {
          const ny = nyClock(b.start);
          const onClock =
            ny.minute === 0 &&
            ny.second === 0 &&
            (period === '4hour' ? fourHourStarts.has(ny.hour) : ny.hour === 17 && ny.weekday === 0);
          const hours = (b.end - b.start) / HOUR;
          const nominal = period === '4hour' ? 4 : 168;
          if (!onClock) problems.push(`${period} starts off the clock at ${b.start}`);
          if (Math.abs(hours - nominal) > 1) problems.push(`${period} of ${hours} h at ${b.start}`);
        }
        last = b;
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Each pair of neighbouring bounds is one bucket of `period`, found from its inside. */
function expectConsecutive(period: '4hour' | '1week', bounds: number[]): void {
  for (let i = 0; i + 1 < bounds.length; i++) {
    const bucket = { start: bounds[i]!, end: bounds[i + 1]! };
    expect(bucketOf(period, bucket.start)).toEqual(bucket);
    expect(bucketOf(period, bucket.end - 1)).toEqual(bucket);
  }
}
