// @vitest-environment jsdom
// antd-mobile's toasts (turned on, a side refused) render through React 19, as in the app.
import '@/lib/antd-react19';
import type { Order } from '@pipwise/shared';
import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/lib/session';
import { testOrder } from '@/test/order-fixture';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderForm } from './order-form';
import { BTCUSD_PAIR, orderFormProps, type OrderFormProps } from './order-form-test-kit';

/**
 * One-tap trading on the ticket (docs/money.md "One-tap trading"): off until the trader
 * accepts the risk note; on, a tap on Buy or Sell sends that side's market order — one
 * order per tap, a double tap included, each with a key of its own — and off again, Buy
 * only chooses the side. The orders are counted where they leave: the API client.
 */

/** Every submit the ticket sends, with its key; each waits for the test to answer it. */
const wire = vi.hoisted(() => ({
  sent: [] as { input: Record<string, unknown>; key: string }[],
  answers: [] as ((order: unknown) => void)[],
}));
vi.mock('@/lib/api', async (original) => ({
  ...(await original<object>()),
  api: {
    withLoading: <T,>(run: () => Promise<T>) => run(),
    request: (
      _endpoint: unknown,
      input: Record<string, unknown>,
      options: { headers: Record<string, string> },
    ) => {
      wire.sent.push({ input, key: options.headers['Idempotency-Key']! });
      return new Promise((resolve) => wire.answers.push(resolve));
    },
  },
}));

/** The pair keeps one identity across renders, as the screen's trade list does. */
const BTCUSD = { ...BTCUSD_PAIR, Id: 26 };
type Props = OrderFormProps;
const props = (over: Partial<Props> = {}): Props => orderFormProps({ pair: BTCUSD, ...over });

const i18n = testI18n();
const view = mountRoot();
const show = (over: Partial<Props> = {}) =>
  view.render(withProviders(<OrderForm {...props(over)} />, { i18n, queries: new QueryClient() }));
const tap = (testId: string) => act(() => view.$(testId)!.click());
/** A part of the risk note's sheet (antd-mobile renders it in document.body). */
const sheet = <E extends HTMLElement = HTMLElement>(testId: string) =>
  document.body.querySelector<E>(`[data-testid="${testId}"]`);
