// @vitest-environment jsdom
import type { TradePair } from '@pipwise/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketInstrumentOf } from '@/lib/ticket-account';
import { ticketConditionsOf } from '@/lib/ticket-conditions';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { EURUSD, market, ticketInput } from '../utils/ticket-test-kit';
import { ticketView } from '../utils/ticket-view';
import { LeveragePicker } from './leverage-picker';
import { OrderForm } from './order-form';
import { BTCUSD_PAIR, orderFormProps, type OrderFormProps } from './order-form-test-kit';
import { OrderTicket } from './order-ticket';
import { SwapTerms } from './swap-terms';

// The ticket with the account's trading conditions (docs/trading-groups.md): the cap note,
// the commission line, a swap-free account, and the group's leverage choices.

const i18n = testI18n();

const view = mountRoot();
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
const queryClient = new QueryClient();
const show = (node: ReactNode) => view.render(withProviders(node, { i18n, queries: queryClient }));
const byTestId = (testId: string) => view.$(testId);
/** The text of a test id, without the invisible isolates (lib/bidi.ts). */
const text = (testId: string) => byTestId(testId)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

describe('the note under the leverage picker', () => {
  it('says the retail cap that cut the choices', () => {
    show(<LeveragePicker options={[10, 20, 30]} value={30} onChange={() => {}} cap={30} />);
    expect(text('leverage-cap')).toBe('Max 1:30 for retail clients (EU rules)');
    expect(byTestId('leverage-picker')!.getAttribute('aria-describedby')).toBe('leverage-cap');
  });

  it('is not there when no cap cut them', () => {
    show(<LeveragePicker options={[10, 100]} value={10} onChange={() => {}} />);
    expect(byTestId('leverage-cap')).toBeNull();
    expect(byTestId('leverage-picker')!.hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps the cap whole in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(<LeveragePicker options={[10, 20]} value={10} onChange={() => {}} cap={20} />);
    expect(byTestId('leverage-cap')!.textContent).toBe(
      'الحد الأقصى \u20661:20\u2069 لعملاء التجزئة (قواعد الاتحاد الأوروبي)',
    );
  });
});

describe('the ticket’s commission line', () => {
  const commission = { type: 'per_lot', rate: '3.5', min: '0.5' } as const;
  const ticket = (lots: string, withCommission = true) => {
    const instrument = ticketInstrumentOf(EURUSD, withCommission ? { commission } : {});
    show(
      <OrderTicket
        view={ticketView(ticketInput(EURUSD, { instrument, lots }))}
        precision={5}
        market={market}
        short={false}
        commission={withCommission}
      />,
    );
  };

  it('shows the open’s commission beside the fee, noted as charged again at close', () => {
    ticket('2');
    expect(text('est-fee')).toBe('14.00 USD');
    expect(text('est-commission')).toBe('7.00 USD');
    const row = byTestId('est-commission')!.closest('div')!;
    expect(row.querySelector('dt')!.textContent).toBe('Est. commissionCharged again at close');
    // It follows the fee's line.
    expect(byTestId('est-fee')!.closest('div')!.nextElementSibling).toBe(row);
  });

  it('takes the minimum a side for a small order', () => {
    ticket('0.1');
    expect(text('est-commission')).toBe('0.50 USD');
  });

  it('shows dashes while the order cannot be priced, and no line without a commission', () => {
    ticket('');
    expect(text('est-commission')).toBe('-- USD');
    ticket('2', false);
    expect(byTestId('est-commission')).toBeNull();
  });
});

describe('a swap-free account', () => {
  it('is told it pays and earns no overnight financing instead of the rates', () => {
    const terms = {
      SwapLong: '-6.5',
      SwapShort: '1.2',
      SwapUnit: 'points',
      SwapTripleDay: 'wednesday',
    } as const;
    show(<SwapTerms pair={terms} swapFree />);
    expect(text('swap-free')).toBe(
      'Your account is swap-free: no overnight financing is charged or paid on the positions you open.',
    );
    expect(byTestId('swap-long')).toBeNull();
    show(<SwapTerms pair={{}} swapFree />);
    expect(view.container.innerHTML).toBe('');
  });
});

describe('the order form with the account’s conditions', () => {
  const BTCUSD: TradePair = {
    ...BTCUSD_PAIR,
    HasForexMultiple: [{ Value: 5 }, { Value: 10 }, { Value: 100 }],
  };
  const props = (over: Partial<OrderFormProps> = {}): OrderFormProps =>
    orderFormProps({ pair: BTCUSD, ...over });
  const options = () =>
    [...view.container.querySelectorAll('[data-testid="leverage-option"]')].map((b) =>
      b.getAttribute('data-value'),
    );
  const checked = () =>
    view.container
      .querySelector('[data-testid="leverage-option"][aria-checked="true"]')
      ?.getAttribute('data-value');

  it('offers the group’s choices with the cap note, the group’s fee and the commission, once they are in', () => {
    // As before groups: the board's choices, its fee rate, no commission.
    show(<OrderForm {...props()} />);
    expect(options()).toEqual(['5', '10', '100']);
    act(() =>
      view.container.querySelector<HTMLElement>('[data-testid="leverage-option"][data-value="100"]')!.click(),
    );
    expect(checked()).toBe('100');
    expect(byTestId('leverage-cap')).toBeNull();
    expect(byTestId('est-commission')).toBeNull();

    const traded = ticketConditionsOf(
      {
        group: {
          name: 'Retail standard',
          professional: 0,
          swap_free: 0,
          trade_fee_type: 1,
          margin_call_level: 100,
          stop_out_level: 50,
        },
        instruments: [
          {
            id: 7,
            code: 'BTCUSD',
            asset_class: 'crypto',
            cap: 2,
            leverages: [2],
            fee_rate: 5,
            commission: { type: 'per_million', rate: 30, min: 1 },
            markup_points: 0,
          },
        ],
      },
      BTCUSD,
    );
    show(<OrderForm {...props({ pair: traded.pair, terms: traded.terms })} />);
    expect(options()).toEqual(['2']);
    // The choice made before is not offered any more: the first one offered is.
    expect(checked()).toBe('2');
    expect(text('leverage-cap')).toBe('Max 1:2 for retail clients (EU rules)');
    // 0.01 lots at 87,530: a fee of 5 a lot; 875.30 USD of notional × 30 / 1M is below the 1.00 minimum.
    expect(text('est-fee')).toBe('0.05 USD');
    expect(text('est-commission')).toBe('1.00 USD');
  });
});
