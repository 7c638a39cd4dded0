import { describe, expect, it } from 'vitest';
import { dayStartIn, isZoneId } from './time-zone.js';

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
