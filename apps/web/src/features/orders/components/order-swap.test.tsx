// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderCard } from './order-card';
import { OrderDetail } from './order-detail';
import { testOrder } from '@/test/order-fixture';

// No call leaves the test: the detail's close and cancel are not tapped here.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

const order = testOrder;

const view = mountRoot();
const show = (node: ReactNode) => view.render(withProviders(node, { i18n, queries: new QueryClient() }));
/** Anywhere in the page: the detail is a popup outside the test's container. */
const byTestId = (testId: string) => document.querySelector(`[data-testid="${testId}"]`);
const text = (testId: string) => byTestId(testId)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

describe('an open position’s card', () => {
  it('shows the swap charged so far, signed and red', () => {
    show(<OrderCard order={order()} tab={1} onOpen={() => {}} />);
    expect(text('order-swap')).toBe('-19.50');
    expect(byTestId('order-swap')!.className).toMatch(/down/);
    expect(byTestId('order-swap')!.parentElement!.textContent).toContain('Swap');
  });

  it('shows a swap paid in green, and none before the first rollover', () => {
    show(<OrderCard order={order({ Swap: 1.25 })} tab={1} onOpen={() => {}} />);
    expect(text('order-swap')).toBe('+1.25');
    expect(byTestId('order-swap')!.className).toMatch(/up/);
    show(<OrderCard order={order({ Swap: 0 })} tab={1} onOpen={() => {}} />);
    expect(byTestId('order-swap')).toBeNull();
  });
});

describe('an order’s details', () => {
  it('list an open position’s swap so far with the net profit that includes it', () => {
    show(<OrderDetail order={order()} tab={1} onClose={() => {}} />);
    expect(text('detail-swap')).toBe('-19.50 USD');
    expect(byTestId('detail-swap')!.className).toMatch(/down/);
    expect(text('detail-gross')).toBe('+20.00 USD');
    expect(text('detail-fee')).toBe('7.00 USD');
    // 20 − 7 − 19.50: the swap turned the trade into a loss.
    expect(text('detail-net')).toBe('-6.50 USD');
    expect(document.body.textContent).not.toContain('No swap is charged');
  });

  it('list a closed order’s swap, and say none when no rollover touched it', () => {
    show(
      <OrderDetail
        order={order({ Status: 3, CloseReason: 'manual', Swap: 2.1, NetProfits: 15.1 })}
        tab={3}
        onClose={() => {}}
      />,
    );
    expect(text('detail-swap')).toBe('+2.10 USD');
    expect(text('detail-net')).toBe('+15.10 USD');
    show(
      <OrderDetail
        order={order({ Id: 43, Status: 3, CloseReason: 'manual', Swap: 0, NetProfits: 13 })}
        tab={3}
        onClose={() => {}}
      />,
    );
    expect(text('detail-swap')).toBe('None');
  });
});
