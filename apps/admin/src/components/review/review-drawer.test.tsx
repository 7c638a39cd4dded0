// @vitest-environment jsdom
import { adminApproveDepositEndpoint, adminRejectDepositEndpoint, ChargeStatus } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { apiCall } from '@/lib/api-call';
import { DEPOSIT_STATUS } from '@/lib/labels';
import { i18n } from '@/test/english';
import { ReviewDrawer } from './review-drawer';
import type { ReviewAction, ReviewQueue } from './types';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));
/** The reason dialog as a field and its OK button, shown while open. */
vi.mock('@/components/reason-modal', () => ({
  ReasonModal: (p: { open: boolean; title: string; onSubmit: (r: string) => void }) =>
    p.open ? (
      <form data-title={p.title}>
        <button type="button" data-testid="reason-ok" onClick={() => p.onSubmit('Proof unreadable')} />
      </form>
    ) : null,
}));

const actions: ReviewAction[] = [
  {
    key: 'reject',
    kind: 'reason',
    testId: 'deposit-reject',
    label: 'Reject',
    look: 'danger',
    reason: { label: 'Remark', help: 'The trader sees it' },
    call: (remark) => apiCall(adminRejectDepositEndpoint, { id: 41, remark }),
  },
  {
    key: 'approve',
    kind: 'confirm',
    testId: 'deposit-approve',
    label: 'Approve and credit',
    look: 'primary',
    question: 'Credit about $1,233.27 to this trader now?',
    call: () => apiCall(adminApproveDepositEndpoint, { id: 41 }),
  },
];

const deposit = {
  id: 41,
  status: ChargeStatus.Unchecked as number,
  user_contact: 'amira@example.com',
  uid: '1000007',
  created_at: 1_760_000_000_000,
  reviewed_at: null as number | null,
  reviewed_by: null as number | null,
  remark: '',
};
const queue: ReviewQueue<typeof deposit> = {
  name: 'deposit',
  statuses: DEPOSIT_STATUS,
  awaiting: ChargeStatus.Unchecked,
  lists: '/api/admin/deposits/',
  actions: () => actions,
};

let root: Root;
let host: HTMLElement;
let client: QueryClient;
const sent = vi.mocked(request);

function open(row: typeof deposit, onClose = vi.fn()) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <ReviewDrawer
            queue={queue}
            row={row}
            title="Deposit #41"
            size={720}
            facts={[{ key: 'rate', label: 'Rate', value: '0.999' }]}
            note={{ key: 'remark', label: 'Remark', value: row.remark, shown: !!row.remark }}
            onClose={onClose}
          />
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
  return onClose;
}

const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = async (id: string) => {
  await act(async () => {
    byTestId(id)!.click();
    await Promise.resolve();
  });
};

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  client = new QueryClient();
  sent.mockReset();
  sent.mockResolvedValue({ id: 41 });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the review drawer', () => {
  it('asks before approving, with the amount, then makes that one call with its own key', async () => {
    const onClose = open(deposit);
    const approve = byTestId('deposit-approve')!.parentElement!;
    expect(approve.dataset.question).toBe('Credit about $1,233.27 to this trader now?');
    expect(approve.dataset.ok).toBe('Approve and credit');
    await click('deposit-approve-confirm');
    await click('deposit-approve-confirm'); // a double click: one decision
    expect(sent).toHaveBeenCalledTimes(1);
    const [endpoint, input, options] = sent.mock.calls[0]!;
    expect(endpoint).toBe(adminApproveDepositEndpoint);
    expect(input).toEqual({ id: 41 });
    expect(options).toMatchObject({ toastSuccess: true, headers: { 'Idempotency-Key': expect.any(String) } });
    expect(onClose).toHaveBeenCalled();
  });

  it('a decision made, the queue, the dashboard and the trader’s account are fetched again', async () => {
    const paths = [
      '/api/admin/deposits/list',
      '/api/admin/dashboard',
      '/api/admin/users/detail',
      '/api/admin/news/list',
    ];
    for (const path of paths) client.setQueryData([path, {}], {});
    open(deposit);
    await click('deposit-approve-confirm');
    const stale = paths.filter((path) => client.getQueryState([path, {}])?.isInvalidated);
    expect(stale).toEqual(paths.slice(0, 3));
  });

  it('a refusal asks for the reason, then sends it', async () => {
    open(deposit);
    expect(byTestId('reason-ok')).toBeNull();
    await click('deposit-reject');
    expect(host.querySelector('form')!.dataset.title).toBe('Reject');
    await click('reason-ok');
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.calls[0]!.slice(0, 2)).toEqual([
      adminRejectDepositEndpoint,
      { id: 41, remark: 'Proof unreadable' },
    ]);
  });

  it('frames its own facts with the status and sender first, the dates and the note last', () => {
    open({
      ...deposit,
      status: ChargeStatus.Finished,
      remark: 'Proof unreadable',
      reviewed_at: 1_760_000_360_000,
      reviewed_by: 3,
    });
    const labels = [...host.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(labels).toEqual(['Status', 'User', 'UID', 'Rate', 'Created', 'Reviewed', 'Remark']);
    const text = byTestId('deposit-review')!.textContent;
    expect(text).toContain('amira@example.com');
    expect(text).toContain('Credited');
    expect(text).toContain('Proof unreadable');
  });

  it('offers nothing once decided, and leaves an empty note out', () => {
    open({ ...deposit, status: ChargeStatus.Finished });
    expect(byTestId('deposit-approve')).toBeNull();
    expect(byTestId('deposit-reject')).toBeNull();
    expect([...host.querySelectorAll('dt')].map((dt) => dt.textContent)).not.toContain('Remark');
  });
});
