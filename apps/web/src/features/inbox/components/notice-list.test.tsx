// @vitest-environment jsdom
import en from '@pipwise/locales/en.json';
import jp from '@pipwise/locales/jp.json';
import { inboxListEndpoint, inboxReadEndpoint, type Endpoint, type Notice } from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { NoticeList } from './notice-list';

// The server, as the app's one way of calling it.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const announcement: Notice = {
  id: 7,
  kind: 'announcement',
  data: { broadcast_id: 3, updated_at: 1_790_000_000_000 },
  created_at: 1_790_000_100_000,
  read: 0,
};

let root: Root;
let host: HTMLElement;
const reads: unknown[] = [];

async function show(lang: 'en' | 'jp') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { en: { translation: en }, jp: { translation: jp } },
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/inbox']}>
            <Routes>
              <Route path="/inbox" element={<NoticeList symbolOf={(code) => code} />} />
              <Route path="/mine/announcement" element={<p data-testid="announcement-page">page</p>} />
            </Routes>
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>,
    ),
  );
  // The list's first page arrives (the first render may still be loading the list's code).
  await act(() => vi.waitFor(() => expect(host.querySelector('[data-testid="notice-row"]')).not.toBeNull()));
}

const row = () => host.querySelector<HTMLButtonElement>('[data-testid="notice-row"]');

beforeEach(() => {
  reads.length = 0;
  vi.mocked(request).mockImplementation((endpoint: Endpoint, input: unknown) => {
    if (endpoint === inboxListEndpoint) return Promise.resolve({ data: [announcement], total: 1, unread: 1 });
    if (endpoint === inboxReadEndpoint) {
      reads.push(input);
      return Promise.resolve({ unread: 0 });
    }
    return Promise.reject(new Error(`unexpected call to ${endpoint.path}`));
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('an announcement in the inbox (docs/notifications.md "Announcements")', () => {
  it('says "New announcement" in the reader’s language, with its own icon', async () => {
    await show('en');
    expect(row()?.dataset.kind).toBe('announcement');
    expect(row()?.textContent).toContain('New announcement');
    expect(row()?.querySelector('span[aria-hidden] svg')).not.toBeNull();
    act(() => root.unmount());
    root = createRoot(host);
    await show('jp');
    expect(row()?.textContent).toContain('新しいお知らせ');
    expect(row()?.textContent).not.toContain('New announcement');
  });

  it('a tap reads it and opens the announcement’s page', async () => {
    await show('en');
    act(() => row()!.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(reads).toEqual([{ id: 7 }]);
    expect(host.querySelector('[data-testid="announcement-page"]')).not.toBeNull();
    expect(row()).toBeNull();
  });
});
