import type { AdminFeedStatus } from '@pipwise/shared';
import { SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { sourceKey } from './feed-rates';
import { SourceCard } from './source-card';
import { FIX_SOURCES_ANCHOR, FixSourcesCard } from './sources-card';
import { SwitchesCard } from './switches-card';
import { TradeCard } from './trade-card';
import { useFeedStatus } from './use-feed-status';

const KIND_COLOR: Record<AdminFeedStatus['kind'], string> = {
  simulator: 'default',
  replay: 'cyan',
  fix: 'green',
};

/** Where prices come from when no provider session is there to show: the simulator or a replay. */
function NoSessions({ kind }: { kind: 'simulator' | 'replay' }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      data-testid={`feed-${kind}`}
      title={t(`admin_feeds.${kind}_title`)}
      description={t(`admin_feeds.${kind}_help`)}
    />
  );
}

/**
 * The running price feed (docs/market-data.md "Back office"): its kind; for FIX each
 * source's session, counters and instruments, and the switches between sources; the A-book
 * trading session. Read every 2 s while the page is open. Under it, the provider connections
 * the operator sets (sources-card.tsx).
 */
export default function FeedsPage() {
  const { t } = useTranslation();
  const { data, isLoading, rates } = useFeedStatus();

  return (
    <Page title={t('admin_feeds.menu')} description={t('admin_feeds.intro')}>
      {isLoading || !data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <>
          <Card size="small">
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">{t('admin_feeds.kind_label')}</Typography.Text>
                <Tag color={KIND_COLOR[data.kind]} data-testid="feed-kind">
                  {t(`admin_feeds.kind.${data.kind}`)}
                </Tag>
              </Flex>
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary" data-testid="feed-updated">
                  {t('admin_feeds.updated', { time: formatTime(data.now) })}
                </Typography.Text>
                {/* The connections are set at the foot of the page, under the sessions' tables. */}
                <Button
                  size="small"
                  icon={<SettingOutlined />}
                  onClick={() =>
                    document
                      .getElementById(FIX_SOURCES_ANCHOR)
                      ?.scrollIntoView({ behavior: 'smooth', block: 'start' })
                  }
                  data-testid="feed-to-sources"
                >
                  {t('admin_feeds.sources.title')}
                </Button>
              </Flex>
            </Flex>
          </Card>
          {data.kind === 'fix' ? (
            <>
              {data.sources.length === 0 ? (
                <Alert type="warning" showIcon title={t('admin_feeds.no_sources')} />
              ) : null}
              {data.sources.map((source) => (
                <SourceCard
                  key={sourceKey(source)}
                  source={source}
                  now={data.now}
                  rate={rates.get(sourceKey(source))}
                />
              ))}
              <SwitchesCard status={data} />
            </>
          ) : (
            <NoSessions kind={data.kind} />
          )}
          <TradeCard trade={data.trade} now={data.now} />
        </>
      )}
      <FixSourcesCard />
    </Page>
  );
}
