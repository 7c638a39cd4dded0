// @vitest-environment jsdom
import type { Order } from '@pipwise/shared';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountRoot, testI18n, withProviders } from '@/test/react-root';
import { OrderDetail } from './order-detail';

// A position's margin in its details reads like its other money lines: with the account currency.

// No call leaves the test: the detail's close and cancel are not tapped here.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const i18n = testI18n();

const order = (over: Partial<Order> = {}): Order => ({
  Id: 42,
  ForexId: 1,
  ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', PricePrecision: 5 },
  OrderType: 1,
  Status: 1,
  Quantity: 1,
  Leverage: 100,
  OriginPrice: 1.1581,
  Price: 1.1581,
  UpdatePrice: 1.1601,
  FactProfits: 20,
  CautionMoney: 1158.1,
  TradeFee: 7,
  SpreadOpen: 10,
  SpreadClose: 0,
  Swap: -19.5,
  Commission: 0,
  NetProfits: -6.5,
  TargetLossPrice: 0,
  TrailingPoints: 0,
  TargetProfitPrice: 0,
  CloseReason: '',
  CloseNote: '',
  CreateTimeHandler: '',
  CompleteTimeHandler: '',
  CreatedAt: 1_700_000_000_000,
  CompletedAt: 0,
  ...over,
});

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
