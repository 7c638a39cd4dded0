import {
  adminAdjustBalanceEndpoint,
  adminFreezeLoginEndpoint,
  adminFreezeTradingEndpoint,
  adminUserDetailEndpoint,
  adminUserLogsEndpoint,
  type AdminLedgerRow,
  type Order,
} from '@pipwise/shared';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '@/components/reason-modal';
import { IdentityStatusTag } from '@/components/status';
import { mayCall } from '@/lib/access';
import { formatNumber, formatSigned, formatTime, formatUsd } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { serverPagination } from '@/lib/table';
import { AdjustBalanceModal } from './adjust-balance-modal';

const USERS = '/api/admin/users/';

/** The account log: what moved the balance, newest first. */
function LedgerTable({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useApiQuery(adminUserLogsEndpoint, { id: userId, page });
  const columns: TableColumnsType<AdminLedgerRow> = [
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
    {
      title: t('admin_app.users.amount'),
      dataIndex: 'amount',
      align: 'end',
      render: (v: number) => (
        <Typography.Text type={v < 0 ? 'danger' : 'success'}>{formatSigned(v)}</Typography.Text>
      ),
    },
    {
      title: t('admin_app.users.balance_after'),
      dataIndex: 'balance_after',
      align: 'end',
      render: (v: number) => formatUsd(v),
    },
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
  return (
    <Table<AdminLedgerRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={data?.data ?? []}
      loading={isFetching}
      pagination={serverPagination(page, data?.total, setPage)}
      data-testid="user-ledger"
    />
  );
}

function PositionsTable({ positions }: { positions: Order[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Order> = [
    { title: '#', dataIndex: 'Id', width: 70 },
    { title: t('admin_app.dashboard.instrument'), render: (_, o) => o.ForexTradeLists.ShowCode },
    {
      title: t('admin_app.users.side'),
      dataIndex: 'OrderType',
      render: (v: number) =>
        v === 1 ? (
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
    {
      title: t('admin_app.users.margin'),
      dataIndex: 'CautionMoney',
      align: 'end',
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('admin_app.users.profit'),
      dataIndex: 'FactProfits',
      align: 'end',
      render: (v: number) => (
        <Typography.Text type={v < 0 ? 'danger' : 'success'}>{formatSigned(v)}</Typography.Text>
      ),
    },
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

type FreezeAction = { kind: 'login' | 'trading'; frozen: 0 | 1 } | null;

/** One trader: who they are, their account now, open positions, the log; freeze and adjust. */
export function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const { data, isLoading } = useApiQuery(
    adminUserDetailEndpoint,
    { id: id ?? 0 },
    { enabled: id !== null, placeholderData: undefined },
  );
  const [freeze, setFreeze] = useState<FreezeAction>(null);
  const [adjusting, setAdjusting] = useState(false);
  const freezeLogin = useApiMutation(adminFreezeLoginEndpoint, {
    invalidates: [USERS],
    onSuccess: () => setFreeze(null),
  });
  const freezeTrading = useApiMutation(adminFreezeTradingEndpoint, {
    invalidates: [USERS],
    onSuccess: () => setFreeze(null),
  });

  const user = data?.user;
  const mayFreeze = mayCall(operator, adminFreezeLoginEndpoint);
  const mayAdjust = mayCall(operator, adminAdjustBalanceEndpoint);

  const actions = user ? (
    <Space wrap>
      {mayFreeze ? (
        <Button
          danger={!user.login_frozen}
          onClick={() => setFreeze({ kind: 'login', frozen: user.login_frozen ? 0 : 1 })}
          data-testid="freeze-login"
        >
          {user.login_frozen ? t('admin_app.users.unfreeze_login') : t('admin_app.users.freeze_login')}
        </Button>
      ) : null}
      {mayFreeze ? (
        <Button
          danger={!user.trading_frozen}
          onClick={() => setFreeze({ kind: 'trading', frozen: user.trading_frozen ? 0 : 1 })}
          data-testid="freeze-trading"
        >
          {user.trading_frozen ? t('admin_app.users.unfreeze_trading') : t('admin_app.users.freeze_trading')}
        </Button>
      ) : null}
      {mayAdjust ? (
        <Button type="primary" onClick={() => setAdjusting(true)} data-testid="adjust-balance">
          {t('admin_app.users.adjust')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  const freezeTitle = freeze
    ? t(
        freeze.kind === 'login'
          ? freeze.frozen
            ? 'admin_app.users.freeze_login'
            : 'admin_app.users.unfreeze_login'
          : freeze.frozen
            ? 'admin_app.users.freeze_trading'
            : 'admin_app.users.unfreeze_trading',
      )
    : '';

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={960}
      title={
        user ? `${user.email ?? user.mobile ?? user.uid} · UID ${user.uid}` : t('admin_app.users.detail')
      }
      extra={actions}
      destroyOnHidden
      data-testid="user-drawer"
    >
      {isLoading || !data || !user ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          <Descriptions bordered size="small" column={2} title={t('admin_app.users.profile')}>
            <Descriptions.Item label="ID">{user.id}</Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.uid')}>{user.uid}</Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.email')}>{user.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.phone')}>
              {user.mobile ? `+${user.area_code} ${user.mobile}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.account_type')}>
              {user.is_demo ? t('admin_app.users.demo') : t('admin_app.users.real')}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.identity')}>
              <IdentityStatusTag status={user.identity_status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.invite_code')}>{user.invite_code}</Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.referrer')}>
              {user.referrer_id ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.login')}>
              {user.login_frozen ? (
                <Tag color="red">{t('admin_app.users.frozen')}</Tag>
              ) : (
                <Tag color="green">{t('admin_app.users.allowed')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.users.trading')}>
              {user.trading_frozen ? (
                <Tag color="orange">{t('admin_app.users.frozen')}</Tag>
              ) : (
                <Tag color="green">{t('admin_app.users.allowed')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.common.created')} span={2}>
              {formatTime(user.created_at)}
            </Descriptions.Item>
          </Descriptions>

          {data.account ? (
            <Descriptions
              bordered
              size="small"
              column={3}
              title={t('admin_app.users.account')}
              data-testid="user-account"
            >
              <Descriptions.Item label={t('admin_app.users.balance')}>
                <span data-testid="user-balance">{formatUsd(data.account.balance)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.held')}>
                <span data-testid="user-held">{formatUsd(data.account.lock_balance)}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.equity')}>
                {formatUsd(data.account.equity)}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.margin')}>
                {formatUsd(data.account.margin)}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.free_margin')}>
                {formatUsd(data.account.free_margin)}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.margin_level')}>
                {data.account.margin ? `${formatNumber(data.account.margin_level)} %` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.floating')}>
                {formatSigned(data.account.floating_profit)}
              </Descriptions.Item>
              <Descriptions.Item label={t('admin_app.users.pending_orders')}>
                {data.pending_orders}
              </Descriptions.Item>
            </Descriptions>
          ) : (
            <Empty description={t('admin_app.users.no_account')} />
          )}

          <Tabs
            items={[
              {
                key: 'positions',
                label: `${t('admin_app.users.positions')} (${data.positions.length})`,
                children: <PositionsTable positions={data.positions} />,
              },
              { key: 'log', label: t('admin_app.users.log'), children: <LedgerTable userId={user.id} /> },
            ]}
          />
        </Flex>
      )}
      <ReasonModal
        open={freeze !== null}
        title={freezeTitle}
        label={t('admin_app.users.freeze_reason')}
        help={t('admin_app.users.freeze_reason_help')}
        okText={freezeTitle}
        danger={freeze?.frozen === 1}
        optional
        loading={freezeLogin.isPending || freezeTrading.isPending}
        onCancel={() => setFreeze(null)}
        onSubmit={(reason) => {
          if (!freeze || !user) return;
          const input = { id: user.id, frozen: freeze.frozen, ...(reason ? { reason } : {}) };
          if (freeze.kind === 'login') freezeLogin.mutate(input);
          else freezeTrading.mutate(input);
        }}
      />
      {user && adjusting ? (
        <AdjustBalanceModal
          user={user}
          available={(data?.account?.balance ?? 0) - (data?.account?.lock_balance ?? 0)}
          onClose={() => setAdjusting(false)}
        />
      ) : null}
    </Drawer>
  );
}
