// @vitest-environment jsdom
import { adminDepositsEndpoint, ChargeStatus, ChargeType, type AdminDeposit } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { DEPOSIT_STATUS, DEPOSIT_TYPE } from '@/lib/labels';
import { i18n } from '@/test/english';
import { ReviewQueuePage } from './queue-page';
import type { ReviewQueue } from './types';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));

const queue: ReviewQueue<AdminDeposit> = {
  name: 'deposit',
  statuses: DEPOSIT_STATUS,
  awaiting: ChargeStatus.Unchecked,
  lists: '/api/admin/deposits/',
  actions: () => [],
};

const deposit = (id: number, status: number): AdminDeposit => ({
  id,
  user_id: 7,
  user_contact: 'amira@example.com',
  uid: '1000007',
  channel_id: 3,
  type: ChargeType.Coin,
  currency_code: 'USDT',
  protocol_code: 'TRC20',
  number: '10',
  usd_rate: '1',
  usd_estimate: 10,
  address: '',
  status,
  remark: '',
  credited: 0,
  proof_img: '',
  reviewed_by: null,
  reviewed_at: null,
  created_at: 1_760_000_000_000,
});

let root: Root;
let host: HTMLElement;
const sent = vi.mocked(request);
/** The filters of each list asked for, in order. */
const asked = () => sent.mock.calls.map(([, input]) => input);

async function show() {
  act(() => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ReviewQueuePage
            queue={queue}
            endpoint={adminDepositsEndpoint}
            title="Deposits"
            description="What traders paid in"
            statusFilter={{ width: 180, testId: 'deposit-status-filter' }}
            typeFilter={{ placeholder: 'Channel', codes: DEPOSIT_TYPE, width: 180 }}
            columns={[{ title: 'Declared', dataIndex: 'number' }]}
            scrollX={1000}
            review={(row) => <aside data-testid="opened">#{row.id}</aside>}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  await settle();
}

/** Lets the list's request answer and the page show it (a few turns of the event loop). */
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
  sent.mockResolvedValue({
    data: [deposit(41, ChargeStatus.Unchecked), deposit(40, ChargeStatus.Finished)],
    total: 2,
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('a review queue page', () => {
  it('opens on the rows awaiting a decision, first page', async () => {
    await show();
    expect(sent.mock.calls[0]![0]).toBe(adminDepositsEndpoint);
    expect(asked()).toEqual([{ status: ChargeStatus.Unchecked, page: 1 }]);
    const status = byTestId('deposit-status-filter') as HTMLSelectElement;
    expect(status.value).toBe(String(ChargeStatus.Unchecked));
  });

  it('lists who sent each row, its own columns, its status, then Review or View', async () => {
    await show();
    const headers = [...host.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['#', 'Created', 'User', 'Declared', 'Status', '']);
    expect(byTestId('deposit-open-41')!.textContent).toBe('Review');
    expect(byTestId('deposit-open-40')!.textContent).toBe('View');
    expect(host.querySelector('tbody')!.textContent).toContain('Credited');
  });

  it('asks again for the status chosen', async () => {
    await show();
    act(() => {
      const status = byTestId('deposit-status-filter') as HTMLSelectElement;
      status.value = String(ChargeStatus.Finished);
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(asked().at(-1)).toEqual({ status: ChargeStatus.Finished, page: 1 });
  });

  it('scrolls sideways only when it has rows: an empty queue has nothing a keyboard could reach', async () => {
    await show();
    expect(host.querySelector('table')!.dataset.scrollX).toBe('1000');
    sent.mockResolvedValue({ data: [], total: 0 });
    act(() => {
      const status = byTestId('deposit-status-filter') as HTMLSelectElement;
      status.value = String(ChargeStatus.Rejected);
      status.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(host.querySelectorAll('tbody tr')).toHaveLength(0);
    expect(host.querySelector('table')!.dataset.scrollX).toBeUndefined();
  });

  it('opens a row in its review', async () => {
    await show();
    expect(byTestId('opened')).toBeNull();
    act(() => byTestId('deposit-open-41')!.click());
    expect(byTestId('opened')!.textContent).toBe('#41');
  });
});
