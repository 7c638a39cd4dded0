// @vitest-environment jsdom
import {
  adminBooksStatusEndpoint,
  BOOKS_CHECKS,
  type AdminBooksStatus,
  type OperatorProfile,
} from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { i18n } from '@/test/english';
import { BooksBanner } from './books-banner';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The shared stub, with an Alert that also shows its description (the problems' lines).
vi.mock('antd', async () => {
  const { antdStub } = await import('@/test/antd-stub');
  return {
    ...antdStub,
    Alert: ({ title, description, ...props }: { title: ReactNode; description: ReactNode }) => (
      <div role="alert" data-testid={(props as { 'data-testid'?: string })['data-testid']}>
        <strong>{title}</strong>
        {description}
      </div>
    ),
  };
});
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));

const sent = vi.mocked(request);
let root: Root;
let host: HTMLElement;

const operator = (role: OperatorProfile['role']) => ({ role }) as OperatorProfile;

const broken: AdminBooksStatus = {
  checked_at: 1_760_000_000_000,
  reason: 'start',
  problems: [
    { check: 'balance_not_log_sum', count: 7, sample: [12, 15] },
    { check: 'unbalanced_transactions', count: 1, sample: [901] },
  ],
};

const settle = async () => {
  for (let turn = 0; turn < 5; turn++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

async function show(who: OperatorProfile) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <BooksBanner operator={who} narrow={false} />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
  await settle();
}

const alert = () => host.querySelector('[data-testid="books-alert"]');

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  sent.mockReset();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('the books banner', () => {
  it('shows every failing check, linking traders and naming log entries', async () => {
    sent.mockResolvedValue(broken);
    await show(operator('finance'));
    expect(sent).toHaveBeenCalledWith(
      adminBooksStatusEndpoint,
      {},
      expect.objectContaining({ silent: true }),
    );
    expect(alert()?.textContent).toContain(
      'The books are out of balance — trading goes on; look at these accounts now',
    );
    const lines = [...host.querySelectorAll('[data-testid]')]
      .map((e) => e.getAttribute('data-testid'))
      .filter((id) => BOOKS_CHECKS.some((check) => id === `books-${check}`));
    expect(lines).toEqual(['books-unbalanced_transactions', 'books-balance_not_log_sum']);
    const users = host.querySelector('[data-testid="books-balance_not_log_sum"]')!;
    expect(users.textContent).toContain(
      'Accounts whose balance or held funds differ from their account log: 7',
    );
    expect(users.textContent).toContain('Traders:');
    expect(users.textContent).toContain('and 5 more');
    const trader = host.querySelector<HTMLAnchorElement>('[data-testid="books-user-12"]')!;
    expect(trader.tagName).toBe('A');
    expect(trader.getAttribute('href')).toBe('/users?id=12');
    expect(trader.getAttribute('dir')).toBe('ltr');
    expect(trader.textContent).toBe('#12');
    const entry = host.querySelector('[data-testid="books-transaction-901"]')!;
    expect(entry.tagName).toBe('SPAN');
    expect(entry.textContent).toBe('#901');
    expect(host.querySelector('[data-testid="books-unbalanced_transactions"]')?.textContent).not.toContain(
      'more',
    );
    expect(host.querySelector('[data-testid="books-checked"]')?.textContent).toMatch(/^Checked .*2025/);
  });

  it('hides when the books are right, and before the first check', async () => {
    sent.mockResolvedValue({ checked_at: 1_760_000_000_000, reason: 'schedule', problems: [] });
    await show(operator('admin'));
    expect(sent).toHaveBeenCalled();
    expect(alert()).toBeNull();

    sent.mockResolvedValue({ checked_at: null, reason: null, problems: [] });
    await show(operator('admin'));
    expect(alert()).toBeNull();
  });

  it('never asks for the check for support or content operators', async () => {
    sent.mockResolvedValue(broken);
    await show(operator('support'));
    await show(operator('content'));
    expect(sent).not.toHaveBeenCalled();
    expect(alert()).toBeNull();
  });
});
