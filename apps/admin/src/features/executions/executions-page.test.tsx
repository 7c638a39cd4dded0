// @vitest-environment jsdom
import {
  adminExecutionsEndpoint,
  adminInstrumentsEndpoint,
  type AdminExecution,
  type Endpoint,
} from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { i18n } from '@/test/english';
import ExecutionsPage from './executions-page';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));

const execution = (id: number, state: AdminExecution['state']): AdminExecution => ({
  id,
  cl_ord_id: `PW-${id}`,
  user_id: 7,
  uid: '1000007',
  email: 'amira@example.com',
  area_code: null,
  mobile: null,
  instrument_id: 1,
  instrument_code: 'EURUSD',
  purpose: 'open',
  order_id: null,
  side: 1,
  lots: '0.1',
  filled_lots: state === 'rejected' ? null : '0.1',
  quoted_price: '1.08012',
  limit_price: '1.08060',
  lp_price: state === 'rejected' ? null : '1.08010',
  markup_points: 2,
  state,
  outcome: state === 'unbooked' ? 'late_fill' : null,
  reason: state === 'unbooked' ? 'filled after the timeout' : null,
  lp_order_id: null,
  created_at: 1_760_000_000_000,
  resolved_at: 1_760_000_001_000,
});

let root: Root;
let host: HTMLElement;
const sent = vi.mocked(request);
/** The inputs the list was asked for (the unbooked count and the instruments aside). */
const listed = () =>
  sent.mock.calls
    .filter(
      ([endpoint, input]) => endpoint === adminExecutionsEndpoint && (input as object) !== unbookedCount,
    )
    .map(([, input]) => input);
let unbookedCount: object | undefined;

async function show() {
  act(() => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ExecutionsPage />
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  await settle();
}

const settle = async () => {
  for (let turn = 0; turn < 5; turn++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  sent.mockReset();
  unbookedCount = undefined;
  sent.mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === adminInstrumentsEndpoint) return Promise.resolve([{ id: 1, code: 'EURUSD' }]);
    const filter = input as { state?: string; page: number };
    if (
      filter.state === 'unbooked' &&
      filter.page === 1 &&
      Object.keys(filter).length === 2 &&
      !unbookedCount
    ) {
      unbookedCount = input as object;
      return Promise.resolve({ data: [execution(3, 'unbooked')], total: 1 });
    }
    return Promise.resolve({
      data: [execution(3, 'unbooked'), execution(2, 'booked'), execution(1, 'rejected')],
      total: 3,
    });
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the executions page', () => {
  it('lists every execution newest first, with decimal prices, and highlights the unbooked', async () => {
    await show();
    expect(listed()[0]).toEqual({ page: 1 });
    const headers = [...host.querySelectorAll('th')].map((th) => th.textContent);
    // What the desk acts on comes first: when, and in which state.
    expect(headers).toEqual([
      'Sent',
      'Status',
      'Trader',
      'Instrument',
      'Order',
      'Lots (filled / sent)',
      'Quoted',
      'Limit',
      'Provider fill',
      'Markup (points)',
      'ClOrdID',
      'Resolved',
    ]);
    const rows = [...host.querySelectorAll('tbody tr')];
    expect(rows.map((r) => r.className)).toEqual(['execution-unbooked', '', '']);
    expect(rows[0]!.textContent).toContain('1.08010');
    expect(rows[0]!.textContent).toContain('filled after the timeout');
    expect(rows[2]!.textContent).toContain('— / 0.1');
    const state = (row: Element) => row.querySelectorAll('td')[1]!.querySelector('[data-color]')!;
    expect([state(rows[0]!).textContent, state(rows[0]!).getAttribute('data-color')]).toEqual([
      'Unbooked',
      'red',
    ]);
    expect([state(rows[1]!).textContent, state(rows[1]!).getAttribute('data-color')]).toEqual([
      'Booked',
      'green',
    ]);
  });

  it('counts the unbooked fills waiting for the desk, and shows them on request', async () => {
    await show();
    expect(host.querySelector('[role="alert"]')!.textContent).toContain(
      'Unbooked fills to offset at the provider: 1',
    );
    act(() => byTestId('show-unbooked')!.click());
    await settle();
    expect(listed().at(-1)).toEqual({ state: 'unbooked', page: 1 });
    // The list shows them now: no need to say it twice.
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it('filters by state, instrument and trader', async () => {
    await show();
    const choose = (id: string, value: string) =>
      act(() => {
        const select = byTestId(id) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    choose('execution-state-filter', 'timed_out');
    await settle();
    choose('execution-instrument-filter', '1');
    await settle();
    act(() => {
      const input = byTestId('execution-user-filter') as HTMLInputElement;
      // React sees a typed value only when it is set through the prototype's setter.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '42');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle();
    expect(listed().at(-1)).toEqual({ state: 'timed_out', instrument_id: 1, user_id: 42, page: 1 });
  });
});
