import {
  FEED_SOURCE_ROLES,
  type AdminFeedStatus,
  type AdminFeedSwitch,
  type FeedSourceRole,
} from '@pipwise/shared';
import { Card, Empty, Flex, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { ROLE_COLOR } from './feed-labels';

function roleTag(t: TFunction, role: FeedSourceRole) {
  return <Tag color={ROLE_COLOR[role]}>{t(`admin_feeds.role.${role}`)}</Tag>;
}

/**
 * Which source prices each instrument now and the switches between sources, newest first
 * (the failover keeps the last 200), with each instrument's count since start.
 */
export function SwitchesCard({ status }: { status: AdminFeedStatus }) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const columns: TableColumnsType<AdminFeedSwitch> = [
    {
      title: t('admin_feeds.switch.at'),
      dataIndex: 'at',
      width: 200,
      render: (at: number) => formatTime(at),
    },
    {
      title: t('admin_feeds.col.instrument'),
      dataIndex: 'code',
      render: (code: string) => <Typography.Text strong>{code}</Typography.Text>,
    },
    {
      title: t('admin_feeds.switch.change'),
      key: 'change',
      render: (_, s) => (
        <Flex gap={4} align="center" wrap>
          {roleTag(t, s.from)}
          <span aria-hidden>→</span>
          {roleTag(t, s.to)}
        </Flex>
      ),
    },
    {
      title: t('admin_feeds.switch.reason'),
      dataIndex: 'reason',
      render: (reason: AdminFeedSwitch['reason']) => t(`admin_feeds.switch_reason.${reason}`),
    },
    {
      title: t('admin_feeds.switch.total'),
      key: 'total',
      align: 'end',
      render: (_, s) => status.switch_counts[s.code] ?? 0,
    },
  ];
  // With one source every price comes from it: the split is worth showing once there are two.
  const byRole = FEED_SOURCE_ROLES.map((role) => ({
    role,
    codes: Object.entries(status.active)
      .filter(([, r]) => r === role)
      .map(([code]) => code)
      .sort(),
  }));
  return (
    <Card
      size={narrow ? 'small' : 'medium'}
      title={t('admin_feeds.switches_title')}
      data-testid="feed-switches"
    >
      <Flex vertical gap={16}>
        {status.sources.length > 1 ? (
          <Flex vertical gap={8} data-testid="feed-active">
            <Typography.Text type="secondary">{t('admin_feeds.active_title')}</Typography.Text>
            {byRole.map(({ role, codes }) => (
              <Flex key={role} gap={6} wrap align="center">
                <Tag color={ROLE_COLOR[role]}>
                  {t(`admin_feeds.role.${role}`)}: {codes.length}
                </Tag>
                {/* The backup's instruments are the exception worth reading one by one. */}
                {role === 'backup'
                  ? codes.map((code) => (
                      <Typography.Text key={code} code>
                        {code}
                      </Typography.Text>
                    ))
                  : null}
              </Flex>
            ))}
          </Flex>
        ) : null}
        <Table<AdminFeedSwitch>
          rowKey={(s) => `${s.at}-${s.instrument_id}-${s.to}`}
          size="small"
          columns={columns}
          dataSource={status.switches}
          pagination={status.switches.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin_feeds.switches_empty')} />
            ),
          }}
        />
      </Flex>
    </Card>
  );
}
