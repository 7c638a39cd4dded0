// @vitest-environment jsdom
import type { Order } from '@pipwise/shared';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderSuccess } from './order-success';
import { testOrder } from '@/test/order-fixture';

// The popup after an order (docs/product.md §2): its money reads like every other money line.

const i18n = testI18n();

const order = (over: Partial<Order> = {}): Order =>
  testOrder({ UpdatePrice: 1.1581, FactProfits: 0, Swap: 0, NetProfits: 0, ...over });

const view = mountRoot();
/** The popup renders outside the container (antd-mobile's Modal): read the whole page. */
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

describe('the order success popup', () => {
  it('shows margin, fee and commission with the account currency', () => {
    view.render(
      withProviders(
        <OrderSuccess order={order({ Commission: 3.5 })} onClose={() => {}} onView={() => {}} />,
        {
          i18n,
        },
      ),
    );
    expect(text('success-margin')).toBe('1,158.10 USD');
    expect(text('success-fee')).toBe('7.00 USD');
    expect(text('success-commission')).toBe('3.50 USD');
  });

  it('keeps the figure and its currency in one left-to-right run in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    view.render(
      withProviders(<OrderSuccess order={order()} onClose={() => {}} onView={() => {}} />, { i18n }),
    );
    const margin = document.querySelector('[data-testid="success-margin"]');
    expect(margin?.textContent).toBe(`1,158.10 ${i18n.t('common.currency')}`);
    expect(margin?.className).toContain('pw-num');
    await act(() => i18n.changeLanguage('en'));
  });
});
