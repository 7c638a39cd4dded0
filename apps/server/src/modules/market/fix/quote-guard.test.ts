import { describe, expect, it } from 'vitest';
import {
  cleanText,
  describeReason,
  entryTime,
  MD_REJECT_REASONS,
  pricePoints,
  utcTimestamp,
} from './md-fields.js';
import { CONFIRMATIONS, QuoteGuard } from './quote-guard.js';

describe('pricePoints', () => {
  it('reads a decimal into integer points, rounding half up on the digits', () => {
    expect(pricePoints('1.15800', 5)).toEqual({ ok: true, points: 115_800 });
    expect(pricePoints('1.158', 5)).toEqual({ ok: true, points: 115_800 });
    expect(pricePoints('1.100015', 5)).toEqual({ ok: true, points: 110_002 });
    expect(pricePoints('1.100014', 5)).toEqual({ ok: true, points: 110_001 });
    expect(pricePoints('4085', 2)).toEqual({ ok: true, points: 408_500 });
    expect(pricePoints('0.000005', 5)).toEqual({ ok: true, points: 1 });
  });

  it.each([
    ['abc', 'garbage'],
    ['', 'garbage'],
    [null, 'garbage'],
    ['1e5', 'garbage'],
    [' 1.1', 'garbage'],
    ['NaN', 'garbage'],
    ['Infinity', 'garbage'],
    ['1.1.1', 'garbage'],
    ['+1.1', 'garbage'],
    ['0', 'non_positive'],
    ['0.00000', 'non_positive'],
    ['0.000004', 'non_positive'],
    ['-1.158', 'non_positive'],
    ['1234567890123456', 'too_large'],
  ])('refuses %j as %s', (text, problem) => {
    expect(pricePoints(text, 5)).toEqual({ ok: false, problem });
  });
});

describe('FIX times', () => {
  it('reads a UTCTimestamp with or without fractions, and refuses impossible ones', () => {
    expect(utcTimestamp('20261127-03:30:57.013')).toBe(Date.UTC(2026, 10, 27, 3, 30, 57, 13));
    expect(utcTimestamp('20261127-03:30:57')).toBe(Date.UTC(2026, 10, 27, 3, 30, 57));
    expect(utcTimestamp('20261127-03:30:57.013456789')).toBe(Date.UTC(2026, 10, 27, 3, 30, 57, 13));
    for (const bad of [
      '20260230-00:00:00',
      '20261127-24:00:00',
      '2026-11-27T03:30:57Z',
      '19991231-23:59:59',
      '',
    ])
      expect(utcTimestamp(bad)).toBeUndefined();
  });

  it('places an entry time alone on the nearer side of midnight of the sending time', () => {
    const sent = Date.UTC(2026, 10, 27, 0, 0, 0, 100);
    expect(entryTime(null, '23:59:59.900', sent)).toBe(Date.UTC(2026, 10, 26, 23, 59, 59, 900));
    expect(entryTime(null, '00:00:00.050', sent)).toBe(Date.UTC(2026, 10, 27, 0, 0, 0, 50));
    expect(entryTime('20261126', '23:59:59.900', sent)).toBe(Date.UTC(2026, 10, 26, 23, 59, 59, 900));
    expect(entryTime(null, null, sent)).toBeUndefined();
    expect(entryTime('20261126', null, sent)).toBeNull();
    expect(entryTime(null, '25:00:00', sent)).toBeNull();
    expect(entryTime('2026-11-26', '10:00:00', sent)).toBeNull();
  });

  it('cleans provider text for an operator and a log line', () => {
    expect(cleanText('Unknown\u0001symbol\r\n  EUR/XXX')).toBe('Unknown symbol EUR/XXX');
    expect(cleanText('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(describeReason(MD_REJECT_REASONS, '0', 'EUR/XXX not quoted', 'rejected')).toBe(
      'unknown symbol (0): EUR/XXX not quoted',
    );
    expect(describeReason(MD_REJECT_REASONS, 'Z', '', 'rejected')).toBe('reason (Z)');
    expect(describeReason(MD_REJECT_REASONS, 'bad code!', null, 'rejected')).toBe('rejected');
  });
});

describe('QuoteGuard', () => {
  const limits = { maxJump: 0.03, maxClockSkewMs: 5_000 };
  const t0 = Date.UTC(2026, 10, 27, 12);

  it('passes a sane quote and refuses one-sided, crossed and absurdly wide books', () => {
    const guard = new QuoteGuard(limits);
    expect(guard.apply({ bid: 115_800, ask: 115_810 }, t0)).toEqual({
      ok: true,
      bid: 115_800,
      ask: 115_810,
      newLevel: false,
    });
    expect(guard.apply({ bid: 115_800 }, t0)).toEqual({ ok: false, reason: 'one_sided' });
    expect(guard.apply({ bid: 115_820, ask: 115_810 }, t0)).toEqual({ ok: false, reason: 'crossed' });
    expect(guard.apply({ bid: 110_000, ask: 120_000 }, t0)).toEqual({ ok: false, reason: 'wide' });
    expect(guard.apply({ bid: 115_810, ask: 115_810 }, t0).ok).toBe(true); // locked is not crossed
  });

  it('holds back a jump from the last good quote until enough quotes agree on the new level', () => {
    const guard = new QuoteGuard(limits, { bid: 115_800, ask: 115_810 });
    expect(guard.apply({ bid: 173_700, ask: 173_710 }, t0)).toEqual({ ok: false, reason: 'jump' });
    // Back to the old level: the jump was a one-off.
    expect(guard.apply({ bid: 115_801, ask: 115_811 }, t0).ok).toBe(true);
    for (let i = 1; i < CONFIRMATIONS; i++)
      expect(guard.apply({ bid: 100_000 + i, ask: 100_010 + i }, t0)).toEqual({ ok: false, reason: 'jump' });
    expect(guard.apply({ bid: 100_100, ask: 100_110 }, t0)).toEqual({
      ok: true,
      bid: 100_100,
      ask: 100_110,
      newLevel: true,
    });
    expect(guard.last).toEqual({ bid: 100_100, ask: 100_110 });
  });

  it('refuses stamps out of order or too far from our clock', () => {
    const guard = new QuoteGuard(limits);
    guard.apply({ bid: 1, ask: 2 }, t0);
    expect(guard.checkTime(t0 - 1, t0)).toBe('out_of_order');
    expect(guard.checkTime(t0, t0)).toBeUndefined();
    expect(guard.checkTime(t0 + 6_000, t0)).toBe('future');
    expect(guard.checkTime(t0 - 6_000, t0)).toBe('late');
    guard.resetBook();
    expect(guard.checkTime(t0 - 1, t0)).toBeUndefined(); // a new session's snapshot starts over
  });

  it('ignores a nonsense reference quote', () => {
    expect(new QuoteGuard(limits, { bid: 5, ask: 4 }).last).toBeUndefined();
    expect(() => new QuoteGuard({ ...limits, maxJump: 0 })).toThrow(RangeError);
  });
});
