import { adminOutboxEndpoint, type OutboxMessage } from '@pipwise/shared';
import { Card, Flex, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';

type Channel = 'email' | 'sms';
type Status = 'sent' | 'logged' | 'failed';
const STATUS_COLOR: Record<string, string> = { sent: 'green', logged: 'blue', failed: 'red' };

/** Every e-mail and SMS the system sent, or logged when no transport is configured. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState<Channel | undefined>();
  const [status, setStatus] = useState<Status | undefined>();
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useApiQuery(adminOutboxEndpoint, {
    channel,
    status,
    recipient: recipient || undefined,
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
      render: (v: Channel) => <Tag>{t(`admin_app.outbox.${v}`)}</Tag>,
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
          <Tag color={STATUS_COLOR[v] ?? 'default'}>
            {t(`admin_app.outbox.status_${v as Status}`, { defaultValue: v })}
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
            value={channel}
            onChange={(v?: Channel) => {
              setChannel(v);
              setPage(1);
            }}
            options={[
              { value: 'email', label: t('admin_app.outbox.email') },
              { value: 'sms', label: t('admin_app.outbox.sms') },
            ]}
            style={{ width: 150 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            value={status}
            onChange={(v?: Status) => {
              setStatus(v);
              setPage(1);
            }}
            options={(['sent', 'logged', 'failed'] as const).map((s) => ({
              value: s,
              label: t(`admin_app.outbox.status_${s}`),
            }))}
            style={{ width: 170 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.outbox.recipient_search')}
            onSearch={(v) => {
              setRecipient(v.trim());
              setPage(1);
            }}
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
