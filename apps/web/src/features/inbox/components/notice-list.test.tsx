// @vitest-environment jsdom
import { inboxListEndpoint, inboxReadEndpoint, type Endpoint, type Notice } from '@pipwise/shared';
import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { mountRoot, testI18n, testQueryClient, withProviders } from '@/test/react-root';
import { NoticeList } from './notice-list';

// The server, as the app's one way of calling it.
vi.mock('@/lib/api', () => ({ request: vi.fn() }));

const announcement: Notice = {
  id: 7,
  kind: 'announcement',
  data: { broadcast_id: 3, updated_at: 1_790_000_000_000 },
  created_at: 1_790_000_100_000,
  read: 0,
};

const reads: unknown[] = [];
const view = mountRoot();

async function show(lang: 'en' | 'jp') {
  view.render(
    withProviders(
      <MemoryRouter initialEntries={['/inbox']}>
        <Routes>
          <Route path="/inbox" element={<NoticeList symbolOf={(code) => code} />} />
          <Route path="/mine/announcement" element={<p data-testid="announcement-page">page</p>} />
        </Routes>
      </MemoryRouter>,
      { i18n: testI18n(lang), queries: testQueryClient() },
    ),
  );
  // The list's first page arrives (the first render may still be loading the list's code).
  await act(() => vi.waitFor(() => expect(view.$('notice-row')).not.toBeNull()));
}

const row = () => view.$<HTMLButtonElement>('notice-row');

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
});

describe('an announcement in the inbox (docs/notifications.md "Announcements")', () => {
  it('says "New announcement" in the reader’s language, with its own icon', async () => {
    await show('en');
    expect(row()?.dataset.kind).toBe('announcement');
    expect(row()?.textContent).toContain('New announcement');
    expect(row()?.querySelector('span[aria-hidden] svg')).not.toBeNull();
    view.remount();
    await show('jp');
    expect(row()?.textContent).toContain('新しいお知らせ');
    expect(row()?.textContent).not.toContain('New announcement');
  });

  it('a tap reads it and opens the announcement’s page', async () => {
    await show('en');
    act(() => row()!.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(reads).toEqual([{ id: 7 }]);
    expect(view.$('announcement-page')).not.toBeNull();
    expect(row()).toBeNull();
  });
});
