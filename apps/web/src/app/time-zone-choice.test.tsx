// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderCard } from '@/features/orders/components/order-card';
import { TimeZoneSetting } from '@/features/preferences/components/time-zone-setting';
import { forgetTraderTimeZone, traderTimeZone } from '@/lib/time-zone';
import { testOrder } from '@/test/order-fixture';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';

/**
 * The trader's time zone (docs/product.md §9 "Time zone"): chosen in Settings, it applies at
 * once to every time on screen — an order's time and the zone named beside it — and is
 * remembered on the device; a stored value that is not a zone is ignored for the device's.
 */

// 2026-11-26 17:43:45 UTC: 01:43:45 on the 27th in Hong Kong, 12:43:45 in New York.
const AT = Date.parse('2026-11-26T17:43:45Z');
const KEY = 'pipwise.time_zone';

const i18n = testI18n();
const deviceZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = deviceZone;
  localStorage.clear();
  forgetTraderTimeZone();
});

beforeAll(() => {
  // jsdom lays nothing out: the sheet's scroll to the chosen zone has nowhere to go.
  Element.prototype.scrollIntoView = vi.fn();
});

const view = mountRoot();
beforeEach(() => {
  // A phone in Hong Kong.
  process.env.TZ = 'Asia/Hong_Kong';
  localStorage.clear();
});

function show() {
  act(() => forgetTraderTimeZone());
  view.render(
    withProviders(
      <>
        <TimeZoneSetting />
        <OrderCard order={testOrder({ CreatedAt: AT })} tab={1} onOpen={() => undefined} />
      </>,
      { i18n },
    ),
  );
}
const orderTime = () => view.$('order-time')!.textContent;
const zoneValue = () => view.$('time-zone-value')!.textContent;
/** An element of the sheet, which antd-mobile renders in document.body. */
const inSheet = (selector: string) => document.body.querySelector<HTMLElement>(selector);
const openSheet = () => act(() => view.$('time-zone-setting')!.click());
const pick = (selector: string) => act(() => inSheet(selector)!.click());

// The sheet lists some 420 zones: slow to lay out in jsdom, quick in a browser.
describe('the time zone setting', { timeout: 30_000 }, () => {
  it('starts at the device’s zone', () => {
    show();
    expect(orderTime()).toBe('Nov 27, 2026, 01:43:45 GMT+8');
    expect(zoneValue()).toBe('Device time (Asia/Hong Kong) · GMT+8');
    expect(view.$('time-zone-setting')!.dataset.zone).toBe('device');
  });

  it('moves an order’s time and the zone’s name at once when New York is chosen, and remembers it', () => {
    show();
    openSheet();
    const choices = [...document.body.querySelectorAll<HTMLElement>('[data-testid="time-zone-choice"]')];
    expect(choices.map((c) => c.dataset.zone)).toEqual(['device', 'utc', 'market']);
    expect(choices[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(choices[0]!.textContent).toContain('UTC+08:00');
    pick('[data-testid="time-zone-choice"][data-zone="market"]');
    expect(orderTime()).toBe('Nov 26, 2026, 12:43:45 EST');
    expect(zoneValue()).toBe('New York (market time) · EST');
    expect(localStorage.getItem(KEY)).toBe('America/New_York');
    expect(traderTimeZone()).toBe('America/New_York');
  });

  it('finds a zone by its place and shows its offset, and back to the device’s forgets the choice', () => {
    show();
    openSheet();
    const search = inSheet('[data-testid="time-zone-search"] input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'tokyo');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const found = [...document.body.querySelectorAll<HTMLElement>('[data-testid="time-zone-option"]')];
    expect(found.map((o) => o.dataset.zone)).toEqual(['Asia/Tokyo']);
    expect(found[0]!.textContent).toBe('TokyoAsiaUTC+09:00');
    // While searching, the three first choices give the list their room.
    expect(inSheet('[data-testid="time-zone-choice"]')).toBeNull();
    pick('[data-testid="time-zone-option"][data-zone="Asia/Tokyo"]');
    expect(orderTime()).toBe('Nov 27, 2026, 02:43:45 GMT+9');
    expect(zoneValue()).toBe('Asia/Tokyo · GMT+9');

    openSheet();
    pick('[data-testid="time-zone-choice"][data-zone="device"]');
    expect(orderTime()).toBe('Nov 27, 2026, 01:43:45 GMT+8');
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('finds zones by their offset too', () => {
    show();
    openSheet();
    const search = inSheet('[data-testid="time-zone-search"] input') as HTMLInputElement;
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(search, 'utc+05:45');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const found = [...document.body.querySelectorAll<HTMLElement>('[data-testid="time-zone-option"]')];
    // Nepal's quarter-hour offset: Kathmandu and nothing else.
    expect(found.length).toBeGreaterThan(0);
    for (const option of found) {
      expect(option.dataset.zone).toMatch(/^Asia\/Kat(h)?mandu$/);
      expect(option.textContent).toContain('UTC+05:45');
    }
  });

  it('ignores a stored value that is not a zone, for the device’s', () => {
    for (const stored of ['Mars/Olympus_Mons', 'asia/hong_kong', '+08:00', 'UTC+8', '', '{"zone":"UTC"}']) {
      localStorage.setItem(KEY, stored);
      show();
      expect(traderTimeZone(), stored).toBe('Asia/Hong_Kong');
      expect(orderTime(), stored).toBe('Nov 27, 2026, 01:43:45 GMT+8');
      expect(view.$('time-zone-setting')!.dataset.zone, stored).toBe('device');
    }
    // A real zone stored is taken.
    localStorage.setItem(KEY, 'UTC');
    show();
    expect(orderTime()).toBe('Nov 26, 2026, 17:43:45 UTC');
  });
});
