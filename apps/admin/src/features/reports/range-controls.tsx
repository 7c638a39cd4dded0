import { REPORT_MAX_DAYS } from '@pipwise/shared';
import { DatePicker, Flex, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorTimeZone } from '@/lib/time-zone';

/** What every report is asked for: calendar days in the operator's time zone. */
export interface ReportQuery {
  from: string;
  to: string;
  tz: string;
}

const DAY = 'YYYY-MM-DD';

/** This month so far, in the operator's zone (the back office's zone for every time). */
export function defaultQuery(): ReportQuery {
  return {
    from: dayjs().startOf('month').format(DAY),
    to: dayjs().format(DAY),
    tz: operatorTimeZone(),
  };
}

function zones(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes('UTC') ? all : ['UTC', ...all];
}

interface Props {
  value: ReportQuery;
  onChange: (query: ReportQuery) => void;
  narrow: boolean;
}

/** The range (at most REPORT_MAX_DAYS days, the server checks it too) and the time zone. */
export function RangeControls({ value, onChange, narrow }: Props) {
  const { t } = useTranslation();
  const options = useMemo(() => zones().map((z) => ({ value: z, label: z })), []);
  const tooFar = (current: Dayjs, info: { from?: Dayjs }) =>
    info.from ? Math.abs(current.diff(info.from, 'day')) >= REPORT_MAX_DAYS : false;
  return (
    <Flex gap={12} wrap align="center">
      <DatePicker.RangePicker
        value={[dayjs(value.from), dayjs(value.to)]}
        allowClear={false}
        disabledDate={tooFar}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) onChange({ ...value, from: from.format(DAY), to: to.format(DAY) });
        }}
        style={{ width: narrow ? '100%' : 280 }}
        data-testid="report-range"
        aria-label={t('admin_reports.range')}
      />
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        value={value.tz}
        onChange={(tz: string) => onChange({ ...value, tz })}
        options={options}
        style={{ width: narrow ? '100%' : 320 }}
        data-testid="report-tz"
        aria-label={t('admin_reports.time_zone')}
        prefix={narrow ? undefined : t('admin_reports.time_zone')}
      />
    </Flex>
  );
}
