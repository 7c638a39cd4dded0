// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chooseTimeZone,
  forgetTraderTimeZone,
  knownTimeZones,
  subscribeTimeZone,
  timeZoneChoice,
  traderTimeZone,
  zoneOffsetText,
} from './time-zone';

const deviceZone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'Europe/Paris';
  localStorage.clear();
  forgetTraderTimeZone();
});
afterAll(() => {
  process.env.TZ = deviceZone;
  localStorage.clear();
  forgetTraderTimeZone();
});

describe('the trader’s zone', () => {
  it('is the device’s until one is chosen, then the choice, kept on the device', () => {
    expect(traderTimeZone()).toBe('Europe/Paris');
    expect(timeZoneChoice()).toBeNull();
    const heard = vi.fn();
    const stop = subscribeTimeZone(heard);
    expect(chooseTimeZone('Asia/Singapore')).toBe(true);
    expect(traderTimeZone()).toBe('Asia/Singapore');
    expect(localStorage.getItem('pipwise.time_zone')).toBe('Asia/Singapore');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(chooseTimeZone(null)).toBe(true);
    expect(traderTimeZone()).toBe('Europe/Paris');
    expect(localStorage.getItem('pipwise.time_zone')).toBeNull();
    stop();
  });

  it('refuses a zone the runtime does not know, changing nothing', () => {
    chooseTimeZone('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'utc', '+08:00', 'Asia/Hong Kong', 'x'.repeat(80)])
      expect(chooseTimeZone(bad), bad).toBe(false);
    expect(traderTimeZone()).toBe('UTC');
    expect(localStorage.getItem('pipwise.time_zone')).toBe('UTC');
  });

  it('follows a choice made in another tab', () => {
    const heard = vi.fn();
    const stop = subscribeTimeZone(heard);
    localStorage.setItem('pipwise.time_zone', 'America/Chicago');
    window.dispatchEvent(new StorageEvent('storage', { key: 'pipwise.time_zone' }));
    expect(traderTimeZone()).toBe('America/Chicago');
    expect(heard).toHaveBeenCalled();
    stop();
  });
});

describe('zone offsets and the list', () => {
  it('reads the offset at the instant, clock changes included', () => {
    const winter = Date.parse('2026-01-15T12:00:00Z');
    const summer = Date.parse('2026-07-15T12:00:00Z');
    expect(zoneOffsetText('America/New_York', winter)).toBe('UTC\u221205:00');
    expect(zoneOffsetText('America/New_York', summer)).toBe('UTC\u221204:00');
    expect(zoneOffsetText('Asia/Kolkata', winter)).toBe('UTC+05:30');
    expect(zoneOffsetText('Asia/Kathmandu', winter)).toBe('UTC+05:45');
    expect(zoneOffsetText('UTC', winter)).toBe('UTC');
    expect(zoneOffsetText('Europe/London', winter)).toBe('UTC');
  });

  it('lists UTC first, then every zone the runtime knows, each one the server accepts', () => {
    const zones = knownTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('America/New_York');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
