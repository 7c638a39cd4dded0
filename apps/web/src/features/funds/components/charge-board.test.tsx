// @vitest-environment jsdom
import {
  chargeRecordsEndpoint,
  userInfoEndpoint,
  wireInfoEndpoint,
  type ChargeRecord,
  type Endpoint,
  type WireOption,
} from '@pipwise/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { copyText } from '@/lib/clipboard';
import { clearSession, setSession } from '@/lib/session';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { ChargeBoard } from './charge-board';

// The server, as the app's one way of calling it; the clipboard, which jsdom lacks.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));
vi.mock('@/lib/clipboard', () => ({ copyText: vi.fn().mockResolvedValue(true) }));

const deposit = (id: number, type: number, over: Partial<ChargeRecord> = {}): ChargeRecord => ({
  id,
  number: '100',
  type,
  currency_code: 'USDT',
  protocol_code: type === 0 ? 'TRC20' : '',
  status: 0,
  status_name: 'Under review',
  created_at: '2026-11-26 12:46:24',
  created_at_ms: 1_795_715_184_000,
  remark: '',
  credited: 0,
  proof_img: '',
  ...over,
});
const COIN = deposit(3, 0);
const WIRE = deposit(2, 1, { currency_code: 'USD', number: '500' });

const WIRE_ACCOUNT: WireOption = {
  id: 1,
  bank_name: 'Example Bank N.A.',
  bank_address: '',
  bank_swift: 'EXAMUS33',
  payee_name: 'Pipwise Markets Ltd',
  payee_account: '000123456789',
  bank_remark: 'Please write your UID in the payment reference',
  currency_code: 'USD',
  usd_rate: '1',
};

/** The `type` of every deposit-history call, in order. */
let asked: unknown[];
beforeEach(() => {
  asked = [];
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === wireInfoEndpoint) return Promise.resolve([WIRE_ACCOUNT]);
    if (endpoint === userInfoEndpoint) return Promise.resolve({ uid: '80077123' });
    if (endpoint === chargeRecordsEndpoint) {
      const { type } = input as { type: unknown };
      asked.push(type);
      const rows = [COIN, WIRE].filter((r) => type === 'all' || r.type === type);
      return Promise.resolve({ data: rows, total: rows.length });
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});
// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  vi.mocked(request).mockReset();
  clearSession();
});

const view = mountRoot();
const i18n = testI18n();

async function showWireTab() {
  view.render(
    withProviders(<ChargeBoard kind={1} onKind={() => {}} />, { i18n, queries: testQueryClient() }),
  );
  await act(() => vi.waitFor(() => expect(view.$('wire-account')).not.toBeNull()));
}
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
const rows = () =>
  [...view.container.querySelectorAll('[data-testid="charge-row"]')].map((row) => ({
    type: row.getAttribute('data-type'),
    kind: row.querySelector('[data-testid="charge-kind"]')?.textContent,
  }));
const filter = (value: string | number) =>
  view.container.querySelector<HTMLElement>(`[data-testid="charge-filter"][data-value="${value}"]`)!;

describe('the deposit history (issue 22)', () => {
  it('lists every deposit under the bank wire form, a coin deposit too, each with its method', async () => {
    await showWireTab();
    await act(() => vi.waitFor(() => expect(rows()).toHaveLength(2)));
    expect(asked).toEqual(['all']);
    expect(filter('all').getAttribute('aria-checked')).toBe('true');
    expect(rows()).toEqual([
      { type: '0', kind: 'Crypto' },
      { type: '1', kind: 'Bank wire' },
    ]);
  });

  it('narrows the list to one method with the filter, and back to all', async () => {
    await showWireTab();
    await act(() => vi.waitFor(() => expect(rows()).toHaveLength(2)));
    act(() => filter(0).click());
    await act(() => vi.waitFor(() => expect(rows()).toEqual([{ type: '0', kind: 'Crypto' }])));
    act(() => filter(1).click());
    await act(() => vi.waitFor(() => expect(rows()).toEqual([{ type: '1', kind: 'Bank wire' }])));
    act(() => filter('all').click());
    await act(() => vi.waitFor(() => expect(rows()).toHaveLength(2)));
    expect(asked).toEqual(['all', 0, 1, 'all']);
  });
});

describe('the wire instructions (issue 22)', () => {
  it('show the UID the payment reference asks for, with a copy button', async () => {
    setSession({ token: 't', user: { id: 7, uid: '80012345', is_demo: 0 } });
    await showWireTab();
    act(() =>
      view.container.querySelector<HTMLElement>('[data-testid="wire-account"] [role="radio"]')!.click(),
    );
    const reference = view.$('wire-reference')!;
    expect(reference).not.toBeNull();
    expect(view.$('wire-uid')!.textContent).toBe('80012345');
    expect(reference.textContent).toContain('Payment reference');
    act(() => view.$('copy-uid')!.click());
    await settle();
    expect(copyText).toHaveBeenCalledWith('80012345');
    expect(vi.mocked(request).mock.calls.some(([endpoint]) => endpoint === userInfoEndpoint)).toBe(false);
  });

  it('read the UID from the server when the stored session lacks it', async () => {
    setSession({ token: 't', user: { id: 7, is_demo: 0 } });
    await showWireTab();
    act(() =>
      view.container.querySelector<HTMLElement>('[data-testid="wire-account"] [role="radio"]')!.click(),
    );
    await settle();
    await act(() => vi.waitFor(() => expect(view.$('wire-uid')?.textContent).toBe('80077123')));
  });
});
