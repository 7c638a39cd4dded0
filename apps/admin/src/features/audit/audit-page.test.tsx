// @vitest-environment jsdom
import {
  adminAuditEndpoint,
  adminOperatorsEndpoint,
  type AuditEntry,
  type Endpoint,
  type Lang,
} from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { formatTime, zoneName } from '@/lib/format';
import { i18n } from '@/test/english';
import AuditPage from './audit-page';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('antd', async () => {
  const { antdStub } = await import('@/test/antd-stub');
  const Box = ({ children }: { children?: ReactNode }) => <div>{children}</div>;
  return { ...antdStub, Row: Box, Col: Box, DatePicker: { RangePicker: () => null } };
});
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));

/** The operator's language, as the language menu would have set it. */
let lang: Lang = 'en';
vi.mock('@/lib/i18n', async (original) => ({
  ...(await original<object>()),
  currentLang: () => lang,
  useUiLocale: () => ({ lang, antd: undefined, direction: 'ltr' }),
}));

const entry = (id: number, action: string): AuditEntry => ({
  id,
  operator_id: 2,
  operator_email: 'finance@ops.example',
  action,
  object_type: 'withdrawal',
  object_id: String(40 + id),
  before: null,
  after: null,
  ip: '203.0.113.9',
  user_agent: 'Firefox',
  created_at: Date.UTC(2026, 10, 26, 17, 43, 45),
});

let root: Root;
let host: HTMLElement;
const sent = vi.mocked(request);
const auditInputs = () =>
  sent.mock.calls.filter(([endpoint]) => endpoint === adminAuditEndpoint).map(([, input]) => input);

const settle = async () => {
  for (let turn = 0; turn < 5; turn++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

async function show() {
  act(() => {
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AuditPage />
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  await settle();
}

/** A row's cells' texts, and the action cell's tag colour. */
const rows = () =>
  [...host.querySelectorAll('tbody tr')].map((tr) => {
    const cells = [...tr.querySelectorAll('td')];
    return {
      time: cells[0]!.textContent,
      action: cells[2]!.textContent,
      color: cells[2]!.querySelector('[data-color]')?.getAttribute('data-color'),
    };
  });

beforeEach(() => {
  lang = 'en';
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  sent.mockReset();
  sent.mockImplementation((endpoint: Endpoint) => {
    if (endpoint === adminOperatorsEndpoint) return Promise.resolve([]);
    return Promise.resolve({
      data: [entry(2, 'withdrawal.approve'), entry(1, 'deposit.retired_action')],
      total: 2,
    });
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the audit log', () => {
  it('names each action in the operator’s language, its code beside it for support', async () => {
    await show();
    expect(rows().map((r) => [r.action, r.color])).toEqual([
      ['Mark withdrawal paidwithdrawal.approve', 'blue'],
      // A code no server writes any more (an older row) is shown as it was logged.
      ['deposit.retired_action', undefined],
    ]);

    lang = 'hk';
    await show();
    expect(rows()[0]!.action).toBe('標記提款為已支付withdrawal.approve');
    lang = 'ar';
    await show();
    expect(rows()[0]!.action).toBe('تعليم سحب كمدفوعwithdrawal.approve');
  });

  it('shows when, with the zone', async () => {
    await show();
    const at = entry(1, 'x').created_at;
    expect(rows()[0]!.time).toBe(formatTime(at));
    expect(rows()[0]!.time.endsWith(` ${zoneName(at)}`)).toBe(true);
  });

  it('filters by an action chosen by its name, asking the server for its code', async () => {
    await show();
    const select = host.querySelector<HTMLSelectElement>('[data-testid="audit-action"]')!;
    const reject = [...select.options].find((o) => o.textContent === 'Reject withdrawal')!;
    act(() => {
      select.value = reject.value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(auditInputs().at(-1)).toMatchObject({ action: 'withdrawal.reject', page: 1 });
  });
});
