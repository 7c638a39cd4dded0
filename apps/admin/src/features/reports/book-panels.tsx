import {
  adminReportTrialBalanceEndpoint,
  adminReportUsersEndpoint,
  type TrialBalanceRow,
  type UsersRow,
} from '@pipwise/shared';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@/lib/query';
import { accountLabel, type PanelProps } from './ledger-panels';
import { chartUsd, formatMicros } from './report-money';
import { ReportPanel } from './report-panel';

/** New and verified users per day: two series of counts. */
export function UsersPanel({ query }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportUsersEndpoint, query);
  const rows = data?.rows ?? [];
  return (
    <ReportPanel<UsersRow>
      chart={{
        data: rows,
        xKey: 'day',
        values: 'count',
        bars: [
          { dataKey: 'registered', name: t('admin_reports.col.registered'), fill: '#1677ff' },
          { dataKey: 'verified', name: t('admin_reports.col.verified'), fill: '#52c41a' },
        ],
      }}
      table={{
        rowKey: 'day',
        size: 'small',
        loading: isFetching,
        dataSource: rows,
        pagination: { pageSize: 31, showSizeChanger: false, hideOnSinglePage: true },
        scroll: undefined,
        columns: [
          { title: t('admin_reports.col.day'), dataIndex: 'day' },
          { title: t('admin_reports.col.registered'), dataIndex: 'registered', align: 'end' },
          { title: t('admin_reports.col.verified'), dataIndex: 'verified', align: 'end' },
        ],
      }}
    />
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
    <ReportPanel<TrialBalanceRow>
      header={
        data ? (
          <Alert
            type={data.balanced ? 'success' : 'error'}
            showIcon
            title={t(data.balanced ? 'admin_reports.balanced' : 'admin_reports.unbalanced')}
            data-testid="trial-balance-check"
          />
        ) : null
      }
      chart={{
        data: (data?.rows ?? []).map((r) => ({ name: name(r.account), closing: chartUsd(r.closing_micros) })),
        xKey: 'name',
        xFontSize: 11,
        values: 'usd',
        legend: false,
        bars: [{ dataKey: 'closing', name: t('admin_reports.col.closing'), fill: '#722ed1' }],
      }}
      table={{
        rowKey: 'account',
        loading: isFetching,
        dataSource: rows,
        columns: [
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
          ...(['opening', 'debit', 'credit', 'closing'] as const).map((column) => ({
            title: t(`admin_reports.col.${column}`),
            key: column,
            align: 'end' as const,
            render: money((r) => r[`${column}_micros`]),
          })),
          { title: t('admin_reports.col.entries'), dataIndex: 'entries', align: 'end' },
        ],
      }}
    />
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
