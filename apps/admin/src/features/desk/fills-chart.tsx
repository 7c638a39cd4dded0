import type { DeskFills } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { zoneName } from '@/lib/format';
import { fillPoints, type FillPoint } from './desk-view';

/**
 * Positions opened and closed per minute over the last hour, in the operator's clock: one
 * stacked bar a minute, so even a single fill in the current minute shows. Time runs left to
 * right in every language, like the exposure chart's axis. The ticks stay "HH:MM" (the
 * page's "Updated" time names the same zone); a bar's tooltip names it too.
 */
export function FillsChart({ fills, timeZone }: { fills: readonly DeskFills[]; timeZone: string }) {
  const { t } = useTranslation();
  // The zone's name for the hour shown (its last minute's: a clock change is named as it applies).
  const last = fills.at(-1);
  const zone = last ? zoneName(last.minute, timeZone) : '';
  return (
    <div dir="ltr" data-testid="desk-fills-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: 220 }}
        data={fillPoints(fills, timeZone)}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        barCategoryGap={1}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={24} />
        <YAxis allowDecimals={false} />
        <Tooltip labelFormatter={(label) => `${label as FillPoint['label']} ${zone}`} />
        <Legend />
        <Bar dataKey="opened" name={t('admin_desk.opened')} stackId="fills" fill="#1677ff" />
        <Bar dataKey="closed" name={t('admin_desk.closed')} stackId="fills" fill="#fa8c16" />
      </BarChart>
    </div>
  );
}
