// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { forgetTraderTimeZone, traderTimeZone } from './time-zone';
import { useDateTime, useZoneName } from './use-date-time';

// 2026-11-26 17:43:45 UTC: 12:43:45 in New York, 01:43:45 on the 27th in Hong Kong.
const AT = Date.parse('2026-11-26T17:43:45Z');

const i18n = testI18n();
const deviceZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = deviceZone;
  forgetTraderTimeZone();
});

function When() {
  const when = useDateTime();
  const zone = useZoneName();
  return (
    <p>
      <time>{when(AT)}</time>
      <span>{zone.short}</span>
    </p>
  );
}

const view = mountRoot();
beforeEach(() => {
  // The trader has chosen no zone: the device's is used (a phone in Hong Kong here).
  process.env.TZ = 'Asia/Hong_Kong';
  forgetTraderTimeZone();
  view.render(withProviders(<When />, { i18n }));
});

describe('useDateTime', () => {
  it('shows a time in the device’s zone with the zone named, not New York time', () => {
    expect(traderTimeZone()).toBe('Asia/Hong_Kong');
    expect(view.container.querySelector('time')?.textContent).toBe('Nov 27, 2026, 01:43:45 GMT+8');
    expect(view.container.querySelector('span')?.textContent).toBe('GMT+8');
  });

  it('follows the language', async () => {
    await act(() => i18n.changeLanguage('hk'));
    expect(view.container.querySelector('time')?.textContent).toMatch(/^2026年11月27日 01:43:45 \S+/);
    await act(() => i18n.changeLanguage('en'));
  });
});
