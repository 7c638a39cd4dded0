import { adminUserLogsEndpoint, Side, type AdminLedgerRow, type Order } from '@pipwise/shared';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSigned, formatTime, formatUsd } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';

/** A signed amount, red when negative. */
const signed = (v: number) => (
  <Typography.Text type={v < 0 ? 'danger' : 'success'}>{formatSigned(v)}</Typography.Text>
);
const usd = (v: number) => formatUsd(v);

function ledgerColumns(t: TFunction): TableColumnsType<AdminLedgerRow> {
  return [
    {
      title: t('admin_app.common.time'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.users.entry'),
      dataIndex: 'type',
      render: (v: string) => t(`ledger.${v}` as 'ledger.deposit', { defaultValue: v }),
    },
    { title: t('admin_app.users.amount'), dataIndex: 'amount', align: 'end', render: signed },
    { title: t('admin_app.users.balance_after'), dataIndex: 'balance_after', align: 'end', render: usd },
    {
      title: t('admin_app.users.held_change'),
      dataIndex: 'lock_amount',
      align: 'end',
      render: (v: number) => (v ? formatSigned(v) : '—'),
    },
    {
      title: t('admin_app.users.memo'),
      render: (_, r) => (
        <Flex vertical>
          {r.memo ? <span>{r.memo}</span> : null}
          {r.ref_type ? (
            <Typography.Text type="secondary">
              {r.ref_type} #{r.ref_id}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/** The account log: what moved the balance, newest first. */
export function LedgerTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useApiQuery(adminUserLogsEndpoint, { id: userId, page });
  return (
    <Table<AdminLedgerRow>
      rowKey="id"
      size="small"
      columns={ledgerColumns(t)}
      dataSource={data?.data ?? []}
      loading={isFetching}
      pagination={serverPagination(page, data?.total, setPage)}
      data-testid="user-ledger"
    />
  );
}

/** The open positions with their live price and profit. */
export function PositionsTable({ positions }: { positions: Order[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Order> = [
    { title: '#', dataIndex: 'Id', width: 70 },
    { title: t('admin_app.dashboard.instrument'), render: (_, o) => o.ForexTradeLists.ShowCode },
    {
      title: t('admin_app.users.side'),
      dataIndex: 'OrderType',
      render: (v: number) =>
        v === Side.Buy ? (
          <Tag color="green">{t('admin_app.users.buy')}</Tag>
        ) : (
          <Tag color="red">{t('admin_app.users.sell')}</Tag>
        ),
    },
    { title: t('admin_app.users.lots'), dataIndex: 'Quantity', align: 'end' },
    {
      title: t('admin_app.users.leverage'),
      dataIndex: 'Leverage',
      align: 'end',
      render: (v: number) => `${v}×`,
    },
    { title: t('admin_app.users.open_price'), dataIndex: 'OriginPrice', align: 'end' },
    { title: t('admin_app.users.price_now'), dataIndex: 'UpdatePrice', align: 'end' },
    { title: t('admin_app.users.margin'), dataIndex: 'CautionMoney', align: 'end', render: usd },
    { title: t('admin_app.users.profit'), dataIndex: 'FactProfits', align: 'end', render: signed },
  ];
  return (
    <Table<Order>
      rowKey="Id"
      size="small"
      columns={columns}
      dataSource={positions}
      pagination={false}
      scroll={{ x: 800 }}
    />
  );
}
