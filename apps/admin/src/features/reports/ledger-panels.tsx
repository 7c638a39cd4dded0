import {
  adminReportFundsEndpoint,
  adminReportPnlEndpoint,
  adminReportRevenueEndpoint,
  type FundsRow,
} from '@pipwise/shared';
import { Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '@/lib/query';
import type { Drill } from './entries-drawer';
import { pivot, type Pivoted } from './pivot';
import type { ReportQuery } from './range-controls';
import { chartUsd, formatMicros } from './report-money';
import { ReportPanel, type ReportChart } from './report-panel';

/** The panels over the house's entries: P&L by instrument, revenue per day, funds by channel. */
export interface PanelProps {
  query: ReportQuery;
  onDrill: (drill: Drill) => void;
}

const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#faad14'];

/** A house account's name in words where there is one (a new account shows as it is named). */
export function accountLabel(t: TFunction, account: string): string {
  // In-transit accounts (`deposits:3:USDT`) are shown as named; a ':' would split an i18n key.
  if (!/^[a-z_]+$/.test(account)) return account;
  return t(`admin_reports.account.${account}`, { defaultValue: account });
}

/** A clickable amount: opens the entries that make it. */
function Amount({
  micros,
  onClick,
  testId,
}: {
  micros: number | undefined;
  onClick?: () => void;
  testId?: string;
}) {
  if (micros === undefined) return <span>—</span>;
  const text = formatMicros(micros);
  return onClick ? (
    <Typography.Link onClick={onClick} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
      <bdi dir="ltr">{text}</bdi>
    </Typography.Link>
  ) : (
    <bdi dir="ltr" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {text}
    </bdi>
  );
}

/** A pivoted report's chart: a stacked bar per row, a part per house account. */
function pivotChart(t: TFunction, rows: Pivoted[], accounts: string[]): ReportChart {
  return {
    data: rows.map((r) => ({
      key: r.key,
      ...Object.fromEntries(accounts.map((a) => [a, chartUsd(r.amounts[a] ?? 0)])),
    })),
    xKey: 'key',
    values: 'usd',
    bars: accounts.map((a, i) => ({
      dataKey: a,
      name: accountLabel(t, a),
      fill: COLORS[i % COLORS.length]!,
      stacked: true,
    })),
  };
}

function pivotColumns(
  t: TFunction,
  accounts: string[],
  keyTitle: string,
  drill: (row: Pivoted, account: string) => void,
): TableColumnsType<Pivoted> {
  return [
    { title: keyTitle, dataIndex: 'key', fixed: 'start' },
    ...accounts.map((a) => ({
      title: accountLabel(t, a),
      key: a,
      align: 'end' as const,
      render: (_: unknown, row: Pivoted) => (
        <Amount micros={row.amounts[a]} onClick={() => drill(row, a)} testId={`amount-${row.key}-${a}`} />
      ),
    })),
    {
      title: t('admin_reports.col.total'),
      key: 'total',
      align: 'end' as const,
      render: (_: unknown, row: Pivoted) => <Amount micros={row.total} />,
    },
  ];
}

/** A pivoted report: its stacked chart over its table, each amount opening its entries. */
function PivotPanel(props: {
  rows: Pivoted[];
  accounts: string[];
  loading: boolean;
  keyTitle: string;
  emptyText?: string;
  drill: (row: Pivoted, account: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ReportPanel<Pivoted>
      chart={pivotChart(t, props.rows, props.accounts)}
      table={{
        rowKey: 'key',
        loading: props.loading,
        dataSource: props.rows,
        locale: props.emptyText === undefined ? undefined : { emptyText: props.emptyText },
        columns: pivotColumns(t, props.accounts, props.keyTitle, props.drill),
      }}
    />
  );
}

export function PnlPanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportPnlEndpoint, query);
  const ids = new Map((data?.rows ?? []).map((r) => [r.code, r.instrument_id]));
  const { accounts, rows } = pivot(data?.rows ?? [], (r) => r.code);
  return (
    <PivotPanel
      rows={rows}
      accounts={accounts}
      loading={isFetching}
      keyTitle={t('admin_reports.col.instrument')}
      drill={(row, account) =>
        onDrill({
          ...query,
          account,
          instrument_id: ids.get(row.key)!,
          title: `${row.key} · ${accountLabel(t, account)}`,
        })
      }
    />
  );
}

export function RevenuePanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportRevenueEndpoint, query);
  const { accounts, rows } = pivot(data?.rows ?? [], (r) => r.day);
  return (
    <PivotPanel
      rows={rows}
      accounts={accounts}
      loading={isFetching}
      keyTitle={t('admin_reports.col.day')}
      emptyText={t('admin_reports.no_entries')}
      drill={(row, account) =>
        onDrill({
          ...query,
          from: row.key,
          to: row.key,
          account,
          title: `${row.key} · ${accountLabel(t, account)}`,
        })
      }
    />
  );
}

export function FundsPanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportFundsEndpoint, query);
  const rows = data?.rows ?? [];
  const label = (r: FundsRow) => `${r.name || r.account} (${r.currency || '—'})`;
  const chart = rows.map((r) => ({
    name: label(r),
    [r.direction]: chartUsd(r.direction === 'deposit' ? r.amount_micros : 0 - r.amount_micros),
  }));
  return (
    <ReportPanel<FundsRow>
      chart={{
        data: chart,
        xKey: 'name',
        xFontSize: 11,
        values: 'usd',
        bars: [
          { dataKey: 'deposit', name: t('admin_reports.direction.deposit'), fill: '#52c41a', stacked: true },
          {
            dataKey: 'withdrawal',
            name: t('admin_reports.direction.withdrawal'),
            fill: '#fa541c',
            stacked: true,
          },
        ],
      }}
      table={{
        rowKey: 'account',
        loading: isFetching,
        dataSource: rows,
        columns: [
          {
            title: t('admin_reports.col.direction'),
            dataIndex: 'direction',
            render: (d: FundsRow['direction']) => t(`admin_reports.direction.${d}`),
          },
          { title: t('admin_reports.col.channel'), key: 'name', render: (_, r) => r.name || r.account },
          { title: t('admin_reports.col.currency'), dataIndex: 'currency' },
          { title: t('admin_reports.col.entries'), dataIndex: 'entries', align: 'end' },
          {
            title: t('admin_reports.col.amount'),
            key: 'amount',
            align: 'end',
            render: (_, r) => (
              <Amount
                micros={r.amount_micros}
                onClick={() => onDrill({ ...query, account: r.account, title: label(r) })}
                testId={`amount-${r.account}`}
              />
            ),
          },
        ],
      }}
    />
  );
}
