import {
  adminAnnouncementBroadcastsEndpoint,
  type AdminAnnouncementSend,
  type AnnouncementSendState,
} from '@pipwise/shared';
import { Card, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';

/** While a send is queued or sending, the list is read this often (the job runs every 2 s). */
export const SENDS_POLL_MS = 2_000;

const STATE_COLOR: Record<AnnouncementSendState, string> = {
  queued: 'default',
  sending: 'processing',
  done: 'success',
};

/** Whether any send shown is still to finish: then the list is polled. */
export function sendsInProgress(sends: readonly AdminAnnouncementSend[] | undefined): boolean {
  return (sends ?? []).some((s) => s.state !== 'done');
}

/**
 * How far a send went, in percent: 100 once done; while not done at most 99 (traders who
 * signed up during the send can take `reached` past the total counted when it was sent).
 */
export function sendPercent(send: AdminAnnouncementSend): number {
  if (send.state === 'done') return 100;
  if (!send.total) return 0;
  return Math.min(99, Math.floor((send.reached * 100) / send.total));
}

/** "1,234 / 5,000" in the operator's digits (only the count for a send without a total). */
export function reachedText(send: AdminAnnouncementSend): string {
  const reached = formatNumber(send.reached, 0);
  return send.total === null ? reached : `${reached} / ${formatNumber(send.total, 0)}`;
}

function sendColumns(t: TFunction): TableColumnsType<AdminAnnouncementSend> {
  return [
    {
      title: t('admin_app.announcement.sent_at'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.announcement.sent_by'),
      dataIndex: 'created_by_email',
      render: (v: string | null) => v ?? '—',
    },
    {
      title: t('admin_app.announcement.version'),
      dataIndex: 'announcement_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'state',
      render: (v: AnnouncementSendState, send) => (
        <span data-testid={`announcement-send-state-${send.id}`}>
          <Tag color={STATE_COLOR[v]}>{t(`admin_app.announcement.state_${v}`)}</Tag>
        </span>
      ),
      width: 120,
    },
    {
      title: t('admin_app.announcement.reached'),
      dataIndex: 'reached',
      render: (_: number, send) => (
        <div style={{ minWidth: 160 }} data-testid={`announcement-send-reached-${send.id}`}>
          <span dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {reachedText(send)}
          </span>
          {send.total === null && send.state === 'done' ? null : (
            <Progress
              aria-label={t('admin_app.announcement.reached')}
              percent={sendPercent(send)}
              size="small"
              status={send.state === 'done' ? 'success' : 'active'}
              showInfo={false}
            />
          )}
        </div>
      ),
    },
    {
      title: t('admin_app.announcement.written'),
      dataIndex: 'written',
      align: 'end',
      render: (v: number) => <span dir="ltr">{formatNumber(v, 0)}</span>,
      width: 140,
    },
    {
      title: t('admin_app.announcement.finished'),
      dataIndex: 'done_at',
      render: (v: number | null) => formatTime(v),
      width: 190,
    },
  ];
}

/**
 * The sends of the announcement under the send button (docs/notifications.md
 * "Announcements"): when and by whom, the version sent, and how far each went — read again
 * every 2 s while one is queued or sending, and right after a send (the button invalidates
 * this list).
 */
export function AnnouncementSends() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useApiQuery(
    adminAnnouncementBroadcastsEndpoint,
    { page },
    {
      refetchInterval: (query) => (sendsInProgress(query.state.data?.data) ? SENDS_POLL_MS : false),
      refetchIntervalInBackground: false,
    },
  );

  return (
    <Card title={t('admin_app.announcement.sends')} data-testid="announcement-sends">
      <Typography.Paragraph type="secondary">{t('admin_app.announcement.sends_hint')}</Typography.Paragraph>
      <Table<AdminAnnouncementSend>
        rowKey="id"
        size="small"
        columns={sendColumns(t)}
        dataSource={data?.data ?? []}
        loading={isFetching && !data}
        pagination={serverPagination(page, data?.total, setPage)}
        locale={{ emptyText: t('admin_app.announcement.sends_none') }}
        scroll={{ x: 1100 }}
      />
    </Card>
  );
}
