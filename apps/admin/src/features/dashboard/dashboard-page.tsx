import {
  adminDashboardEndpoint,
  adminDepositsEndpoint,
  adminFeedbackEndpoint,
  adminIdentitiesEndpoint,
  adminWithdrawalsEndpoint,
  type Endpoint,
  type Exposure,
} from '@pipwise/shared';
import { Card, Col, Row, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/page';
import { mayCall } from '@/lib/access';
import { formatTime, formatUsd } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { usdColumn } from '@/lib/table';

/** A figure that links to the screen where it is worked on, when the operator may open it. */
function Figure({
  title,
  value,
  to,
  endpoint,
  testId,
}: {
  title: ReactNode;
  value: ReactNode;
  to: string;
  endpoint: Endpoint;
  testId: string;
}) {
  const operator = useSession()?.operator;
  const body = <Statistic title={title} value={value as number} />;
  return (
    <Card data-testid={testId} hoverable={mayCall(operator, endpoint)}>
      {mayCall(operator, endpoint) ? <Link to={to}>{body}</Link> : body}
    </Card>
  );
}

/** Today's money, in and out (`admin_app.dashboard.today_<key>`): the USD and how many. */
const TODAY = ['deposits', 'withdrawals'] as const;

/**
 * What waits for an operator (`admin_app.dashboard.pending_<key>`), each figure linking to
 * the screen where it is worked on.
 */
const WAITING = [
  { key: 'deposits', to: '/deposits', endpoint: adminDepositsEndpoint },
  { key: 'withdrawals', to: '/withdrawals', endpoint: adminWithdrawalsEndpoint },
  { key: 'identities', to: '/identity', endpoint: adminIdentitiesEndpoint },
  { key: 'feedback', to: '/feedback', endpoint: adminFeedbackEndpoint },
] as const;

/** The business at a glance: people, what waits for an operator, exposure, today's money. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useApiQuery(adminDashboardEndpoint, {}, { refetchInterval: 15_000 });

  const columns: TableColumnsType<Exposure> = [
    { title: t('admin_app.dashboard.instrument'), dataIndex: 'code', fixed: 'start' },
    { title: t('admin_app.dashboard.positions'), dataIndex: 'positions', align: 'end' },
    { title: t('admin_app.dashboard.long_lots'), dataIndex: 'long_lots', align: 'end' },
    { title: t('admin_app.dashboard.short_lots'), dataIndex: 'short_lots', align: 'end' },
    {
      title: t('admin_app.dashboard.net_lots'),
      dataIndex: 'net_lots',
      align: 'end',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    usdColumn(t('admin_app.dashboard.long_usd'), 'long_usd'),
    usdColumn(t('admin_app.dashboard.short_usd'), 'short_usd'),
    {
      title: t('admin_app.dashboard.net_usd'),
      dataIndex: 'net_usd',
      align: 'end',
      render: (v: number, row) =>
        row.priced ? (
          <Typography.Text strong type={v < 0 ? 'danger' : undefined}>
            {formatUsd(v)}
          </Typography.Text>
        ) : (
          <Tag>{t('admin_app.dashboard.unpriced')}</Tag>
        ),
    },
  ];

  return (
    <Page title={t('admin_app.menu.dashboard')} description={t('admin_app.dashboard.intro')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card loading={isLoading} data-testid="dash-users">
            <Statistic title={t('admin_app.dashboard.users_total')} value={data?.users.total ?? 0} />
            <Typography.Text type="secondary">
              {t('admin_app.dashboard.users_split', {
                real: data?.users.real ?? 0,
                demo: data?.users.demo ?? 0,
              })}
            </Typography.Text>
          </Card>
        </Col>
        {TODAY.map((key) => (
          <Col xs={24} md={8} key={key}>
            <Card loading={isLoading} data-testid={`dash-today-${key}`}>
              <Statistic
                title={t(`admin_app.dashboard.today_${key}`)}
                value={formatUsd(data?.today[`${key}_usd`] ?? 0)}
              />
              <Typography.Text type="secondary">
                {t('admin_app.dashboard.count', { count: data?.today[key] ?? 0 })}
              </Typography.Text>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('admin_app.dashboard.waiting')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {WAITING.map(({ key, to, endpoint }) => (
          <Col xs={12} md={6} key={key}>
            <Figure
              title={t(`admin_app.dashboard.pending_${key}`)}
              value={data?.pending[key] ?? 0}
              to={to}
              endpoint={endpoint}
              testId={`dash-pending-${key}`}
            />
          </Col>
        ))}
      </Row>
      <Card
        title={t('admin_app.dashboard.exposure')}
        extra={
          <Typography.Text type="secondary">
            {data ? t('admin_app.dashboard.day_since', { time: formatTime(data.today.since) }) : null}
          </Typography.Text>
        }
      >
        <Table<Exposure>
          rowKey="instrument_id"
          size="middle"
          columns={columns}
          dataSource={data?.exposure ?? []}
          loading={isLoading}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('admin_app.dashboard.no_exposure') }}
          summary={(rows) =>
            rows.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={7}>
                  <Typography.Text strong>{t('admin_app.dashboard.total_net')}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="end">
                  <Typography.Text strong>
                    {formatUsd(rows.reduce((sum, r) => sum + (r.priced ? r.net_usd : 0), 0))}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('admin_app.dashboard.exposure_note')}
        </Typography.Text>
      </Card>
    </Page>
  );
}
