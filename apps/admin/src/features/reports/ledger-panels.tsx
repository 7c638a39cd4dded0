import {
  adminReportFundsEndpoint,
  adminReportPnlEndpoint,
  adminReportRevenueEndpoint,
  type FundsRow,
} from '@pipwise/shared';
import { Table, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useApiQuery } from '@/lib/query';
import type { Drill } from './entries-drawer';
import { pivot, type Pivoted } from './pivot';
import type { ReportQuery } from './range-controls';
import { chartUsd, formatMicros } from './report-money';

/** The panels over the house's entries: P&L by instrument, revenue per day, funds by channel. */
export interface PanelProps {
  query: ReportQuery;
  onDrill: (drill: Drill) => void;
}

/** The round figure (1, 2 or 5 × a power of ten) at or beyond |x|, with x's sign. */
function roundOut(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return 0;
  const power = 10 ** Math.floor(Math.log10(Math.abs(x)));
  const step = [1, 2, 5, 10].find((m) => m * power >= Math.abs(x))! * power;
  return Math.sign(x) * step;
}

/**
 * The value axis: from zero (a single negative figure is not drawn as a sliver near its own
 * value) to a round figure, so the ticks read as round numbers too.
 */
export const WITH_ZERO: [(min: number) => number, (max: number) => number] = [
  (min) => Math.min(0, roundOut(min)),
  (max) => Math.max(0, roundOut(max)),
];

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

function PivotChart({ rows, accounts, t }: { rows: Pivoted[]; accounts: string[]; t: TFunction }) {
  const data = rows.map((r) => ({
    key: r.key,
    ...Object.fromEntries(accounts.map((a) => [a, chartUsd(r.amounts[a] ?? 0)])),
  }));
  return (
    <div style={{ width: '100%', height: 280 }} dir="ltr">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="key" fontSize={12} />
          <YAxis fontSize={12} width={64} domain={WITH_ZERO} />
          <Tooltip formatter={(value) => `$${String(value)}`} />
          <Legend />
          {accounts.map((a, i) => (
            <Bar key={a} dataKey={a} name={accountLabel(t, a)} stackId="s" fill={COLORS[i % COLORS.length]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
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

export function PnlPanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportPnlEndpoint, query);
  const ids = new Map((data?.rows ?? []).map((r) => [r.code, r.instrument_id]));
  const { accounts, rows } = pivot(data?.rows ?? [], (r) => r.code);
  return (
    <>
      <PivotChart rows={rows} accounts={accounts} t={t} />
      <Table<Pivoted>
        rowKey="key"
        size="middle"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={pivotColumns(t, accounts, t('admin_reports.col.instrument'), (row, account) =>
          onDrill({
            ...query,
            account,
            instrument_id: ids.get(row.key)!,
            title: `${row.key} · ${accountLabel(t, account)}`,
          }),
        )}
      />
    </>
  );
}

export function RevenuePanel({ query, onDrill }: PanelProps) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminReportRevenueEndpoint, query);
  const { accounts, rows } = pivot(data?.rows ?? [], (r) => r.day);
  return (
    <>
      <PivotChart rows={rows} accounts={accounts} t={t} />
      <Table<Pivoted>
        rowKey="key"
        size="middle"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin_reports.no_entries') }}
        columns={pivotColumns(t, accounts, t('admin_reports.col.day'), (row, account) =>
          onDrill({
            ...query,
            from: row.key,
            to: row.key,
            account,
            title: `${row.key} · ${accountLabel(t, account)}`,
          }),
        )}
      />
    </>
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
    <>
      <div style={{ width: '100%', height: 280 }} dir="ltr">
        <ResponsiveContainer>
          <BarChart data={chart} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" fontSize={11} />
            <YAxis fontSize={12} width={64} domain={WITH_ZERO} />
            <Tooltip formatter={(value) => `$${String(value)}`} />
            <Legend />
            <Bar dataKey="deposit" name={t('admin_reports.direction.deposit')} fill="#52c41a" stackId="s" />
            <Bar
              dataKey="withdrawal"
              name={t('admin_reports.direction.withdrawal')}
              fill="#fa541c"
              stackId="s"
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table<FundsRow>
        rowKey="account"
        size="middle"
        loading={isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
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
        ]}
      />
    </>
  );
}
