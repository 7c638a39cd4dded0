// @vitest-environment jsdom
import type { TradePair } from '@pipwise/shared';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketInstrumentOf } from '@/lib/ticket-account';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { EURUSD, market, ticketInput } from '../utils/ticket-test-kit';
import { ticketView } from '../utils/ticket-view';
import { OrderTicket } from './order-ticket';
import { SwapTerms } from './swap-terms';

const i18n = testI18n();

const view = mountRoot();
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
const show = (node: ReactNode) => view.render(withProviders(node, { i18n }));
/** The text of a test id, without the invisible isolates (lib/bidi.ts). */
const text = (testId: string) => view.$(testId)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

type Terms = Pick<TradePair, 'SwapLong' | 'SwapShort' | 'SwapUnit' | 'SwapTripleDay'>;
const POINTS: Terms = { SwapLong: '-6.5', SwapShort: '1.2', SwapUnit: 'points', SwapTripleDay: 'wednesday' };

describe('the instrument’s swap terms', () => {
  it('shows the long and short rates with their unit, signed and coloured, and the triple day', () => {
    show(<SwapTerms pair={POINTS} />);
    expect(text('swap-long')).toBe('-6.50 points');
    expect(text('swap-short')).toBe('+1.20 points');
    expect(text('swap-triple')).toBe('Wednesday ×3');
    expect(view.container.textContent).toContain('Overnight financing (swap)');
    expect(view.container.textContent).toContain('Points per lot');
    // A charge reads red, a payment green.
    const toneOf = (testId: string) => view.$(testId)!.parentElement!.className;
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
    expect(view.$('swap-terms')!.getAttribute('data-unit')).toBe('percent_per_year');
  });

  it('says it in Arabic with each rate whole', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(<SwapTerms pair={POINTS} />);
    expect(text('swap-long')).toBe('-6.50 نقطة');
    expect(text('swap-triple')).toBe('الأربعاء (ثلاث ليالٍ)');
    // The sign, digits and % of a yearly rate stay one left-to-right run.
    show(<SwapTerms pair={{ ...POINTS, SwapUnit: 'percent_per_year' }} />);
    expect(view.$('swap-long')!.textContent).toBe('\u2066-6.50%\u2069 سنويًا');
  });

  it('shows nothing for a pair without terms', () => {
    show(<SwapTerms pair={{}} />);
    expect(view.container.innerHTML).toBe('');
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
    const row = view.$('ticket-swap')!.closest('div')!;
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
    expect(view.$('ticket-swap')).toBeNull();
  });
});
