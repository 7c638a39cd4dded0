import type { DeskAccount, DeskSnapshot } from '@pipwise/shared';
import { Card, Table, Typography, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber, formatUsd } from '@/lib/format';
import { useScrollRegions } from '@/lib/scroll-regions';
import { marginLevelTone, traderPath } from './desk-view';

export type AccountListKind = 'nearest_stop_out' | 'top_profit' | 'top_exposure';

/** Figures stay on one line; a narrow screen scrolls the table instead. */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The figure a list is ordered by comes right after the account. */
const LEAD: Record<AccountListKind, 'margin_level' | 'floating_pnl' | 'notional_usd'> = {
  nearest_stop_out: 'margin_level',
  top_profit: 'floating_pnl',
  top_exposure: 'notional_usd',
};

/**
 * One of the desk's short lists of real accounts with open positions; each account links to
 * its trader page.
 */
export function AccountList({
  kind,
  snapshot,
  loading,
}: {
  kind: AccountListKind;
  snapshot: DeskSnapshot | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Empty, it has no link: on a phone, the keyboard reaches the sideways scroll by the box.
  useScrollRegions(box, t(`admin_desk.${kind}`));
  const levels = snapshot ?? { stop_out_level: 50, margin_call_level: 100 };
  const figure = {
    margin_level: {
      title: t('admin_desk.margin_level'),
      dataIndex: 'margin_level',
      align: 'end',
      render: (v: number | null) => {
        const tone = marginLevelTone(v, levels);
        return (
          <Typography.Text strong type={tone === 'normal' ? undefined : tone} style={NOWRAP}>
            {v === null ? '—' : `${formatNumber(v, 2)}%`}
          </Typography.Text>
        );
      },
    },
    floating_pnl: {
      title: t('admin_desk.floating'),
      dataIndex: 'floating_pnl',
      align: 'end',
      render: (v: number) => (
        <Typography.Text strong type={v < 0 ? 'danger' : undefined} style={NOWRAP}>
          {formatUsd(v)}
        </Typography.Text>
      ),
    },
    notional_usd: {
      title: t('admin_desk.notional'),
      dataIndex: 'notional_usd',
      align: 'end',
      render: (v: number) => (
        <Typography.Text strong style={NOWRAP}>
          {formatUsd(v)}
        </Typography.Text>
      ),
    },
  } satisfies Record<string, TableColumnsType<DeskAccount>[number]>;
  const lead = LEAD[kind];
  const columns: TableColumnsType<DeskAccount> = [
    {
      title: t('admin_desk.account'),
      key: 'account',
      render: (_: unknown, a) => (
        <Link to={traderPath(a.user_id)} data-testid={`desk-account-${a.user_id}`}>
          <Typography.Text strong>#{a.user_id}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ display: 'block', maxWidth: 170 }}>
            {a.email ?? a.mobile ?? a.uid}
          </Typography.Text>
        </Link>
      ),
    },
    figure[lead],
    ...(lead === 'floating_pnl' ? [] : [figure.floating_pnl]),
    {
      title: t('admin_desk.equity'),
      dataIndex: 'equity',
      align: 'end',
      render: (v: number) => <span style={NOWRAP}>{formatUsd(v)}</span>,
    },
  ];
  return (
    <Card title={t(`admin_desk.${kind}`)} size="small" data-testid={`desk-${kind}`}>
      <div ref={box}>
        <Table<DeskAccount>
          rowKey="user_id"
          size="small"
          columns={columns}
          dataSource={snapshot?.[kind] ?? []}
          loading={loading}
          pagination={false}
          scroll={{ x: 420 }}
          locale={{ emptyText: t('admin_desk.no_accounts') }}
        />
      </div>
    </Card>
  );
}
