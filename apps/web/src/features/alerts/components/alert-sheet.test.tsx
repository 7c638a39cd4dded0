// @vitest-environment jsdom
import { listAlertsEndpoint, setAlertEndpoint, type Endpoint, type PriceAlert } from '@pipwise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { AlertForm } from './alert-sheet';
import type { AlertPair, BidSource } from './types';

// The server, as the app's one way of calling it: each test says what it answers.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

const EURUSD: AlertPair = { forexId: 1, code: 'EURUSD', symbol: 'EUR/USD', precision: 5 };

/** A market bid the test moves, as the markets' store would. */
function fakeBids(start: number | undefined) {
  let bid = start;
  const listeners = new Set<() => void>();
  const source: BidSource = {
    bid: () => bid,
    subscribe: (_code, fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const move = (next: number) => {
    bid = next;
    act(() => listeners.forEach((fn) => fn()));
  };
  return { source, move };
}

const armed = (over: Partial<PriceAlert>): PriceAlert => ({
  id: 9,
  forex_id: 1,
  code: 'EURUSD',
  precision: 5,
  kind: 'price',
  direction: 'above',
  price: 1.1,
  window: '',
  percent: '',
  created_at: 1_700_000_000_000,
  fired_at: 0,
  fired_price: 0,
  fired_reference: 0,
  ...over,
});

let queryClient: QueryClient;
let saved: unknown[];
let closed: number;
// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  vi.mocked(request).mockReset();
});
const view = mountRoot();
beforeEach(() => {
  queryClient = testQueryClient();
  saved = [];
  closed = 0;
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === listAlertsEndpoint) return Promise.resolve({ data: [armed({})], max: 50 });
    if (endpoint === setAlertEndpoint) {
      saved.push(input);
      return Promise.resolve(armed({ id: 10 }));
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});

function show(bids: BidSource, editing: PriceAlert | null = null, initialPrice?: number) {
  view.render(
    withProviders(
      <AlertForm
        pair={EURUSD}
        bids={bids}
        editing={editing}
        initialPrice={initialPrice}
        onClose={() => (closed += 1)}
      />,
      { i18n, queries: queryClient },
    ),
  );
}

const $ = (testId: string) => view.$(testId)!;
const field = () => $('alert-price') as HTMLInputElement;
const direction = () => $('alert-sheet').getAttribute('data-direction');

