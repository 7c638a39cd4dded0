// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setSession } from '@/lib/session';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { forgetChartPrefs, readChartPrefs } from './chart-prefs';
import { ChartToolbar } from './chart-toolbar';
import { IndicatorPanel } from './indicator-sheet';

const i18n = testI18n();

afterEach(() => {
  clearSession();
  localStorage.clear();
  forgetChartPrefs();
});
const view = mountRoot();
beforeEach(() => {
  localStorage.clear();
  forgetChartPrefs();
});

const types = () =>
  [...view.container.querySelectorAll<HTMLButtonElement>('[data-testid="chart-type"]')].map((b) => ({
    type: b.dataset.type,
    checked: b.getAttribute('aria-checked'),
  }));

/** The element with the test id anywhere in the page (the sheet is a portal in document.body). */
const $ = <E extends HTMLElement = HTMLElement>(testId: string, extra = '') =>
  document.body.querySelector<E>(`[data-testid="${testId}"]${extra}`);

function type(input: HTMLInputElement, text: string) {
  // React listens to the input event after the native value setter (its own is patched).
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ChartToolbar', () => {
  it('switches the chart type and remembers it for the guest', () => {
    view.render(withProviders(<ChartToolbar />, { i18n }));
    expect(types()).toEqual([
      { type: 'candles', checked: 'true' },
      { type: 'line', checked: 'false' },
      { type: 'area', checked: 'false' },
      { type: 'heikin_ashi', checked: 'false' },
    ]);
    // Only the chosen type shows its name.
    expect(view.container.querySelector('[aria-checked="true"]')?.textContent).toBe('Candles');

    act(() => view.container.querySelector<HTMLButtonElement>('[data-type="heikin_ashi"]')!.click());
    expect(types().find((t) => t.checked === 'true')?.type).toBe('heikin_ashi');
    expect(view.container.querySelector('[aria-checked="true"]')?.textContent).toBe('Heikin-Ashi');
    expect(JSON.parse(localStorage.getItem('pipwise.chart.guest')!)).toMatchObject({ type: 'heikin_ashi' });
  });

  it('keeps each signed-in trader’s choice apart from the guest’s', () => {
    setSession({ token: 't', user: { id: 42 } });
    view.render(withProviders(<ChartToolbar />, { i18n }));
    act(() => view.container.querySelector<HTMLButtonElement>('[data-type="area"]')!.click());
    expect(JSON.parse(localStorage.getItem('pipwise.chart.42')!)).toMatchObject({ type: 'area' });
    expect(localStorage.getItem('pipwise.chart.guest')).toBeNull();

    act(() => clearSession());
    expect(types().find((t) => t.checked === 'true')?.type).toBe('candles');
  });

  it('opens the indicators’ sheet, which adds an indicator the toolbar then counts', async () => {
    view.render(withProviders(<ChartToolbar />, { i18n }));
    const open = view.$<HTMLButtonElement>('chart-indicators')!;
    expect(open.dataset.count).toBe('0');
    // The sheet's chunk loads on the first tap.
    await act(async () => {
      open.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const addRsi = await waitFor(() => $<HTMLButtonElement>('indicator-add', '[data-kind="rsi"]'));
    // Its name is what it shows, under the section's heading "Add an indicator".
    expect(addRsi.textContent).toBe('RSI Relative Strength Index');
    expect($('indicator-sheet')!.textContent).toContain('Add an indicator');
    act(() => addRsi.click());

    expect(readChartPrefs('pipwise.chart.guest').indicators).toEqual([
      { id: 1, kind: 'rsi', params: { period: 14 } },
    ]);
    expect(view.$('chart-indicators')!.dataset.count).toBe('1');
    expect($('indicator-choice', '[data-kind="rsi"]')).not.toBeNull();
  });
});

describe('IndicatorPanel', () => {
  it('edits a parameter once it is valid, and says why when it is not', () => {
    view.render(withProviders(<IndicatorPanel onClose={() => undefined} />, { i18n }));
    expect(view.$('indicator-sheet')!.textContent).toContain('No indicators on the chart yet.');
    act(() => view.container.querySelector<HTMLButtonElement>('[data-kind="macd"]')!.click());
    act(() => view.container.querySelector<HTMLButtonElement>('[data-kind="sma"]')!.click());
    const ids = readChartPrefs('pipwise.chart.guest').indicators.map((c) => [c.id, c.kind]);
    expect(ids).toEqual([
      [1, 'macd'],
      [2, 'sma'],
    ]);

    const macd = view.container.querySelector('[data-testid="indicator-choice"][data-kind="macd"]')!;
    const fast = macd.querySelector<HTMLInputElement>('[data-testid="indicator-param-fast"]')!;
    type(fast, '30');
    expect(macd.querySelector('[data-testid="indicator-param-error"]')?.textContent).toBe(
      'The fast period must be shorter than the slow one',
    );
    expect(fast.getAttribute('aria-invalid')).toBe('true');
    // The chart keeps the last valid parameters.
    expect(readChartPrefs('pipwise.chart.guest').indicators[0]!.params).toEqual({
      fast: 12,
      slow: 26,
      signal: 9,
    });

    type(fast, '500');
    expect(macd.querySelector('[data-testid="indicator-param-error"]')?.textContent).toBe(
      'Enter a whole number from 2 to 100',
    );

    type(fast, '8');
    expect(macd.querySelector('[data-testid="indicator-param-error"]')).toBeNull();
    expect(readChartPrefs('pipwise.chart.guest').indicators[0]!.params).toEqual({
      fast: 8,
      slow: 26,
      signal: 9,
    });

    act(() => macd.querySelector<HTMLButtonElement>('[data-testid="indicator-remove"]')!.click());
    expect(readChartPrefs('pipwise.chart.guest').indicators.map((c) => c.kind)).toEqual(['sma']);
  });

  it('offers no more than the limits allow', () => {
    view.render(withProviders(<IndicatorPanel onClose={() => undefined} />, { i18n }));
    const add = (kind: string) =>
      act(() =>
        view.container
          .querySelector<HTMLButtonElement>(`[data-testid="indicator-add"][data-kind="${kind}"]`)!
          .click(),
      );
    add('rsi');
    add('macd');
    add('atr');
    // Three panes under the prices: no fourth oscillator, overlays still.
    expect(view.container.querySelector<HTMLButtonElement>('[data-kind="stoch"]')!.disabled).toBe(true);
    expect(view.container.querySelector<HTMLButtonElement>('[data-kind="sma"]')!.disabled).toBe(false);
    expect(view.$('indicator-sheet')!.textContent).toContain('At most 3 indicators below the chart at once.');
    add('sma');
    add('ema');
    expect(view.container.querySelector<HTMLButtonElement>('[data-kind="bb"]')!.disabled).toBe(true);
    expect(view.$('indicator-sheet')!.textContent).toContain('At most 5 indicators at once.');
    expect(readChartPrefs('pipwise.chart.guest').indicators).toHaveLength(5);
  });

  it('reads in Hong Kong Chinese, the abbreviations staying Latin', () => {
    const hk = testI18n('hk');
    view.render(withProviders(<IndicatorPanel onClose={() => undefined} />, { i18n: hk }));
    const bb = view.container.querySelector<HTMLButtonElement>('[data-kind="bb"]')!;
    expect(bb.textContent).toBe('BB 保力加通道');
  });
});

/** Polls until `find` returns an element (a lazy chunk, a portal), at most a second. */
async function waitFor<E>(find: () => E | null): Promise<E> {
  for (let i = 0; i < 50; i++) {
    const found = find();
    if (found) return found;
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
  throw new Error('not found');
}
