import { describe, expect, it } from 'vitest';
import { calendarDay, dayStartIn, isZoneId } from './time-zone.js';

describe('time zones an operator page may name', () => {
  it('takes IANA ids and UTC as the zone database spells them', () => {
    for (const zone of [
      'UTC',
      'Europe/London',
      'Asia/Hong_Kong',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+8',
    ])
      expect(isZoneId(zone), zone).toBe(true);
  });

  it('refuses offsets, other cases, junk and non-strings', () => {
    for (const zone of [
      '',
      'utc',
      'europe/london',
      '+08:00',
      'GMT+8',
      'Mars/Olympus',
      'Europe/London ',
      'A'.repeat(70),
      1,
      true,
      ['UTC'],
      null,
    ])
      expect(isZoneId(zone), String(zone)).toBe(false);
  });
});

describe('the start of today in a zone', () => {
  const at = Date.parse('2026-11-25T15:00:00Z');

  it('is midnight UTC in UTC', () => {
    expect(dayStartIn('UTC', at)).toBe(Date.parse('2026-11-25T00:00:00Z'));
  });

  it('is the local midnight east and west of Greenwich', () => {
    expect(dayStartIn('Asia/Hong_Kong', at)).toBe(Date.parse('2026-11-24T16:00:00Z'));
    expect(dayStartIn('America/New_York', at)).toBe(Date.parse('2026-11-25T05:00:00Z'));
    // 23:30 in New York is still the 25th there, already the 26th in UTC.
    expect(dayStartIn('America/New_York', Date.parse('2026-11-26T04:30:00Z'))).toBe(
      Date.parse('2026-11-25T05:00:00Z'),
    );
  });

  it('follows a clock change made during the day', () => {
    // 2026-03-08: New York moved from UTC−5 to UTC−4 at 02:00; midnight was still UTC−5.
    expect(dayStartIn('America/New_York', Date.parse('2026-03-08T20:00:00Z'))).toBe(
      Date.parse('2026-03-08T05:00:00Z'),
    );
    // 2026-10-25: London moved back to UTC at 02:00; midnight was UTC+1.
    expect(dayStartIn('Europe/London', Date.parse('2026-10-25T20:00:00Z'))).toBe(
      Date.parse('2026-10-24T23:00:00Z'),
    );
  });

  it('starts at the first minute that exists when a clock change skips midnight', () => {
    // Santiago moves from −4 to −3 at 00:00 on 2026-09-06: the day starts at 01:00 (−3).
    expect(dayStartIn('America/Santiago', Date.parse('2026-09-06T15:00:00Z'))).toBe(
      Date.parse('2026-09-06T04:00:00Z'),
    );
  });
});

describe('calendar dates written YYYY-MM-DD', () => {
  it('counts days since 1970-01-01 of real dates only', () => {
    expect(calendarDay('1970-01-01')).toBe(0);
    expect(calendarDay('2026-11-25')).toBe(Date.parse('2026-11-25T00:00:00Z') / 86_400_000);
    expect(calendarDay('2024-02-29')).toBe(calendarDay('2024-02-28')! + 1);
    for (const text of [
      '2025-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-1-5',
      '2026-11-25T00:00',
      ' 2026-11-25',
      '20261125',
      '',
    ])
      expect(calendarDay(text), text).toBeNull();
  });

  it('keeps to the bounds given, both ends included', () => {
    const reports = { first: '2000-01-01', last: '2099-12-31' };
    expect(calendarDay('1999-12-31', reports)).toBeNull();
    expect(calendarDay('2000-01-01', reports)).toBe(calendarDay('2000-01-01'));
    expect(calendarDay('2099-12-31', reports)).toBe(calendarDay('2099-12-31'));
    expect(calendarDay('2100-01-01', reports)).toBeNull();
    // Only a first date: open towards the future (the statements' bound).
    expect(calendarDay('1999-12-31', { first: '2000-01-01' })).toBeNull();
    expect(calendarDay('2200-06-30', { first: '2000-01-01' })).toBe(calendarDay('2200-06-30'));
    // A bound never lets a non-date through.
    expect(calendarDay('2050-02-30', reports)).toBeNull();
  });
});
