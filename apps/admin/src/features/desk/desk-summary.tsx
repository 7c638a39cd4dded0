import type { DeskSnapshot } from '@pipwise/shared';
import { Card, Col, Row, Statistic, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, formatUsd } from '@/lib/format';
import { fillTotals } from './desk-view';

function Figure({
  title,
  value,
  note,
  tone,
  testId,
  loading,
}: {
  title: ReactNode;
  value: string;
  note: ReactNode;
  tone?: 'success' | 'danger' | undefined;
  testId: string;
  loading: boolean;
}) {
  const color = tone === 'danger' ? '#cf1322' : tone === 'success' ? '#389e0d' : undefined;
  return (
    <Card loading={loading} data-testid={testId} size="small">
      <Statistic title={title} value={value} styles={{ content: color ? { color } : {} }} />
      <Typography.Text type="secondary">{note}</Typography.Text>
    </Card>
  );
}

const toneOf = (v: number) => (v < 0 ? 'danger' : v > 0 ? 'success' : undefined);

/** The desk's headline figures: the house's P&L open and realised today, net exposure, activity. */
export function DeskSummary({ snapshot, loading }: { snapshot: DeskSnapshot | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const house = snapshot?.totals.house_pnl_usd ?? 0;
  const realized = snapshot?.realized.total_usd ?? 0;
  const fills = fillTotals(snapshot?.fills ?? []);
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="desk-house-pnl"
          loading={loading}
          title={<Tooltip title={t('admin_desk.house_pnl_help')}>{t('admin_desk.house_pnl')}</Tooltip>}
          value={formatUsd(house)}
          tone={toneOf(house)}
          note={t('admin_desk.house_pnl_note')}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="desk-realized"
          loading={loading}
          title={t('admin_desk.realized_today')}
          value={formatUsd(realized)}
          tone={toneOf(realized)}
          note={
            snapshot
              ? t('admin_desk.realized_since', {
                  // In the zone the server counted "today" in (the one the desk subscribed with).
                  time: formatTime(snapshot.realized.since, snapshot.realized.time_zone),
                  zone: snapshot.realized.time_zone,
                })
              : null
          }
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="desk-net"
          loading={loading}
          title={t('admin_desk.net_exposure')}
          value={formatUsd(snapshot?.totals.net_usd ?? 0)}
          note={t('admin_desk.positions_accounts', {
            positions: snapshot?.totals.positions ?? 0,
            accounts: snapshot?.totals.accounts ?? 0,
          })}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Figure
          testId="desk-fills"
          loading={loading}
          title={t('admin_desk.fills_hour')}
          value={String(fills.opened + fills.closed)}
          note={t('admin_desk.fills_split', fills)}
        />
      </Col>
    </Row>
  );
}

/** How the realised P&L splits over the house accounts. */
export function RealizedBreakdown({ snapshot }: { snapshot: DeskSnapshot | undefined }) {
  const { t } = useTranslation();
  if (!snapshot) return null;
  return (
    <Row gutter={[12, 8]}>
      {snapshot.realized.accounts.map((a) => (
        <Col xs={12} md={6} key={a.account}>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {t(`admin_desk.house_account.${a.account}`)}
          </Typography.Text>
          <Typography.Text
            strong
            type={a.amount_usd < 0 ? 'danger' : undefined}
            data-testid={`desk-realized-${a.account}`}
          >
            {formatUsd(a.amount_usd)}
          </Typography.Text>
        </Col>
      ))}
    </Row>
  );
}
