// @vitest-environment jsdom
import { inboxListEndpoint, type Endpoint, type Notice, type NoticePush } from '@pipwise/shared';
import type { QueryClient } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { getLiveSocket } from '@/lib/live';
import { clearSession, setSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { UnreadBadge } from '../components/unread-badge';
import { useInboxPushes } from './use-inbox-pushes';

// The server, the live socket and the toast, as the app reaches them.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));
vi.mock('@/lib/toast', () => ({ showToast: vi.fn() }));
vi.mock('@/lib/live', () => ({ getLiveSocket: vi.fn() }));

const i18n = testI18n();

/** The live socket's NOTICE topic: who listens, and a way to push or resync. */
const topic = {
  listeners: [] as { fn: (push: NoticePush) => void; onResync?: () => unknown }[],
  push(data: NoticePush) {
    act(() => this.listeners.forEach((l) => l.fn(data)));
  },
  async resync() {
    await act(async () => {
      await Promise.all(this.listeners.map((l) => l.onResync?.()));
    });
  },
};

const alertNotice: Notice = {
  id: 41,
  kind: 'price_alert',
  data: { alert_id: 3, code: 'EURUSD', direction: 'above', price: '1.09000', fired_price: '1.09002' },
  created_at: 1_700_000_000_000,
  read: 0,
};

let queryClient: QueryClient;
let unreadOnServer: number;
let reads: number;
const told: Notice[] = [];

function Watcher() {
  useInboxPushes({
    // The pairs arrive a moment later, as from the trade list.
    symbols: () => Promise.resolve((code: string) => (code === 'EURUSD' ? 'EUR/USD' : code)),
    onNotice: (n) => told.push(n),
  });
  return <UnreadBadge />;
}

// Registered before mountRoot(), so it runs after the root is unmounted.
afterEach(() => {
  clearSession();
  vi.mocked(request).mockReset();
  vi.mocked(showToast).mockReset();
});
const view = mountRoot();
beforeEach(() => {
  queryClient = testQueryClient();
  topic.listeners = [];
  told.length = 0;
  unreadOnServer = 2;
  reads = 0;
  vi.mocked(getLiveSocket).mockReturnValue({
    subscribe: (name: string, fn: (push: NoticePush) => void, options: { onResync?: () => unknown } = {}) => {
      expect(name).toBe('NOTICE');
      const listener = { fn, onResync: options.onResync };
      topic.listeners.push(listener);
      return () => (topic.listeners = topic.listeners.filter((l) => l !== listener));
    },
  } as unknown as ReturnType<typeof getLiveSocket>);
  vi.mocked(request).mockImplementation((endpoint: Endpoint) => {
    if (endpoint === inboxListEndpoint) {
      reads += 1;
      return Promise.resolve({ data: [], total: unreadOnServer, unread: unreadOnServer });
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
});

const show = () => view.render(withProviders(<Watcher />, { i18n, queries: queryClient }));
const badge = () => view.$('unread-badge')?.textContent ?? null;

async function until(check: () => void): Promise<void> {
  for (let round = 0; ; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      return check();
    } catch (error) {
      if (round >= 200) throw error;
    }
  }
}

describe('the unread badge (docs/notifications.md "The inbox")', () => {
  it('shows nothing and listens to nothing without a session', async () => {
    show();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(badge()).toBeNull();
    expect(topic.listeners).toHaveLength(0);
    expect(reads).toBe(0);
  });

  it('reads the count at login, then follows NOTICE pushes and tells the notice just written', async () => {
    setSession({ token: 'tok', user: { id: 5 } });
    show();
    await until(() => expect(badge()).toBe('2'));
    expect(topic.listeners).toHaveLength(1);

    // A notice was written: the count, a toast with its sentence, and the app told.
    topic.push({ unread: 3, latest: alertNotice });
    await until(() => expect(badge()).toBe('3'));
    await until(() => expect(showToast).toHaveBeenCalledWith(expect.stringContaining('rose to')));
    expect(vi.mocked(showToast).mock.calls[0]![0].replace(/[\u2066-\u2069]/g, '')).toBe(
      'EUR/USD rose to 1.09002 (alert at 1.09000)',
    );
    expect(told).toEqual([alertNotice]);

    // Notices were read elsewhere: only the count moves, no toast.
    topic.push({ unread: 0, latest: null });
    await until(() => expect(badge()).toBeNull());
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(told).toHaveLength(1);
  });

  it('reads the count again when the socket resyncs', async () => {
    setSession({ token: 'tok', user: { id: 5 } });
    show();
    await until(() => expect(badge()).toBe('2'));
    const before = reads;
    unreadOnServer = 7;
    await topic.resync();
    await until(() => expect(badge()).toBe('7'));
    expect(reads).toBeGreaterThan(before);
  });

  it('stops listening at logout', async () => {
    setSession({ token: 'tok', user: { id: 5 } });
    show();
    await until(() => expect(topic.listeners).toHaveLength(1));
    act(() => clearSession());
    expect(topic.listeners).toHaveLength(0);
    await until(() => expect(badge()).toBeNull());
  });
});
