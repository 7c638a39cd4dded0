// @vitest-environment jsdom
import type { InstrumentConditions, TradingConditions } from '@pipwise/shared';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { clearSession, setSession } from '@/lib/session';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { TradingConditionsView } from './trading-conditions';

// The server, as the app's one way of calling it: each test says what it answers.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();
beforeAll(() => {
  setSession({ token: 't', user: { id: 1, is_demo: 1 } });
});
afterAll(() => clearSession());

/** A demo group with a commission on every instrument, as the endpoint answers. */
const DEMO: TradingConditions = {
  group: {
    name: 'Demo',
    professional: 0,
    swap_free: 1,
    trade_fee_type: 1,
    margin_call_level: 100,
    stop_out_level: 50,
  },
  instruments: [
    {
      id: 1,
      code: 'EURUSD',
      asset_class: 'fx_major',
      cap: 30,
      leverages: [10, 20, 30],
      fee_rate: 7,
      commission: { type: 'per_lot', rate: 3.5, min: 1 },
      markup_points: 0,
    },
    {
      id: 2,
      code: 'BTCUSD',
      asset_class: 'crypto',
      cap: 2,
      leverages: [2],
      fee_rate: 20,
      commission: { type: 'per_lot', rate: 3.5, min: 1 },
      markup_points: 0,
    },
  ],
};

// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  vi.mocked(request).mockReset();
});
const view = mountRoot();
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

async function show(answer: TradingConditions | Error) {
  vi.mocked(request).mockImplementation(() =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
  );
  view.render(withProviders(<TradingConditionsView />, { i18n, queries: testQueryClient() }));
  // The query answers on a later turn: wait until the screen has left its skeleton.
  await vi.waitFor(() => expect(byTestId('conditions-loading')).toBeNull());
}
const byTestId = (testId: string) => view.$(testId);
const text = (testId: string) => byTestId(testId)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;
/** The text of an element, without the invisible isolates (lib/bidi.ts). */
const plain = (node: Element | null | undefined) => node?.textContent.replace(/[\u2066\u2069]/g, '');
const rows = () =>
  [...view.container.querySelectorAll<HTMLElement>('[data-testid="conditions-instrument"]')].map((li) => ({
    code: li.dataset.code,
    max: plain(li.querySelector('[data-testid="conditions-max"]')),
    leverages: plain(li.querySelector('[data-testid="conditions-leverages"]')),
    fee: plain(li.querySelector('[data-testid="conditions-fee"]')),
    commission: plain(li.querySelector('[data-testid="conditions-instrument-commission"]')),
    min: plain(li.querySelector('[data-testid="conditions-instrument-commission-min"]')),
  }));

