// @vitest-environment jsdom
import {
  adminAnnouncementBroadcastsEndpoint,
  adminAnnouncementsEndpoint,
  adminBroadcastAnnouncementEndpoint,
  type AdminAnnouncementSend,
  type Endpoint,
} from '@pipwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { i18n } from '@/test/english';
import AnnouncementPage from './announcement-page';
import { AnnouncementSends, SENDS_POLL_MS, sendPercent } from './announcement-sends';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Props {
  children?: ReactNode;
  [prop: string]: unknown;
}

// The shared stub, with what the announcement page adds: a card's title, a progress bar
// (its percent and status), a table's empty text, and a form whose fields show nothing
// (the editor is not tested here).
vi.mock('antd', async () => {
  const { antdStub } = await import('@/test/antd-stub');
  const Form = Object.assign(({ children }: Props) => <form>{children}</form>, {
    useForm: () => [{}],
    Item: ({ children }: Props) => <>{children}</>,
  });
  return {
    ...antdStub,
    Card: ({ title, children, ...props }: Props) => (
      <section data-testid={props['data-testid'] as string | undefined}>
        <h2>{title as ReactNode}</h2>
        {children}
      </section>
    ),
    Table: (props: Props) =>
      (props.dataSource as unknown[]).length === 0 ? (
        <p data-testid="empty">{(props.locale as { emptyText: string }).emptyText}</p>
      ) : (
        antdStub.Table(props)
      ),
    Progress: ({ percent, status }: Props) => (
      <div role="progressbar" aria-valuenow={percent as number} data-status={status as string} />
    ),
    Typography: { ...antdStub.Typography, Paragraph: ({ children }: Props) => <p>{children}</p> },
    Row: ({ children }: Props) => <div>{children}</div>,
    Col: ({ children }: Props) => <div>{children}</div>,
    Menu: () => null,
    Skeleton: () => null,
    Form,
    Input: Object.assign(() => <input />, antdStub.Input),
  };
});
vi.mock('@/components/html-editor', () => ({ HtmlEditor: () => null }));
vi.mock('@/lib/api', async (original) => ({ ...(await original<object>()), request: vi.fn() }));

const send = (id: number, o: Partial<AdminAnnouncementSend> = {}): AdminAnnouncementSend => ({
  id,
  created_at: 1_760_000_000_000 + id * 60_000,
  created_by: 5,
  created_by_email: 'content@ops.example',
  announcement_at: 1_759_990_000_000 + id,
  state: 'done',
  reached: 5_000,
  written: 4_870,
  total: 5_000,
  done_at: 1_760_000_030_000 + id * 60_000,
  ...o,
});

const sending = send(3, { state: 'sending', reached: 1_234, written: 1_200, done_at: null });
const queued = send(4, {
  state: 'queued',
  reached: 0,
  written: 0,
  done_at: null,
  created_by: null,
  created_by_email: null,
});
/** Traders signed up during it: it reached more than it counted when sent. */
const done = send(2, { reached: 5_010, written: 4_880 });
/** Sent before the total was kept. */
const older = send(1, { total: null, reached: 4_100, written: 4_100 });

const sent = vi.mocked(request);
/** What the sends list answers, call after call. */
let pages: AdminAnnouncementSend[][];
const listReads = () =>
  sent.mock.calls.filter(([endpoint]) => endpoint === adminAnnouncementBroadcastsEndpoint);

let root: Root;
let host: HTMLElement;

const settle = async () => {
  for (let turn = 0; turn < 5; turn++)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

async function show(node: ReactNode) {
  act(() =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          {node}
        </QueryClientProvider>
      </I18nextProvider>,
    ),
  );
  await settle();
}

const rows = () => [...host.querySelectorAll('[data-testid="announcement-sends"] tbody tr')];
const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent);
const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const bar = (id: number) =>
  byTestId(`announcement-send-reached-${id}`)!.querySelector('[role="progressbar"]');

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  sent.mockReset();
  pages = [[queued, sending, done, older]];
  let read = 0;
  sent.mockImplementation((endpoint: Endpoint) => {
    if (endpoint === adminAnnouncementBroadcastsEndpoint) {
      const data = pages[Math.min(read++, pages.length - 1)]!;
      return Promise.resolve({ data, total: data.length });
    }
    if (endpoint === adminAnnouncementsEndpoint)
      return Promise.resolve([
        {
          lang: 'en',
          title: 'Service notice',
          content: '<p>Closed on Friday.</p>',
          is_sample: false,
          updated_by: 5,
          updated_at: 1_760_100_000_000,
        },
      ]);
    if (endpoint === adminBroadcastAnnouncementEndpoint)
      return Promise.resolve({ id: 5, announcement_at: 1_760_100_000_000, created_at: 1_760_100_001_000 });
    return Promise.reject(new Error(`unexpected ${endpoint.path}`));
  });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.useRealTimers();
});

