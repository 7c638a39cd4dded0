import { PERIODS, type HistoryImportResult } from '@pipwise/shared';
import { Card, Descriptions, Flex, Grid, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTime } from '@/lib/format';

/** An instant in UTC, the zone candles are kept in and Dukascopy files are written in. */
const formatUtc = (ms: number) => formatTime(ms, 'UTC');

/** What an import read and wrote: the range, the prices taken and the candles per period. */
export function ImportResultCard({ result, fileName }: { result: HistoryImportResult; fileName: string }) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const n = (value: number) => formatNumber(value, 0);
  return (
    <Card
      size={narrow ? 'small' : 'medium'}
      title={t('history_import.result_title')}
      data-testid="history-result"
    >
      {/* On a phone each fact is its label above its value: a label column leaves no room. */}
      <Descriptions
        bordered={!narrow}
        layout={narrow ? 'vertical' : 'horizontal'}
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'instrument', label: t('history_import.instrument'), children: result.instrument },
          {
            key: 'format',
            label: t('history_import.format'),
            children: t(`history_import.format_name.${result.format}`),
          },
          {
            key: 'file',
            label: t('history_import.file'),
            children: <bdi>{fileName}</bdi>,
            span: { xs: 1, md: 2 },
          },
          {
            key: 'range',
            label: t('history_import.range'),
            children: t('history_import.range_value', {
              from: formatUtc(result.from),
              to: formatUtc(result.to),
            }),
            span: { xs: 1, md: 2 },
          },
          { key: 'lines', label: t('history_import.lines'), children: n(result.lines) },
          { key: 'rows', label: t('history_import.rows'), children: n(result.rows) },
          ...(result.skipped > 0
            ? [{ key: 'skipped', label: t('history_import.skipped'), children: n(result.skipped) }]
            : []),
          {
            key: 'candles',
            label: t('history_import.candles'),
            children: <span data-testid="history-candles">{n(result.candles)}</span>,
          },
          { key: 'replaced', label: t('history_import.replaced'), children: n(result.replaced) },
          {
            key: 'periods',
            label: t('history_import.per_period'),
            span: { xs: 1, md: 2 },
            children: (
              <Flex gap={6} wrap>
                {PERIODS.map((p) => (
                  <Tag key={p}>
                    {t(`history_import.period.${p}`)}: {n(result.per_period[p] ?? 0)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
