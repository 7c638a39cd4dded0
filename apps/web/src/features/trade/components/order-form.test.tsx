// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountRoot, withProviders } from '@/test/react-root';
import { OrderForm } from './order-form';
import { orderFormProps, type OrderFormProps } from './order-form-test-kit';

/** How many times each key was translated: a part that renders translates its labels. */
const translated = new Map<string, number>();
// An instance of its own rather than testI18n(): the post-processor counts every translation.
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use({
      type: 'postProcessor',
      name: 'count',
      process: (value: string, keys: string[]) => {
        for (const key of keys) translated.set(key, (translated.get(key) ?? 0) + 1);
        return value;
      },
    })
    .init({ lng: 'en', resources: { en: { translation: {} } }, postProcess: ['count'] });
});

type Props = OrderFormProps;
/** The props the trade screen passes at one tick of the quotes clock (a new login callback each time, as it does). */
const clock = (version: number, bid: number, over: Partial<Props> = {}): Props =>
  orderFormProps({ bid, ask: bid + 30, quotesVersion: version, ...over });

const queryClient = new QueryClient();
const view = mountRoot();
beforeEach(() => {
  translated.clear();
});
const show = (props: Props) =>
  view.render(withProviders(<OrderForm {...props} />, { i18n, queries: queryClient }));
const tap = (testId: string) => act(() => view.$(testId)!.click());
/** Types into a field as a person would: React hears the input event. */
const type = (testId: string, text: string) =>
  act(() => {
    const input = view.$<HTMLInputElement>(testId)!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('OrderForm on the quotes clock (docs/benchmarks.md "Live rendering")', () => {
  it('renders again only the figures that follow the prices, not the buttons, fields and labels', () => {
    show(clock(1, 87500));
    expect(translated.get('trading.est_margin')).toBe(1);
    translated.clear();

    show(clock(2, 87510));
    show(clock(3, 87490));

    // The ticket's figures are priced at the clock's bid and ask: they render with it.
    expect(translated.get('trading.est_margin')).toBe(2);
    // Nothing else: the sides, mode tabs, price, lots, risk, leverage, stops and the submit.
    const others = [...translated.keys()].filter(
      (key) => !key.startsWith('ticket.') && !key.startsWith('trading.est_') && key !== 'common.currency',
    );
    expect(others).toEqual([]);
    expect(translated.get('ticket.risk.label')).toBeUndefined();
    expect(translated.get('ticket.details_show')).toBeUndefined();
  });

  it('with lots from risk on, renders again the risk’s answer but not its choice', () => {
    show(clock(1, 87500));
    tap('risk-mode-percent');
    type('stop-loss', '86000');
    expect(view.$('risk-result')!.getAttribute('data-kind')).toBe('sized');
    translated.clear();

    show(clock(2, 87510));

    expect(translated.get('ticket.risk.sized')).toBe(1);
    expect(translated.get('ticket.risk.label')).toBeUndefined();
    expect(translated.get('ticket.risk.amount_percent')).toBeUndefined();
  });

  it('starts a pending price at the newest price the clock gave, not the first render’s', () => {
    show(clock(1, 87500));
    show(clock(2, 87600));
    tap('mode-pending');
    expect(view.$<HTMLInputElement>('target-price')!.value).toBe('87630.00');
  });

  it('asks a guest to log in through the newest callback the screen passed', () => {
    const first = vi.fn();
    const newest = vi.fn();
    show(clock(1, 87500, { loggedIn: false, onLoginRequired: first }));
    show(clock(2, 87510, { loggedIn: false, onLoginRequired: newest }));
    tap('order-submit');
    expect(first).not.toHaveBeenCalled();
    expect(newest).toHaveBeenCalledTimes(1);
  });
});
