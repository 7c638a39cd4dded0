import {
  adminReportTrialBalanceEndpoint,
  adminReportUsersEndpoint,
  type TrialBalanceRow,
  type UsersRow,
} from '@pipwise/shared';
import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useApiQuery } from '@/lib/query';
import { accountLabel, WITH_ZERO, type PanelProps } from './ledger-panels';
import { chartUsd, formatMicros } from './report-money';

/** New and verified users per day: two series of counts. */
export function UsersPanel({ query }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportUsersEndpoint, query);
  const rows = data?.rows ?? [];
  return (
    <>
      <div style={{ width: '100%', height: 280 }} dir="ltr">
        <ResponsiveContainer>
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" fontSize={12} />
            <YAxis allowDecimals={false} fontSize={12} width={40} />
            <Tooltip />
            <Legend />
            <Bar dataKey="registered" name={t('admin_reports.col.registered')} fill="#1677ff" />
            <Bar dataKey="verified" name={t('admin_reports.col.verified')} fill="#52c41a" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table<UsersRow>
        rowKey="day"
        size="small"
        loading={isFetching}
        dataSource={rows}
        pagination={{ pageSize: 31, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: t('admin_reports.col.day'), dataIndex: 'day' },
          { title: t('admin_reports.col.registered'), dataIndex: 'registered', align: 'end' },
          { title: t('admin_reports.col.verified'), dataIndex: 'verified', align: 'end' },
        ]}
      />
    </>
  );
}

/** Every house account, the traders together, and the check row that must be all zeros. */
export function TrialBalancePanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportTrialBalanceEndpoint, query);
  const rows = data ? [...data.rows, data.traders, data.check] : [];
  const money = (pick: (r: TrialBalanceRow) => number) => (_: unknown, r: TrialBalanceRow) => (
    // Left to right in every language: a minus sign stays in front of the amount in Arabic.
    <bdi
      dir="ltr"
      style={{ fontVariantNumeric: 'tabular-nums', fontWeight: r.account === 'check' ? 600 : undefined }}
    >
      {formatMicros(pick(r))}
    </bdi>
  );
  const name = (account: string) =>
    account === 'traders' || account === 'check' ? t(`admin_reports.${account}`) : accountLabel(t, account);
  return (
    <>
      {data ? (
        <Alert
          type={data.balanced ? 'success' : 'error'}
          showIcon
          title={t(data.balanced ? 'admin_reports.balanced' : 'admin_reports.unbalanced')}
          data-testid="trial-balance-check"
        />
      ) : null}
      <div style={{ width: '100%', height: 280 }} dir="ltr">
        <ResponsiveContainer>
          <BarChart
            data={(data?.rows ?? []).map((r) => ({
              name: name(r.account),
              closing: chartUsd(r.closing_micros),
            }))}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={11} />
            <YAxis fontSize={12} width={64} domain={WITH_ZERO} />
            <Tooltip formatter={(value) => `$${String(value)}`} />
            <Bar dataKey="closing" name={t('admin_reports.col.closing')} fill="#722ed1" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table<TrialBalanceRow>
        rowKey="account"
        size="middle"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('admin_reports.col.account'),
            dataIndex: 'account',
            fixed: 'start',
            render: (account: string) =>
              account === 'traders' || account === 'check' ? (
                <Typography.Text strong>{name(account)}</Typography.Text>
              ) : (
                <Typography.Link
                  onClick={() => onDrill({ ...query, account, title: name(account) })}
                  data-testid={`account-${account}`}
                >
                  {name(account)}
                </Typography.Link>
              ),
          },
          {
            title: t('admin_reports.col.opening'),
            key: 'opening',
            align: 'end',
            render: money((r) => r.opening_micros),
          },
          {
            title: t('admin_reports.col.debit'),
            key: 'debit',
            align: 'end',
            render: money((r) => r.debit_micros),
          },
          {
            title: t('admin_reports.col.credit'),
            key: 'credit',
            align: 'end',
            render: money((r) => r.credit_micros),
          },
          {
            title: t('admin_reports.col.closing'),
            key: 'closing',
            align: 'end',
            render: money((r) => r.closing_micros),
          },
          { title: t('admin_reports.col.entries'), dataIndex: 'entries', align: 'end' },
        ]}
      />
    </>
  );
}

/** What every report leaves out, said once under it. */
export function BookPanelsNote() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
      {t('admin_reports.real_only')}
    </Typography.Paragraph>
  );
}
