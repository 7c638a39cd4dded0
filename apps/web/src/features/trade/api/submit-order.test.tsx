// @vitest-environment jsdom
import { ApiError } from '@pipwise/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tradingConditionsKey } from '@/lib/trading-conditions';
import { useSubmitOrder } from './submit-order';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The server's answer to the next submit: what the test sets. */
const answer = vi.hoisted(() => ({ error: new Error('not set') }));
vi.mock('@/lib/api', async () => {
  const client = await import('@pipwise/client');
  return {
    isApiError: client.isApiError,
    api: {
      withLoading: <T,>(run: () => Promise<T>) => run(),
      request: () => Promise.reject(answer.error),
    },
  };
});
vi.mock('antd-mobile', () => ({ Toast: { show: vi.fn() } }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

let container: HTMLDivElement;
let root: Root;
let queries: QueryClient;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  queries = new QueryClient();
  // The ticket's cached conditions, fresh for five minutes.
  queries.setQueryData(tradingConditionsKey, { group: 'Standard' });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

/** Taps Buy once and waits for the answer. */
async function submitOnce(): Promise<void> {
  let submit: (() => Promise<unknown>) | undefined;
  function Ticket() {
    const order = useSubmitOrder({ onSuccess: () => undefined });
    submit = () => order.submit({ forex_id: 7, type: 1, status: 1, cont: '0.01', multiple: 100 });
    return null;
  }
  act(() =>
    root.render(
      <QueryClientProvider client={queries}>
        <Ticket />
      </QueryClientProvider>,
    ),
  );
  await act(async () => {
    await submit!().catch(() => undefined);
  });
}

describe('a refused submit', () => {
  it('reads the account’s conditions again: an operator may have changed its group meanwhile', async () => {
    answer.error = new ApiError(
      'business',
      'Leverage above 30:1 is not offered to retail clients.',
      2000,
      200,
    );
    await submitOnce();
    expect(queries.getQueryState(tradingConditionsKey)?.isInvalidated).toBe(true);
  });

  it('leaves them alone when the answer was lost (nothing says the terms changed)', async () => {
    answer.error = new ApiError('network', 'offline');
    await submitOnce();
    expect(queries.getQueryState(tradingConditionsKey)?.isInvalidated).toBe(false);
  });
});
