import { Table, type TableProps } from 'antd';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useScrollRegions } from '@/lib/scroll-regions';

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

/** One series of a report's bar chart. */
export interface ChartBar {
  dataKey: string;
  name: string;
  fill: string;
  /** Stacked on the other stacked bars (a category's parts) instead of beside them. */
  stacked?: boolean;
}

export interface ReportChart {
  data: object[];
  /** The field each bar group is labelled by. */
  xKey: string;
  /** 11 for long labels (names of accounts and channels). */
  xFontSize?: number;
  bars: readonly ChartBar[];
  /** USD (float heights from `chartUsd`: a "$" tooltip, an axis from zero) or whole counts. */
  values: 'usd' | 'count';
  legend?: boolean;
}

/**
 * A report as every panel shows it (docs/reports.md): a bar chart, always left to right, over
 * the report's table. The table is `middle`, unpaged and scrolls sideways unless the panel
 * says otherwise; `header` goes above the chart (the trial balance's check).
 */
export function ReportPanel<Row extends object>({
  header,
  chart,
  table,
}: {
  header?: ReactNode;
  chart: ReportChart;
  table: TableProps<Row>;
}) {
  const usd = chart.values === 'usd';
  const { t } = useTranslation();
  const tableBox = useRef<HTMLDivElement>(null);
  useScrollRegions(tableBox, t('admin_reports.menu'));
  return (
    <>
      {header}
      <div style={{ width: '100%', height: 280 }} dir="ltr">
        <ResponsiveContainer>
          <BarChart data={chart.data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey={chart.xKey} fontSize={chart.xFontSize ?? 12} />
            {usd ? (
              <YAxis fontSize={12} width={64} domain={WITH_ZERO} />
            ) : (
              <YAxis allowDecimals={false} fontSize={12} width={40} />
            )}
            {usd ? <Tooltip formatter={(value) => `$${String(value)}`} /> : <Tooltip />}
            {chart.legend === false ? null : <Legend />}
            {chart.bars.map((bar) => (
              <Bar
                key={bar.dataKey}
                dataKey={bar.dataKey}
                name={bar.name}
                fill={bar.fill}
                stackId={bar.stacked ? 's' : undefined}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div ref={tableBox}>
        <Table<Row> size="middle" pagination={false} scroll={{ x: 'max-content' }} {...table} />
      </div>
    </>
  );
}