describe('the sends of the announcement', () => {
  it('lists each send newest first: when, who, the version, its state and how far it went', async () => {
    await show(<AnnouncementSends />);
    expect(listReads().map(([, input]) => input)).toEqual([{ page: 1 }]);
    expect(byTestId('announcement-sends')!.querySelector('h2')!.textContent).toBe('Sends');
    expect([...host.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Sent',
      'Sent by',
      'Version (last saved)',
      'Status',
      'Traders reached',
      'Notifications delivered',
      'Finished',
    ]);
    expect(rows().map(cells)).toEqual([
      [
        formatTime(queued.created_at),
        '—',
        formatTime(queued.announcement_at),
        'Queued',
        '0 / 5,000',
        '0',
        '—',
      ],
      [
        formatTime(sending.created_at),
        'content@ops.example',
        formatTime(sending.announcement_at),
        'Sending',
        '1,234 / 5,000',
        '1,200',
        '—',
      ],
      [
        formatTime(done.created_at),
        'content@ops.example',
        formatTime(done.announcement_at),
        'Done',
        '5,010 / 5,000',
        '4,880',
        formatTime(done.done_at),
      ],
      [
        formatTime(older.created_at),
        'content@ops.example',
        formatTime(older.announcement_at),
        'Done',
        '4,100',
        '4,100',
        formatTime(older.done_at),
      ],
    ]);
    const state = (id: number) => byTestId(`announcement-send-state-${id}`)!.querySelector('[data-color]')!;
    expect([3, 4, 2].map((id) => state(id).getAttribute('data-color'))).toEqual([
      'processing',
      'default',
      'success',
    ]);
  });

  it('shows a bar while a send runs, full once done, and none for a send without a total', async () => {
    await show(<AnnouncementSends />);
    const progress = (id: number) => [
      bar(id)!.getAttribute('aria-valuenow'),
      bar(id)!.getAttribute('data-status'),
    ];
    expect(progress(4)).toEqual(['0', 'active']);
    expect(progress(3)).toEqual(['24', 'active']);
    expect(progress(2)).toEqual(['100', 'success']);
    expect(bar(1)).toBeNull();
  });

  it('never shows a running send as complete, even past its total', () => {
    expect(sendPercent(send(9, { state: 'sending', reached: 5_004, total: 5_000, done_at: null }))).toBe(99);
    expect(sendPercent(send(9, { state: 'sending', reached: 0, total: 0, done_at: null }))).toBe(0);
    expect(sendPercent(send(9, { state: 'done', reached: 0, total: 0 }))).toBe(100);
  });

  it('says so when nothing was sent yet', async () => {
    pages = [[]];
    await show(<AnnouncementSends />);
    expect(rows()).toEqual([]);
    expect(byTestId('empty')!.textContent).toBe('The announcement has not been sent yet.');
  });

  it('reads the list again every 2 s while a send is queued or sending, and stops once all are done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pages = [
      [queued, done],
      [{ ...queued, state: 'sending', reached: 2_500, written: 2_400 }, done],
      [{ ...queued, state: 'done', reached: 5_000, written: 4_870, done_at: 1_760_000_400_000 }, done],
    ];
    await show(<AnnouncementSends />);
    expect(listReads()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(SENDS_POLL_MS));
    await settle();
    expect(listReads()).toHaveLength(2);
    expect(cells(rows()[0]!)[3]).toBe('Sending');
    expect(cells(rows()[0]!)[4]).toBe('2,500 / 5,000');
    await act(() => vi.advanceTimersByTimeAsync(SENDS_POLL_MS));
    await settle();
    expect(listReads()).toHaveLength(3);
    expect(cells(rows()[0]!)[3]).toBe('Done');
    // All done: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(SENDS_POLL_MS * 5));
    await settle();
    expect(listReads()).toHaveLength(3);
  });

  it('does not poll when every send is done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pages = [[done, older]];
    await show(<AnnouncementSends />);
    await act(() => vi.advanceTimersByTimeAsync(SENDS_POLL_MS * 5));
    await settle();
    expect(listReads()).toHaveLength(1);
  });
});

describe('the announcement page', () => {
  it('shows the sends under the send button, and reads them again right after a send', async () => {
    pages = [[done], [{ ...queued, id: 5 }, done]];
    await show(<AnnouncementPage />);
    const button = byTestId('announcement-send')!;
    expect(button.textContent).toBe("Send to traders' inbox");
    // The button comes first, then the list of sends.
    const list = byTestId('announcement-sends')!;
    expect(button.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(listReads()).toHaveLength(1);

    const confirm = host.querySelector(`[data-question="Send to traders' inbox"]`)!
      .lastElementChild as HTMLElement;
    act(() => confirm.click());
    await settle();
    expect(sent.mock.calls.filter(([endpoint]) => endpoint === adminBroadcastAnnouncementEndpoint)).toEqual([
      [adminBroadcastAnnouncementEndpoint, { updated_at: 1_760_100_000_000 }, expect.anything()],
    ]);
    expect(listReads()).toHaveLength(2);
    expect(rows().map((r) => cells(r)[3])).toEqual(['Queued', 'Done']);
  });
});