describe('the trading conditions screen', () => {
  it('shows the group: name, retail, levels, swap-free, fee rule and commission', async () => {
    await show(DEMO);
    expect(text('conditions-group-name')).toBe('Demo');
    expect(text('account-kind')).toBe('Demo account');
    expect(text('conditions-kind')).toBe('Retail client');
    expect(text('conditions-margin-call')).toBe('100.00%');
    expect(text('conditions-stop-out')).toBe('50.00%');
    expect(text('conditions-swap')).toBe('Swap-free');
    expect(text('conditions-fee-rule')).toBe('A fixed amount per lot, at open');
    expect(text('conditions-commission')).toBe('3.50 USD per lot, each side');
    expect(plain(view.container)).toContain('At least 1.00 USD a side');
    expect(view.container.textContent).toContain('Charged when a position opens and again when it closes.');
  });

  it('lists the instruments by asset class under their cap', async () => {
    await show(DEMO);
    const classes = [...view.container.querySelectorAll<HTMLElement>('[data-testid="conditions-class"]')];
    expect(classes.map((c) => c.dataset.class)).toEqual(['fx_major', 'crypto']);
    expect(classes[0]!.textContent).toContain('Major currency pairs');
    expect(text('conditions-class-cap')).toBe('Retail cap 1:30');
    // The commission is the same everywhere: the group's card says it, the rows do not repeat it.
    expect(rows()).toEqual([
      {
        code: 'EURUSD',
        max: 'Max 1:30',
        leverages: '1:101:201:30',
        fee: '7.00 USD / lot',
        commission: undefined,
        min: undefined,
      },
      {
        code: 'BTCUSD',
        max: 'Max 1:2',
        leverages: '1:2',
        fee: '20.00 USD / lot',
        commission: undefined,
        min: undefined,
      },
    ]);
  });

  it('gives each instrument its commission when it varies', async () => {
    await show({
      ...DEMO,
      instruments: [
        DEMO.instruments[0]!,
        { ...DEMO.instruments[1]!, commission: { type: 'per_million', rate: 30, min: 0 } },
      ],
    });
    expect(text('conditions-commission')).toBe('Varies by instrument, see below');
    expect(rows().map((r) => [r.code, r.commission, r.min])).toEqual([
      ['EURUSD', '3.50 USD / lot', 'min 1.00 USD'],
      ['BTCUSD', '30.00 USD / USD 1M', undefined],
    ]);
  });

  it('shows a professional group without caps, swaps applying and no commission', async () => {
    await show({
      group: { ...DEMO.group, name: 'Professional', professional: 1, swap_free: 0, trade_fee_type: 2 },
      instruments: DEMO.instruments.map((i) => ({
        ...i,
        cap: null,
        leverages: [10, 100, 500],
        fee_rate: 0.001,
        commission: { type: 'none' as const, rate: 0, min: 0 },
      })),
    });
    expect(text('conditions-kind')).toBe('Professional client');
    expect(text('conditions-swap')).toBe('Charged or paid each night');
    expect(text('conditions-fee-rule')).toBe('A share of the margin, at open');
    expect(text('conditions-commission')).toBe('None');
    expect(text('conditions-class-cap')).toBe('No cap');
    // Without a commission anywhere, the rows do not repeat "None".
    expect(rows()[0]).toEqual({
      code: 'EURUSD',
      max: 'Max 1:500',
      leverages: '1:101:1001:500',
      fee: '0.1% of margin',
      commission: undefined,
      min: undefined,
    });
  });

  it('says it in Arabic, each figure whole', async () => {
    await act(() => i18n.changeLanguage('ar'));
    await show(DEMO);
    expect(text('conditions-kind')).toBe('عميل تجزئة');
    expect(byTestId('conditions-class-cap')!.textContent).toBe('حد التجزئة \u20661:30\u2069');
    expect(byTestId('conditions-commission')!.textContent).toBe('\u20663.50 USD\u2069 لكل لوت، عن كل جانب');
  });

  it('shows the spread the group adds where it adds one, and says the prices include it', async () => {
    await show(DEMO);
    expect(byTestId('conditions-markup')).toBeNull();
    expect(byTestId('conditions-markup-hint')).toBeNull();
    const [eurusd, btcusd] = DEMO.instruments as [InstrumentConditions, InstrumentConditions];
    view.remount();
    await show({ ...DEMO, instruments: [{ ...eurusd, markup_points: 6 }, btcusd] });
    const marked = view.container.querySelectorAll('[data-testid="conditions-markup"]');
    expect([...marked].map((m) => plain(m))).toEqual(['+6']);
    expect(marked[0]!.closest('li')?.dataset.code).toBe('EURUSD');
    expect(text('conditions-markup-hint')).toBe(
      'The added spread is already in the prices you see and trade at.',
    );
    expect(plain(marked[0]!.parentElement)).toContain('Added spread (points)');
    // It varies: the group's card does not say one.
    expect(byTestId('conditions-group-markup')).toBeNull();
  });

  it('says the group’s spread once on its card when every instrument has the same', async () => {
    await show({ ...DEMO, instruments: DEMO.instruments.map((i) => ({ ...i, markup_points: 3 })) });
    expect(text('conditions-group-markup')).toBe('+3');
    const card = byTestId('conditions-group');
    expect(plain(card)).toContain('Added spread (points)');
    expect(card?.querySelector('[data-testid="conditions-markup-hint"]')?.textContent).toBe(
      'The added spread is already in the prices you see and trade at.',
    );
    // The rows do not repeat it.
    expect(byTestId('conditions-markup')).toBeNull();
  });

  it('offers to try again when it could not be loaded', async () => {
    await show(new Error('down'));
    expect(byTestId('conditions-failed')).not.toBeNull();
    expect(view.container.textContent).toContain('This could not be loaded');
  });
});
