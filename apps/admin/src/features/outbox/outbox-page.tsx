import { adminOutboxEndpoint, type OutboxMessage } from '@pipwise/shared';
import { Card, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { OUTBOX_CHANNELS, OUTBOX_STATUSES, type OutboxChannel, type OutboxStatus } from '@/lib/codes';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';

const STATUS_COLOR: Record<OutboxStatus, string> = { sent: 'green', logged: 'blue', failed: 'red' };

interface Filters {
  channel?: OutboxChannel;
  status?: OutboxStatus;
  recipient?: string;
}

/** Every e-mail and SMS the system sent, or logged when no transport is configured. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage } = useListFilters<Filters>({});
  const { data, isFetching } = useApiQuery(adminOutboxEndpoint, {
    ...filters,
    recipient: filters.recipient || undefined,
    page,
  });

  const columns: TableColumnsType<OutboxMessage> = [
    {
      title: t('admin_app.common.time'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.outbox.channel'),
      dataIndex: 'channel',
      render: (v: OutboxChannel) => <Tag>{t(`admin_app.outbox.${v}`)}</Tag>,
      width: 100,
    },
    { title: t('admin_app.outbox.recipient'), dataIndex: 'recipient' },
    {
      title: t('admin_app.outbox.subject'),
      dataIndex: 'subject',
      render: (v: string, m) =>
        v || <Typography.Text type="secondary">{m.body.slice(0, 80)}</Typography.Text>,
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'status',
      render: (v: string, m) => (
        <Flex vertical>
          <Tag color={STATUS_COLOR[v as OutboxStatus] ?? 'default'}>
            {t(`admin_app.outbox.status_${v as OutboxStatus}`, { defaultValue: v })}
          </Tag>
          {m.error ? <Typography.Text type="danger">{m.error}</Typography.Text> : null}
        </Flex>
      ),
    },
  ];

  return (
    <Page title={t('admin_app.menu.outbox')} description={t('admin_app.outbox.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.outbox.channel')}
            aria-label={t('admin_app.outbox.channel')}
            value={filters.channel}
            onChange={(v?: OutboxChannel) => setFilter('channel', v)}
            options={OUTBOX_CHANNELS.map((c) => ({ value: c, label: t(`admin_app.outbox.${c}`) }))}
            style={{ width: 150 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            aria-label={t('admin_app.common.status')}
            value={filters.status}
            onChange={(v?: OutboxStatus) => setFilter('status', v)}
            options={OUTBOX_STATUSES.map((s) => ({
              value: s,
              label: t(`admin_app.outbox.status_${s}`),
            }))}
            style={{ width: 170 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.outbox.recipient_search')}
            aria-label={t('admin_app.outbox.recipient_search')}
            onSearch={(v) => setFilter('recipient', v.trim())}
            style={{ width: 320 }}
          />
        </Flex>
        <Table<OutboxMessage>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          expandable={{
            expandedRowRender: (m) => (
              <pre className="json-block" style={{ maxHeight: 400 }}>
                {m.body}
              </pre>
            ),
          }}
        />
      </Card>
    </Page>
  );
}
