// @vitest-environment jsdom
import {
  adminExecutionsEndpoint,
  adminHandleExecutionEndpoint,
  adminInstrumentsEndpoint,
  type AdminExecution,
  type Endpoint,
  type OperatorRole,
} from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { clearSession, setSession } from '@/lib/session';
import { i18n } from '@/test/english';
import ExecutionsPage from './executions-page';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));
/** The note dialog as its title and an OK button that sends a note, shown while open. */
vi.mock('@/components/reason-modal', () => ({
  ReasonModal: (p: { open: boolean; title: string; label: string; onSubmit: (note: string) => void }) =>
    p.open ? (
      <form data-title={p.title} data-label={p.label}>
        <button
          type="button"
          data-testid="reason-ok"
          onClick={() => p.onSubmit('Offset at the LP, ticket 4411')}
        />
      </form>
    ) : null,
}));

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
  handled_at: null,
  handled_by: null,
  handled_by_email: null,
  handled_note: null,
});

/** An unbooked fill an operator has offset at the provider and marked so. */
const handled = (id: number): AdminExecution => ({
  ...execution(id, 'unbooked'),
  handled_at: 1_760_000_500_000,
  handled_by: 5,
  handled_by_email: 'desk@ops.example',
  handled_note: 'Sold 0.1 at the LP, ticket 4410',
});

/** The operator logged in (the page shows the mark and the instrument filter by role). */
const logIn = (role: OperatorRole) =>
  setSession({
    token: 'token',
    operator: {
      id: 5,
      email: `${role}@ops.example`,
      name: role,
      role,
      active: 1,
      totp_enabled: 1,
      must_change_password: 0,
      created_at: 0,
      last_login_at: null,
      totp_setup_required: false,
      totp_required: true,
    },
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

async function show(address = '/executions') {
  act(() => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={[address]}>
            <ExecutionsPage />
          </MemoryRouter>
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
  logIn('admin');
  sent.mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === adminInstrumentsEndpoint) return Promise.resolve([{ id: 1, code: 'EURUSD' }]);
    if (endpoint === adminHandleExecutionEndpoint)
      return Promise.resolve({
        ...handled((input as { id: number }).id),
        handled_note: 'Offset at the LP, ticket 4411',
      });
    const filter = input as { state?: string; handled?: number; page: number };
    if (
      filter.state === 'unbooked' &&
      filter.handled === 0 &&
      filter.page === 1 &&
      Object.keys(filter).length === 3 &&
      !unbookedCount
    ) {
      unbookedCount = input as object;
      return Promise.resolve({ data: [execution(3, 'unbooked')], total: 1 });
    }
    return Promise.resolve({
      data: [execution(3, 'unbooked'), handled(4), execution(2, 'booked'), execution(1, 'rejected')],
      total: 4,
    });
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  clearSession();
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
      'Handled',
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
    // Only the fill nobody has handled yet stands out.
    expect(rows.map((r) => r.className)).toEqual(['execution-unbooked', '', '', '']);
    expect(rows[0]!.textContent).toContain('1.08010');
    expect(rows[0]!.textContent).toContain('filled after the timeout');
    expect(rows[3]!.textContent).toContain('— / 0.1');
    const state = (row: Element) => row.querySelectorAll('td')[1]!.querySelector('[data-color]')!;
    expect([state(rows[0]!).textContent, state(rows[0]!).getAttribute('data-color')]).toEqual([
      'Unbooked',
      'red',
    ]);
    expect([state(rows[2]!).textContent, state(rows[2]!).getAttribute('data-color')]).toEqual([
      'Booked',
      'green',
    ]);
  });

  it('shows whether each unbooked fill was handled: who, when and the note', async () => {
    await show();
    const tag = (id: number) => byTestId(`execution-handled-${id}`)!.querySelector('[data-color]')!;
    expect([tag(3).textContent, tag(3).getAttribute('data-color')]).toEqual(['Not handled', 'red']);
    expect([tag(4).textContent, tag(4).getAttribute('data-color')]).toEqual(['Handled', 'green']);
    const row = [...host.querySelectorAll('tbody tr')][1]!;
    expect(row.textContent).toContain('By desk@ops.example, ');
    expect(row.textContent).toContain('Sold 0.1 at the LP, ticket 4410');
    // Nothing to handle in the other states, and nothing to mark twice.
    expect(byTestId('execution-handled-2')).toBeNull();
    expect(byTestId('execution-mark-3')).not.toBeNull();
    expect(byTestId('execution-mark-4')).toBeNull();
    expect(byTestId('execution-mark-2')).toBeNull();
  });

  it('marks an unbooked fill handled with a note, then reads the list and the desk again', async () => {
    logIn('finance');
    await show();
    const reads = listed().length;
    act(() => byTestId('execution-mark-3')!.click());
    const dialog = host.querySelector('form')!;
    expect([dialog.dataset.title, dialog.dataset.label]).toEqual([
      'Mark handled',
      'What was done at the provider',
    ]);
    act(() => byTestId('reason-ok')!.click());
    await settle();
    const marks = sent.mock.calls.filter(([endpoint]) => endpoint === adminHandleExecutionEndpoint);
    expect(marks.map(([, input]) => input)).toEqual([{ id: 3, note: 'Offset at the LP, ticket 4411' }]);
    // The dialog closed and the list was read again (the desk's count too: /api/admin/desk).
    expect(host.querySelector('form')).toBeNull();
    expect(listed().length).toBeGreaterThan(reads);
  });

  it('offers the mark only to the desk’s roles, and the instruments only to admins', async () => {
    logIn('finance');
    await show();
    expect(byTestId('execution-mark-3')).not.toBeNull();
    expect(byTestId('execution-instrument-filter')).toBeNull();
    expect(sent.mock.calls.some(([endpoint]) => endpoint === adminInstrumentsEndpoint)).toBe(false);
    act(() => root.unmount());
    root = createRoot(host);
    logIn('support');
    await show();
    expect(byTestId('execution-mark-3')).toBeNull();
    expect(byTestId('execution-handled-3')!.textContent).toBe('Not handled');
  });

  it('starts on the fills still to handle when the desk links there', async () => {
    await show('/executions?state=unbooked&handled=0');
    expect(sent.mock.calls.find(([endpoint]) => endpoint === adminExecutionsEndpoint)?.[1]).toEqual({
      state: 'unbooked',
      handled: 0,
      page: 1,
    });
    // The list already shows them: no need to say it twice.
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it('counts the unbooked fills waiting for the desk, and shows them on request', async () => {
    await show();
    expect(host.querySelector('[role="alert"]')!.textContent).toContain(
      'Unbooked fills to offset at the provider: 1',
    );
    act(() => byTestId('show-unbooked')!.click());
    await settle();
    expect(listed().at(-1)).toEqual({ state: 'unbooked', handled: 0, page: 1 });
    // The list shows them now: no need to say it twice.
    expect(host.querySelector('[role="alert"]')).toBeNull();
  });

  it('filters by state, handled, instrument and trader', async () => {
    await show();
    const choose = (id: string, value: string) =>
      act(() => {
        const select = byTestId(id) as HTMLSelectElement;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    choose('execution-state-filter', 'timed_out');
    await settle();
    choose('execution-handled-filter', '1');
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
    expect(listed().at(-1)).toEqual({
      state: 'timed_out',
      handled: 1,
      instrument_id: 1,
      user_id: 42,
      page: 1,
    });
  });
});
