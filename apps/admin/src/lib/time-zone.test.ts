import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOperatorTimeZone, operatorTimeZone } from './time-zone';

/** The operator's zone when the browser names `zone` (the module reads it once: forget it first). */
function operatorZoneWhenBrowserSays(zone: string | undefined): string {
  forgetOperatorTimeZone();
  vi.restoreAllMocks();
  const real = Intl.DateTimeFormat;
  // A `function`, not an arrow: the zone check (isZoneId) calls it with `new`.
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof real>) {
    const format = new real(...args);
    const options = format.resolvedOptions();
    return Object.assign(format, { resolvedOptions: () => ({ ...options, timeZone: zone }) });
  });
  return operatorTimeZone();
}

afterEach(() => {
  vi.restoreAllMocks();
  forgetOperatorTimeZone();
});

describe('the operator’s zone', () => {
  it('is the browser’s: the back office has no zone setting', () => {
    expect(operatorZoneWhenBrowserSays('Europe/London')).toBe('Europe/London');
    expect(operatorZoneWhenBrowserSays('Asia/Hong_Kong')).toBe('Asia/Hong_Kong');
  });

  it('is UTC when the browser names no zone the server would accept', () => {
    expect(operatorZoneWhenBrowserSays(undefined)).toBe('UTC');
    expect(operatorZoneWhenBrowserSays('+08:00')).toBe('UTC');
  });

  it('is read once, not on every time shown', () => {
    expect(operatorZoneWhenBrowserSays('Europe/Paris')).toBe('Europe/Paris');
    vi.restoreAllMocks();
    expect(operatorTimeZone()).toBe('Europe/Paris');
  });
});
