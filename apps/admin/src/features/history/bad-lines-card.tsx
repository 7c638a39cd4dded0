import type { HistoryBadLine, HistoryRefusal } from '@pipwise/shared';
import { Alert, Card, Flex, Grid, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUiLocale } from '@/lib/i18n';
import { formatNumber } from '@/lib/format';
import { badLineText } from './bad-line-text';

/** A refused file: nothing was written; every bad line kept by the server, with its reason. */
export function BadLinesCard({ message, refusal }: { message: string; refusal: HistoryRefusal }) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  const isolate = useUiLocale().direction === 'rtl';
  const columns: TableColumnsType<HistoryBadLine> = [
    {
      title: t('history_import.col_line'),
      dataIndex: 'line',
      width: 72,
      align: 'end',
      render: (line: number) => formatNumber(line, 0),
    },
    {
      title: t('history_import.col_reason'),
      key: 'reason',
      // Long values (an ISO time, a quoted field) break anywhere rather than widen the table.
      render: (_, bad) => (
        <span data-testid={`bad-line-${bad.line}`} style={{ overflowWrap: 'anywhere' }}>
          {badLineText(t, bad, { isolate })}
        </span>
      ),
    },
  ];
  const cut = refusal.bad_count > refusal.bad.length;
  return (
    <Card
      size={narrow ? 'small' : 'medium'}
      title={t('history_import.bad_title')}
      data-testid="history-refused"
    >
      <Flex vertical gap={12}>
        <Alert type="error" showIcon title={message} />
        {cut ? (
          <Typography.Text type="secondary">
            {t('history_import.bad_shown', {
              shown: formatNumber(refusal.bad.length, 0),
              total: formatNumber(refusal.bad_count, 0),
            })}
          </Typography.Text>
        ) : null}
        <Table<HistoryBadLine>
          rowKey={(bad) => `${bad.line}-${bad.code}`}
          size="small"
          columns={columns}
          dataSource={refusal.bad}
          pagination={refusal.bad.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          // No sideways scroll: a reason wraps, so a phone reads it whole.
          tableLayout="fixed"
        />
      </Flex>
    </Card>
  );
}
