import type { DeskExposure } from '@pipwise/shared';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber, formatUsd } from '@/lib/format';
import { exposureBars } from './desk-view';

const LONG = '#389e0d';
const SHORT = '#cf1322';

/**
 * Notional per instrument at a glance: the clients' long to the right of zero, their short
 * to the left, one row per instrument (the largest net first). The number line keeps that
 * direction in right-to-left languages too (the note under it says so). Recharts loads
 * with the desk's route only.
 */
export function ExposureChart({ rows }: { rows: readonly DeskExposure[] }) {
  const { t } = useTranslation();
  const bars = exposureBars(rows);
  if (bars.length === 0) return <Empty description={t('admin_desk.no_exposure')} />;
  return (
    <div dir="ltr" data-testid="desk-exposure-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: Math.max(160, 44 * bars.length + 60) }}
        data={bars}
        layout="vertical"
        stackOffset="sign"
        margin={{ top: 4, right: 28, bottom: 4, left: 8 }}
      >
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={(v: number) => formatNumber(v, 0)} />
        <YAxis type="category" dataKey="code" width={80} />
        <Tooltip formatter={(v) => formatUsd(Math.abs(Number(v)))} />
        <Legend />
        <ReferenceLine x={0} stroke="#8c8c8c" />
        <Bar dataKey="long" name={t('admin_desk.long')} stackId="side" fill={LONG} maxBarSize={22} />
        <Bar dataKey="short" name={t('admin_desk.short')} stackId="side" fill={SHORT} maxBarSize={22} />
      </BarChart>
    </div>
  );
}