/** Types into the field as a person does (React listens to the native input event). */
function type(value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field(), value);
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function until(check: () => void): Promise<void> {
  for (let round = 0; ; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      return check();
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

describe('the alert sheet', () => {
  it('opened from a price tapped on the chart, starts there, the way it lies from the bid', () => {
    const { source } = fakeBids(1.0834);
    show(source, null, 1.0791);
    expect(field().value).toBe('1.07910');
    expect(direction()).toBe('below');
    view.remount();
    show(source, null, 1.0902);
    expect(field().value).toBe('1.09020');
    expect(direction()).toBe('above');
  });

  it('starts at the live bid, and chooses the direction by where the typed price is', () => {
    const { source, move } = fakeBids(1.0834);
    show(source);
    expect(field().value).toBe('1.08340');
    expect($('alert-current-bid').textContent).toBe('1.08340');

    type('1.09');
    expect(direction()).toBe('above');
    expect($('alert-direction-above').getAttribute('aria-checked')).toBe('true');
    type('1.07');
    expect(direction()).toBe('below');
    expect($('alert-direction-below').getAttribute('aria-checked')).toBe('true');

    // The bid moves past the typed price: the default follows, the field stays as typed.
    move(1.065);
    expect($('alert-current-bid').textContent).toBe('1.06500');
    expect(field().value).toBe('1.07');
    expect(direction()).toBe('above');
  });

  it('keeps the direction the trader chose', () => {
    const { source } = fakeBids(1.0834);
    show(source);
    act(() => $('alert-direction-below').click());
    type('1.09');
    expect(direction()).toBe('below');
  });

  it('steps the price one point at the pair’s decimals, and the direction follows', () => {
    const { source } = fakeBids(1.0834);
    show(source);
    act(() => $('alert-price-plus').click());
    expect(field().value).toBe('1.08341');
    expect(direction()).toBe('above');
    act(() => $('alert-price-minus').click());
    act(() => $('alert-price-minus').click());
    expect(field().value).toBe('1.08339');
    expect(direction()).toBe('below');
  });

  it('saves a new alert with its direction and the price as typed, then closes', async () => {
    const { source } = fakeBids(1.0834);
    show(source);
    type('1.075');
    act(() => $('alert-save').click());
    await until(() => expect(closed).toBe(1));
    expect(saved).toEqual([{ forex_id: 1, direction: 'below', price: '1.075' }]);
  });

  it('moves an armed alert from its own price, keeping its direction', async () => {
    const { source } = fakeBids(1.0834);
    show(source, armed({ id: 6, direction: 'above', price: 1.1 }));
    expect(field().value).toBe('1.10000');
    expect(direction()).toBe('above');
    expect($('alert-save').textContent).toBe('Set alert');
    type('1.095');
    act(() => $('alert-save').click());
    await until(() => expect(closed).toBe(1));
    expect(saved).toEqual([{ id: 6, forex_id: 1, direction: 'above', price: '1.095' }]);
  });

  it('sets a fired alert again the way its price now lies from the bid', async () => {
    // It fired as the bid rose to 1.09; the bid has gone on up since.
    const { source } = fakeBids(1.095);
    const fired = armed({
      id: 7,
      direction: 'above',
      price: 1.09,
      fired_at: 1_700_000_100_000,
      fired_price: 1.09001,
    });
    show(source, fired);
    expect(field().value).toBe('1.09000');
    expect(direction()).toBe('below');
    expect($('alert-save').textContent).toBe('Set again');
    act(() => $('alert-save').click());
    await until(() => expect(closed).toBe(1));
    expect(saved).toEqual([{ id: 7, forex_id: 1, direction: 'below', price: '1.09000' }]);
  });

  it('lists the pair’s waiting alerts', async () => {
    const { source } = fakeBids(1.0834);
    show(source);
    await until(() => expect(view.container.querySelectorAll('[data-testid="sheet-alert"]')).toHaveLength(1));
    expect($('sheet-alerts').textContent).toContain('1.10000');
  });
});

describe('the alert sheet in "% move" mode', () => {
  const percentField = () => $('alert-percent') as HTMLInputElement;
  const typePercent = (value: string) =>
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(percentField(), value);
      percentField().dispatchEvent(new Event('input', { bubbles: true }));
    });
  const chip = (label: string) =>
    [...$('alert-window').querySelectorAll<HTMLElement>('.adm-selector-item')].find(
      (el) => el.textContent === label,
    )!;

  it('sets a move alert: the percentage, a window chip and down', async () => {
    const { source } = fakeBids(1.0834);
    show(source);
    act(() => $('alert-mode-move').click());
    expect($('alert-sheet').getAttribute('data-mode')).toBe('move');
    expect($('alert-move-fields')).not.toBeNull();
    typePercent('0.5');
    act(() => chip('15 min').click());
    act(() => $('alert-move-down').click());
    act(() => $('alert-save').click());
    await until(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ kind: 'move', forex_id: 1, direction: 'down', window: '15m', percent: '0.5' });
    await until(() => expect(closed).toBe(1));
  });

  it('refuses a percentage out of 0.01–50 before sending it', () => {
    const { source } = fakeBids(1.0834);
    show(source);
    act(() => $('alert-mode-move').click());
    for (const bad of ['0', '50.01', '']) {
      typePercent(bad);
      expect(($('alert-save') as HTMLButtonElement).disabled, bad).toBe(true);
    }
    typePercent('50');
    expect(($('alert-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('edits a move alert in its own mode and lists the pair\'s move alerts as "▲ 0.50 % within 1 hour"', async () => {
    vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
      if (endpoint === listAlertsEndpoint)
        return Promise.resolve({
          data: [armed({ id: 12, kind: 'move', direction: 'up', price: 0, window: '1h', percent: '0.50' })],
          max: 50,
        });
      if (endpoint === setAlertEndpoint) {
        saved.push(input);
        return Promise.resolve(armed({ id: 12 }));
      }
      return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
    });
    const { source } = fakeBids(1.0834);
    show(source, armed({ id: 12, kind: 'move', direction: 'up', price: 0, window: '1h', percent: '0.50' }));
    expect($('alert-sheet').getAttribute('data-mode')).toBe('move');
    expect(percentField().value).toBe('0.5');
    await until(() => expect($('alert-move-summary').textContent).toBe('▲ 0.50 % within 1 hour'));
    act(() => $('alert-save').click());
    await until(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      id: 12,
      kind: 'move',
      forex_id: 1,
      direction: 'up',
      window: '1h',
      percent: '0.5',
    });
  });
});