/** Lets the note's own chunk load and render. */
const settle = () =>
  act(async () => {
    await import('./one-tap-sheet');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const answer = (order: Order) =>
  act(async () => {
    for (const resolve of wire.answers.splice(0)) resolve(order);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
const type = (testId: string, text: string) =>
  act(() => {
    const input = view.$<HTMLInputElement>(testId)!;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

beforeEach(() => {
  localStorage.clear();
  wire.sent.length = 0;
  wire.answers.length = 0;
  act(() => setSession({ token: 'session-7', user: { id: 7, is_demo: 1 } }));
});
afterAll(() => {
  act(() => clearSession());
  localStorage.clear();
});

describe('turning one-tap trading on', () => {
  it('shows the risk note, and turns on only once it is accepted', async () => {
    show();
    expect(view.$('one-tap-badge')).toBeNull();
    expect(view.$('one-tap-switch')!.getAttribute('aria-checked')).toBe('false');

    tap('one-tap-switch');
    await settle();
    const note = sheet('one-tap-note')!;
    expect(note.querySelectorAll('li')).toHaveLength(5);
    expect(sheet('one-tap-sheet')!.textContent).toContain(
      'You are responsible for every order sent this way.',
    );
    expect(sheet('one-tap-sheet')!.textContent).toContain('You can turn it off at any time');
    // Not accepted: the button does nothing.
    expect(sheet<HTMLButtonElement>('one-tap-turn-on')!.disabled).toBe(true);
    act(() => sheet('one-tap-turn-on')!.click());
    expect(localStorage.getItem('pipwise.one_tap.7')).toBeNull();
    expect(view.$('one-tap-badge')).toBeNull();

    act(() => sheet('one-tap-accept')!.click());
    expect(sheet<HTMLButtonElement>('one-tap-turn-on')!.disabled).toBe(false);
    act(() => sheet('one-tap-turn-on')!.click());
    expect(localStorage.getItem('pipwise.one_tap.7')).toBe('1');
    expect(view.$('one-tap-badge')!.textContent).toBe('One-tap on');
    expect(view.$('one-tap-switch')!.getAttribute('aria-checked')).toBe('true');
    // The submit's place says what a tap now does.
    expect(view.$('order-submit')).toBeNull();
    expect(view.$('one-tap-hint')!.textContent).toBe('Buy or Sell sends a market order at once');
  });

  it('cancelling the note leaves it off', async () => {
    show();
    tap('one-tap-switch');
    await settle();
    act(() => sheet('one-tap-accept')!.click());
    act(() => sheet('one-tap-cancel')!.click());
    expect(localStorage.getItem('pipwise.one_tap.7')).toBeNull();
    expect(view.$('one-tap-switch')!.getAttribute('aria-checked')).toBe('false');
    expect(view.$('order-submit')).not.toBeNull();
  });

  it('is remembered per trader: another account on the device starts with it off', () => {
    localStorage.setItem('pipwise.one_tap.7', '1');
    show();
    expect(view.$('one-tap-badge')).not.toBeNull();
    act(() => setSession({ token: 'session-8', user: { id: 8 } }));
    expect(view.$('one-tap-badge')).toBeNull();
    expect(view.$('order-submit')).not.toBeNull();
  });

  it('turns off at once, and Buy goes back to choosing the side', () => {
    localStorage.setItem('pipwise.one_tap.7', '1');
    show();
    tap('one-tap-switch');
    expect(localStorage.getItem('pipwise.one_tap.7')).toBeNull();
    tap('side-sell');
    expect(wire.sent).toHaveLength(0);
    expect(view.$('order-form')!.dataset.side).toBe('sell');
    tap('order-submit');
    expect(wire.sent).toHaveLength(1);
    expect(wire.sent[0]!.input).toMatchObject({ type: 2, forex_id: 26, status: 1 });
  });
});

describe('with one-tap trading on', () => {
  beforeEach(() => localStorage.setItem('pipwise.one_tap.7', '1'));

  it('one tap on Buy sends one market order with the ticket’s lots and leverage, and the success follows', async () => {
    const onSubmitted = vi.fn();
    show({ onSubmitted });
    tap('side-buy');
    expect(wire.sent).toHaveLength(1);
    expect(wire.sent[0]!.input).toEqual({
      type: 1,
      cont: '0.01',
      forex_id: 26,
      status: 1,
      target_price: undefined,
      target_profit_price: undefined,
      stop_loss_price: undefined,
      trailing_points: undefined,
      multiple: 10,
    });
    expect(wire.sent[0]!.key).toMatch(/\S{8,}/);
    await answer(testOrder({ Id: 901 }));
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(onSubmitted.mock.calls[0]![0]).toMatchObject({ Id: 901 });
  });

  it('a double tap sends one order; the next tap, once answered, is a new one with a new key', async () => {
    show();
    // Both taps reach the button before the page can re-render.
    act(() => {
      const buy = view.$('side-buy')!;
      buy.click();
      buy.click();
    });
    expect(wire.sent).toHaveLength(1);
    // While it is on its way the buttons say so, and a tap is dropped.
    expect(view.$<HTMLButtonElement>('side-buy')!.disabled).toBe(true);
    tap('side-sell');
    expect(wire.sent).toHaveLength(1);
    await answer(testOrder());
    // The gate stays shut a moment after the answer (a slow double tap's second half).
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    tap('side-sell');
    expect(wire.sent).toHaveLength(2);
    expect(wire.sent[1]!.input).toMatchObject({ type: 2, status: 1 });
    expect(wire.sent[1]!.key).not.toBe(wire.sent[0]!.key);
    await answer(testOrder());
  });

  it('carries the ticket’s stops, and says why a side they do not suit cannot go', async () => {
    show();
    type('take-profit', '90000');
    // Above the price: a take-profit for a buy, on the wrong side for a sell.
    tap('side-sell');
    expect(wire.sent).toHaveLength(0);
    expect(view.$('order-form')!.dataset.side).toBe('sell');
    expect(view.$('one-tap-hint')!.dataset.blocked).toBe('stops');
    tap('side-buy');
    expect(wire.sent).toHaveLength(1);
    expect(wire.sent[0]!.input).toMatchObject({ type: 1, target_profit_price: 90000 });
    await answer(testOrder());
  });

  it('leaves pending orders to the submit button', () => {
    show();
    tap('mode-pending');
    expect(view.$('one-tap-badge')).not.toBeNull();
    tap('side-sell');
    expect(wire.sent).toHaveLength(0);
    expect(view.$('order-submit')).not.toBeNull();
  });
});

describe('one-tap on the quotes clock (docs/benchmarks.md "Live rendering")', () => {
  it('renders again only the figures, not the switch, the buttons or the line under them', () => {
    localStorage.setItem('pipwise.one_tap.7', '1');
    const translated = new Map<string, number>();
    const counting = i18next.createInstance();
    void counting
      .use({
        type: 'postProcessor',
        name: 'count',
        process: (value: string, keys: string[]) => {
          for (const key of keys) translated.set(key, (translated.get(key) ?? 0) + 1);
          return value;
        },
      })
      .init({
        lng: 'en',
        resources: { en: { translation: {} } },
        postProcess: ['count'],
        initAsync: false,
      });
    const queries = new QueryClient();
    const at = (version: number, bid: number) =>
      view.render(
        withProviders(<OrderForm {...props({ quotesVersion: version, bid, ask: bid + 30 })} />, {
          i18n: counting,
          queries,
        }),
      );
    at(1, 87500);
    expect(translated.get('one_tap.badge_on')).toBe(1);
    expect(translated.get('one_tap.hint_on')).toBe(1);
    translated.clear();
    at(2, 87510);
    at(3, 87490);
    const others = [...translated.keys()].filter(
      (key) => !key.startsWith('ticket.') && !key.startsWith('trading.est_') && key !== 'common.currency',
    );
    expect(others).toEqual([]);
  });
});
