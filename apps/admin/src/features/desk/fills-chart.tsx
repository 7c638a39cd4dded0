import type { DeskFills } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { fillPoints } from './desk-view';

/**
 * Positions opened and closed per minute over the last hour, in the operator's clock: one
 * stacked bar a minute, so even a single fill in the current minute shows. Time runs left to
 * right in every language, like the exposure chart's axis.
 */
export function FillsChart({
  fills,
  locale,
  timeZone,
}: {
  fills: readonly DeskFills[];
  locale: string;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <div dir="ltr" data-testid="desk-fills-chart">
      <BarChart
        responsive
        style={{ width: '100%', height: 220 }}
        data={fillPoints(fills, locale, timeZone)}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        barCategoryGap={1}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" minTickGap={24} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="opened" name={t('admin_desk.opened')} stackId="fills" fill="#1677ff" />
        <Bar dataKey="closed" name={t('admin_desk.closed')} stackId="fills" fill="#fa8c16" />
      </BarChart>
    </div>
  );
}
