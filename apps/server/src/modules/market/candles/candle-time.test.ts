import { describe, expect, it } from 'vitest';
import { bucketOf, bucketStart } from './candle-time.js';

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
});
