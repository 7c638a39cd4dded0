// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderDetail } from './order-detail';
import { testOrder } from '@/test/order-fixture';

// A position's margin in its details reads like its other money lines: with the account currency.

// No call leaves the test: the detail's close and cancel are not tapped here.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

const order = testOrder;

const view = mountRoot();
const show = (node: ReactNode) => view.render(withProviders(node, { i18n, queries: new QueryClient() }));
const text = (testId: string) =>
  document.querySelector(`[data-testid="${testId}"]`)?.textContent?.replace(/[\u2066\u2069]/g, '') ?? null;

describe('a position’s margin in its details', () => {
  it('is shown with the account currency, like the fee beside it', () => {
    show(<OrderDetail order={order()} tab={1} onClose={() => {}} />);
    expect(text('detail-margin')).toBe('1,158.10 USD');
    expect(text('detail-fee')).toBe('7.00 USD');
  });
});
