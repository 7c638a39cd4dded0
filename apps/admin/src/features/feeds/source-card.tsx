import type { AdminFeedInstrument, AdminFeedSource } from '@pipwise/shared';
import { Card, Flex, Grid, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Fact } from '@/components/facts';
import { formatNumber } from '@/lib/format';
import { dropReasonText, droppedCounts, formatAge, formatAgo, formatClock } from './feed-format';
import { INSTRUMENT_COLOR, ROLE_COLOR } from './feed-labels';
import type { SourceRate } from './feed-rates';
import { counter, Ltr, SessionFacts, sessionFacts, SessionTitle } from './session-facts';

function sourceFacts(
  t: TFunction,
  source: AdminFeedSource,
  now: number,
  rate: SourceRate | undefined,
): Fact[] {
  const drops = droppedCounts(source.dropped);
  return sessionFacts(t, source, now, {
    afterMessage: [
      {
        key: 'quote',
        label: t('admin_feeds.last_quote'),
        value: formatAgo(t, now, source.last_quote_at),
      },
    ],
    counters: [
      {
        key: 'messages',
        label: t('admin_feeds.messages'),
        value: counter(t, source.messages, rate?.messages),
      },
      { key: 'quotes', label: t('admin_feeds.quotes'), value: counter(t, source.quotes, rate?.quotes) },
      { key: 'rejects', label: t('admin_feeds.rejects'), value: formatNumber(source.rejects, 0) },
      {
        key: 'dropped',
        label: t('admin_feeds.dropped'),
        value:
          drops.length === 0 ? (
            t('admin_feeds.dropped_none')
          ) : (
            <Flex gap={4} wrap>
              {drops.map(([reason, n]) => (
                <Tag key={reason} color="orange" data-testid={`drop-${reason}`}>
                  {dropReasonText(t, reason)}: {formatNumber(n, 0)}
                </Tag>
              ))}
            </Flex>
          ),
      },
    ],
  });
}

function instrumentColumns(t: TFunction, now: number): TableColumnsType<AdminFeedInstrument> {
  const price = (v: string | null) => (v === null ? '—' : <Ltr>{v}</Ltr>);
  // Code, state and prices first: what a phone shows before the table scrolls.
  return [
    {
      title: t('admin_feeds.col.instrument'),
      dataIndex: 'code',
      fixed: 'start',
      width: 150,
      render: (code: string, i) => (
        <Flex vertical gap={2} align="start">
          <Flex gap={6} align="center" wrap>
            <Typography.Text strong>{code}</Typography.Text>
            <Tag
              color={INSTRUMENT_COLOR[i.state]}
              style={{ marginInlineEnd: 0 }}
              data-testid={`state-${code}`}
            >
              {t(`admin_feeds.state.${i.state}`)}
            </Tag>
          </Flex>
          <Typography.Text type="secondary">
            <Ltr>{i.symbol}</Ltr>
          </Typography.Text>
          {i.reason ? <Typography.Text type="danger">{i.reason}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: t('admin_feeds.col.bid'), dataIndex: 'bid', align: 'end', width: 110, render: price },
    { title: t('admin_feeds.col.ask'), dataIndex: 'ask', align: 'end', width: 110, render: price },
    {
      title: t('admin_feeds.col.age'),
      dataIndex: 'quote_age_ms',
      align: 'end',
      width: 110,
      render: (age: number | null) => formatAge(t, age),
    },
    {
      title: t('admin_feeds.col.provider_time'),
      dataIndex: 'provider_time',
      width: 170, // the time and its zone ("09:30:15.042 GMT+8") on one line
      render: (at: number | null) => <Ltr>{formatClock(now, at)}</Ltr>,
    },
    {
      title: t('admin_feeds.col.received'),
      dataIndex: 'received_at',
      width: 170, // the time and its zone ("09:30:15.042 GMT+8") on one line
      render: (at: number | null) => <Ltr>{formatClock(now, at)}</Ltr>,
    },
    {
      title: t('admin_feeds.col.dropped'),
      dataIndex: 'dropped',
      align: 'end',
      width: 100,
      render: (n: number) => formatNumber(n, 0),
    },
    {
      title: t('admin_feeds.col.in_use'),
      dataIndex: 'in_use',
      width: 130,
      render: (inUse: boolean) =>
        inUse ? <Tag color="green">{t('admin_feeds.in_use')}</Tag> : <Tag>{t('admin_feeds.standby')}</Tag>,
    },
  ];
}

/** One FIX source: its role, its session and counters, and every instrument it carries. */
export function SourceCard({
  source,
  now,
  rate,
}: {
  source: AdminFeedSource;
  now: number;
  rate: SourceRate | undefined;
}) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <Card
      size={narrow ? 'small' : 'medium'}
      data-testid={`feed-source-${source.role}`}
      title={
        <SessionTitle t={t} session={source}>
          <Tag color={ROLE_COLOR[source.role]} data-testid="source-role">
            {t(`admin_feeds.role.${source.role}`)}
          </Tag>
        </SessionTitle>
      }
    >
      <Flex vertical gap={16}>
        <SessionFacts facts={sourceFacts(t, source, now, rate)} narrow={narrow} />
        <Table<AdminFeedInstrument>
          rowKey="id"
          size="small"
          columns={instrumentColumns(t, now)}
          dataSource={source.instruments}
          pagination={false}
          scroll={{ x: 1050 }}
        />
      </Flex>
    </Card>
  );
}
