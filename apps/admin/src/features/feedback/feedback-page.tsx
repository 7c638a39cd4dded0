import {
  adminFeedbackEndpoint,
  adminHandleFeedbackEndpoint,
  FEEDBACK_TOPICS,
  FeedbackStatus,
  LANG_INFO,
  normalizeLang,
  type FeedbackEntry,
} from '@pipwise/shared';
import { Button, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { PrivateImage } from '@/components/private-image';
import { UserIdFilter } from '@/components/review-queue';
import { CodeTag } from '@/components/status';
import { formatTime } from '@/lib/format';
import { codeOptions, FEEDBACK_STATUS } from '@/lib/labels';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  status?: number;
  topic?: number;
  user_id?: number;
}

/** The support queue: what traders wrote from /feedback, with their screenshot. */
export default function FeedbackPage() {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage } = useListFilters<Filters>({ status: FeedbackStatus.Open });
  const { data, isFetching } = useApiQuery(adminFeedbackEndpoint, { ...filters, page });
  const handle = useApiMutation(adminHandleFeedbackEndpoint, {
    invalidates: ['/api/admin/feedback/', '/api/admin/dashboard'],
  });
  const topicLabel = (v: number) => t(`content.feedback_topic_${v}` as 'content.feedback_topic_1');

  const columns: TableColumnsType<FeedbackEntry> = [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: t('admin_app.common.created'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    { title: t('admin_app.common.user'), dataIndex: 'contact' },
    {
      title: t('admin_app.feedback.topic'),
      dataIndex: 'topic',
      render: (v: number) => <Tag>{topicLabel(v)}</Tag>,
    },
    {
      title: t('admin_app.feedback.message'),
      dataIndex: 'message',
      render: (v: string) => (
        <Typography.Paragraph ellipsis={{ rows: 2, expandable: true }} style={{ margin: 0 }}>
          {v}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('admin_app.feedback.lang'),
      dataIndex: 'lang',
      render: (v: string) => LANG_INFO[normalizeLang(v)].nativeName,
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'status',
      render: (v: number) => <CodeTag of={FEEDBACK_STATUS} code={v} />,
    },
    {
      title: '',
      width: 140,
      render: (_, f) =>
        f.status === FeedbackStatus.Open ? (
          <Button
            size="small"
            type="primary"
            loading={handle.isPending && handle.variables?.id === f.id}
            onClick={() => handle.mutate({ id: f.id })}
          >
            {t('admin_app.feedback.mark_handled')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{formatTime(f.handled_at)}</Typography.Text>
        ),
    },
  ];

  return (
    <Page title={t('admin_app.menu.feedback')} description={t('admin_app.feedback.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            aria-label={t('admin_app.common.status')}
            value={filters.status}
            onChange={(v?: number) => setFilter('status', v)}
            options={codeOptions(t, FEEDBACK_STATUS)}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.feedback.topic')}
            aria-label={t('admin_app.feedback.topic')}
            value={filters.topic}
            onChange={(v?: number) => setFilter('topic', v)}
            options={FEEDBACK_TOPICS.map((v) => ({ value: v, label: topicLabel(v) }))}
            style={{ width: 220 }}
          />
          <UserIdFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        </Flex>
        <Table<FeedbackEntry>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          expandable={{
            rowExpandable: (f) => !!f.screenshot,
            expandedRowRender: (f) => (
              <PrivateImage
                path={f.screenshot}
                alt={t('admin_app.feedback.screenshot')}
                width={360}
                height={240}
              />
            ),
          }}
          scroll={{ x: 1100 }}
        />
      </Card>
    </Page>
  );
}
