import type { DeskExposure } from '@pipwise/shared';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format';
import { useScrollRegions } from '@/lib/scroll-regions';
import { usdColumn } from '@/lib/table';

/** Signed USD, red below zero; an instrument without a price says so instead. */
function signedUsd(value: number, priced: boolean, unpriced: string) {
  if (!priced) return <Tag>{unpriced}</Tag>;
  return (
    <Typography.Text strong type={value < 0 ? 'danger' : value > 0 ? 'success' : undefined}>
      {formatUsd(value)}
    </Typography.Text>
  );
}

/** The clients' lots, notional and the house's B-book P&L per instrument (docs/dealing-desk.md). */
export function ExposureTable({ rows, loading }: { rows: readonly DeskExposure[]; loading: boolean }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // Its rows hold no link: on a phone, the keyboard reaches the sideways scroll by the box.
  useScrollRegions(box, t('admin_desk.exposure'));
  const unpriced = t('admin_desk.unpriced');
  const columns: TableColumnsType<DeskExposure> = [
    { title: t('admin_desk.instrument'), dataIndex: 'code', fixed: 'start', width: 110 },
    { title: t('admin_desk.positions'), dataIndex: 'positions', align: 'end' },
    { title: t('admin_desk.long_lots'), dataIndex: 'long_lots', align: 'end' },
    { title: t('admin_desk.short_lots'), dataIndex: 'short_lots', align: 'end' },
    {
      title: t('admin_desk.net_lots'),
      dataIndex: 'net_lots',
      align: 'end',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    usdColumn(t('admin_desk.long_usd'), 'long_usd'),
    usdColumn(t('admin_desk.short_usd'), 'short_usd'),
    {
      title: t('admin_desk.net_usd'),
      dataIndex: 'net_usd',
      align: 'end',
      render: (v: number, row) => signedUsd(v, row.priced, unpriced),
    },
    {
      title: t('admin_desk.a_book_lots'),
      key: 'a_book',
      align: 'end',
      render: (_: unknown, row) => `${row.a_book_long_lots} / ${row.a_book_short_lots}`,
    },
    { title: t('admin_desk.b_book_net'), dataIndex: 'b_book_net_lots', align: 'end' },
    {
      title: t('admin_desk.house_pnl_col'),
      dataIndex: 'house_pnl_usd',
      align: 'end',
      render: (v: number, row) => signedUsd(v, row.priced, unpriced),
    },
  ];
  return (
    <div ref={box}>
      <Table<DeskExposure>
        rowKey="instrument_id"
        size="small"
        columns={columns}
        dataSource={[...rows]}
        loading={loading}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('admin_desk.no_exposure') }}
        onRow={(row) => ({ 'data-testid': `desk-exposure-${row.code}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
