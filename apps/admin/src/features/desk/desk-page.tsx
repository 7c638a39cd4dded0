import { Badge, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { operatorTimeZone } from '@/lib/time-zone';
import { AccountList } from './account-list';
import { DeskSummary, RealizedBreakdown } from './desk-summary';
import { ExposureChart } from './exposure-chart';
import { ExposureTable } from './exposure-table';
import { FillsChart } from './fills-chart';
import { ProviderAlert } from './provider-alert';
import { useDeskFeed, type DeskLink } from './use-desk-feed';

const BADGE: Record<DeskLink, 'success' | 'processing' | 'error'> = {
  live: 'success',
  connecting: 'processing',
  offline: 'error',
};

/**
 * The dealing desk (docs/dealing-desk.md): the house's exposure on real accounts, its P&L
 * open and realised today, the accounts to watch and the fills of the last hour, pushed live
 * by the operator socket every couple of seconds.
 */
export default function DeskPage() {
  const { t } = useTranslation();
  const timeZone = operatorTimeZone();
  const { snapshot, link, isLoading } = useDeskFeed(timeZone);

  return (
    <Page
      title={t('admin_desk.menu')}
      description={t('admin_desk.intro')}
      extra={
        <span data-testid="desk-link" data-link={link}>
          <Badge status={BADGE[link]} text={t(`admin_desk.link_${link}`)} />
          {snapshot ? (
            <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
              {t('admin_desk.updated', { time: formatTime(snapshot.at) })}
            </Typography.Text>
          ) : null}
        </span>
      }
    >
      <ProviderAlert snapshot={snapshot} />
      <DeskSummary snapshot={snapshot} loading={isLoading} />
      <Card title={t('admin_desk.realized_split')} size="small">
        <RealizedBreakdown snapshot={snapshot} />
      </Card>
      <Card title={t('admin_desk.exposure')} size="small" data-testid="desk-exposure">
        <ExposureChart rows={snapshot?.exposure ?? []} />
        <ExposureTable rows={snapshot?.exposure ?? []} loading={isLoading} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('admin_desk.exposure_note')}
        </Typography.Text>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={12}>
          <AccountList kind="nearest_stop_out" snapshot={snapshot} loading={isLoading} />
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('admin_desk.fills')} size="small">
            <FillsChart fills={snapshot?.fills ?? []} timeZone={timeZone} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <AccountList kind="top_profit" snapshot={snapshot} loading={isLoading} />
        </Col>
        <Col xs={24} xl={12}>
          <AccountList kind="top_exposure" snapshot={snapshot} loading={isLoading} />
        </Col>
      </Row>
    </Page>
  );
}
