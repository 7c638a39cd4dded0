import type { AdminTradeSession } from '@pipwise/shared';
import { Card, Grid, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Fact } from '@/components/facts';
import { formatNumber } from '@/lib/format';
import { TRADE_COLOR } from './feed-labels';
import { SessionFacts, sessionFacts, SessionTitle } from './session-facts';

function tradeFacts(t: TFunction, trade: AdminTradeSession, now: number): Fact[] {
  return sessionFacts(t, trade, now, {
    counters: [
      { key: 'reports', label: t('admin_feeds.trade.reports'), value: formatNumber(trade.reports, 0) },
      {
        key: 'garbled',
        label: t('admin_feeds.trade.garbled'),
        value:
          trade.garbled > 0 ? (
            <Typography.Text type="danger">{formatNumber(trade.garbled, 0)}</Typography.Text>
          ) : (
            formatNumber(trade.garbled, 0)
          ),
      },
      { key: 'waiting', label: t('admin_feeds.trade.waiting'), value: formatNumber(trade.waiting, 0) },
    ],
  });
}

/**
 * The trading session A-book orders go over (docs/execution.md): its state and counters like
 * a market-data source's, or one line saying there is none.
 */
export function TradeCard({ trade, now }: { trade: AdminTradeSession | null; now: number }) {
  const { t } = useTranslation();
  const narrow = Grid.useBreakpoint().md === false;
  if (!trade)
    return (
      <Card size="small" data-testid="feed-trade-none">
        <Typography.Text type="secondary">{t('admin_feeds.trade.none')}</Typography.Text>
      </Card>
    );
  return (
    <Card
      size={narrow ? 'small' : 'medium'}
      data-testid="feed-trade"
      title={
        <SessionTitle t={t} session={trade}>
          <Tag color={TRADE_COLOR}>{t('admin_feeds.trade.tag')}</Tag>
        </SessionTitle>
      }
    >
      <SessionFacts facts={tradeFacts(t, trade, now)} narrow={narrow} />
    </Card>
  );
}
