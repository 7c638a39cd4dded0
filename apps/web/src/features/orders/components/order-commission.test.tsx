// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import { testOrder } from '@/test/order-fixture';

// The commission's lines on a position (docs/trading-groups.md "Commission"); the swap's are order-swap.test.tsx's.

// No call leaves the test: the detail's close and cancel are not tapped here.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

const order = testOrder;

const view = mountRoot();
const show = (node: ReactNode) => view.render(withProviders(node, { i18n, queries: new QueryClient() }));
/** Anywhere in the page: the detail is a popup outside the test's container. */
const byTestId = (testId: string) => document.querySelector(`[data-testid="${testId}"]`);
const text = (testId: string) => byTestId(testId)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

describe('an open position’s commission', () => {
  it('shows on its card once charged, and not without one', () => {
    show(<OrderCard order={order({ Commission: 3.5 })} tab={1} onOpen={() => {}} />);
    expect(text('order-commission')).toBe('3.50');
    expect(byTestId('order-commission')!.parentElement!.textContent).toContain('Commission');
    show(<OrderCard order={order({ Commission: 0 })} tab={1} onOpen={() => {}} />);
    expect(byTestId('order-commission')).toBeNull();
  });

  it('is listed in the details with the net profit that takes it off, and when it is charged', () => {
    // 20 − 7 − 3.50 − 19.50 = −10.00.
    show(<OrderDetail order={order({ Commission: 3.5, NetProfits: -10 })} tab={1} onClose={() => {}} />);
    expect(text('detail-commission')).toBe('3.50 USD');
    expect(text('detail-net')).toBe('-10.00 USD');
    expect(text('detail-commission-hint')).toBe(
      'Commission is charged when the position opens and again when it closes.',
    );
  });

  it('is both sides on a closed order, and left out when there was none', () => {
    show(
      <OrderDetail
        order={order({ Status: 3, CloseReason: 'manual', Commission: 7, NetProfits: -13.5 })}
        tab={3}
        onClose={() => {}}
      />,
    );
    expect(text('detail-commission')).toBe('7.00 USD');
    expect(text('detail-commission-hint')).toContain('was charged');
    show(<OrderDetail order={order({ Id: 43 })} tab={1} onClose={() => {}} />);
    expect(byTestId('detail-commission')).toBeNull();
    expect(byTestId('detail-commission-hint')).toBeNull();
  });

  it('keeps its figure whole in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    show(
      <OrderDetail order={order({ Id: 44, Commission: 3.5, NetProfits: -10 })} tab={1} onClose={() => {}} />,
    );
    expect(byTestId('detail-commission')!.textContent).toBe('3.50 USD');
    expect(byTestId('detail-commission')!.closest('div')!.querySelector('dt')!.textContent).toBe('العمولة');
    await act(() => i18n.changeLanguage('en'));
  });
});
