// @vitest-environment jsdom
import { messages } from '@pipwise/locales';
import type { TradePair } from '@pipwise/shared';
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ticketInstrumentOf } from '@/lib/ticket-account';
import { EURUSD, market, ticketInput } from '../utils/ticket-test-kit';
import { ticketView } from '../utils/ticket-view';
import { OrderTicket } from './order-ticket';
import { SwapTerms } from './swap-terms';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: messages.en }, ar: { translation: messages.ar } },
    interpolation: { escapeValue: false },
  });
});

let root: Root;
let host: HTMLElement;
beforeEach(async () => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});
const show = (node: ReactNode) =>
  act(() => root.render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>));
/** The text of a test id, without the invisible isolates (lib/bidi.ts). */
const text = (testId: string) =>
  host.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

type Terms = Pick<TradePair, 'SwapLong' | 'SwapShort' | 'SwapUnit' | 'SwapTripleDay'>;
const POINTS: Terms = { SwapLong: '-6.5', SwapShort: '1.2', SwapUnit: 'points', SwapTripleDay: 'wednesday' };

describe('the instrument’s swap terms', () => {
  it('shows the long and short rates with their unit, signed and coloured, and the triple day', () => {
    show(<SwapTerms pair={POINTS} />);
    expect(text('swap-long')).toBe('-6.50 points');
    expect(text('swap-short')).toBe('+1.20 points');
    expect(text('swap-triple')).toBe('Wednesday ×3');
    expect(host.textContent).toContain('Overnight financing (swap)');
    expect(host.textContent).toContain('Points per lot');
    // A charge reads red, a payment green.
    const toneOf = (testId: string) =>
      host.querySelector(`[data-testid="${testId}"]`)!.parentElement!.className;
    expect(toneOf('swap-long')).toMatch(/down/);
    expect(toneOf('swap-short')).toMatch(/up/);
  });

  it('shows a percent-a-year rate and an instrument without a triple day', () => {
    show(
      <SwapTerms
        pair={{ SwapLong: '-5.5', SwapShort: '-1', SwapUnit: 'percent_per_year', SwapTripleDay: 'none' }}
      />,
    );
    expect(text('swap-long')).toBe('-5.50% a year');
    expect(text('swap-short')).toBe('-1.00% a year');
    expect(text('swap-triple')).toBe('None: one night each day');
    expect(host.querySelector('[data-testid="swap-terms"]')!.getAttribute('data-unit')).toBe(
      'percent_per_year',
    );
  });

  it('says it in Arabic with each rate whole', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(<SwapTerms pair={POINTS} />);
    expect(text('swap-long')).toBe('-6.50 نقطة');
    expect(text('swap-triple')).toBe('الأربعاء (ثلاث ليالٍ)');
    // The sign, digits and % of a yearly rate stay one left-to-right run.
    show(<SwapTerms pair={{ ...POINTS, SwapUnit: 'percent_per_year' }} />);
    expect(host.querySelector('[data-testid="swap-long"]')!.textContent).toBe('\u2066-6.50%\u2069 سنويًا');
  });

  it('shows nothing for a pair without terms', () => {
    show(<SwapTerms pair={{}} />);
    expect(host.innerHTML).toBe('');
  });
});

describe('the ticket’s overnight line', () => {
  const pair = { ...EURUSD, ...POINTS };
  const ticket = (over: Parameters<typeof ticketInput>[1] = {}, withTerms = true) => {
    const input = ticketInput(pair, over);
    show(
      <OrderTicket
        view={ticketView(input)}
        precision={5}
        market={market}
        short={false}
        swap={withTerms ? ticketInstrumentOf(pair).swap : undefined}
      />,
    );
  };

  it('says what a night costs a buy, with the triple day under the label', () => {
    ticket();
    // 1 lot of EURUSD at −6.5 points: −6.50 USD a night.
    expect(text('ticket-swap')).toBe('-6.50 USD a night');
    const row = host.querySelector('[data-testid="ticket-swap"]')!.closest('div')!;
    expect(row.querySelector('dt')!.textContent).toBe('Holding overnight×3 on Wednesday');
    expect(row.querySelector('dd')!.className).toMatch(/down/);
  });

  it('says what a night earns a sell', () => {
    ticket({ side: 'sell', lots: '2' });
    expect(text('ticket-swap')).toBe('earns +2.40 USD a night');
  });

  it('shows dashes while the order cannot be priced, and no line without terms', () => {
    ticket({ lots: '' });
    expect(text('ticket-swap')).toBe('--');
    ticket({}, false);
    expect(host.querySelector('[data-testid="ticket-swap"]')).toBeNull();
  });
});
