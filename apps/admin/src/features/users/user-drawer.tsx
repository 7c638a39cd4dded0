import {
  adminAdjustBalanceEndpoint,
  adminFreezeLoginEndpoint,
  adminFreezeTradingEndpoint,
  adminGroupsEndpoint,
  adminUserDetailEndpoint,
} from '@pipwise/shared';
import { Button, Drawer, Empty, Flex, Grid, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { ReasonModal } from '@/components/reason-modal';
import { mayCall } from '@/lib/access';
import { isOn } from '@/lib/codes';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { ABookButton } from './a-book-button';
import { AdjustBalanceModal } from './adjust-balance-modal';
import { freezeInput, freezeText, nextFreeze, type Freeze } from './freeze';
import { MoveGroupButton } from './move-group-button';
import { groupNameOf } from './move-group';
import { accountFacts, profileFacts } from './user-facts';
import { LedgerTable, PositionsTable } from './user-tables';

const USERS = '/api/admin/users/';

/**
 * One trader: who they are, their account now, open positions, the log; freeze, route to the
 * liquidity provider, move to another trading group and adjust.
 */
export function UserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  // On a phone the drawer takes the screen, its actions go above the facts, one fact a line.
  const narrow = Grid.useBreakpoint().md === false;
  const { data, isLoading } = useApiQuery(
    adminUserDetailEndpoint,
    { id: id ?? 0 },
    { enabled: id !== null, placeholderData: undefined },
  );
  // The account's trading group by name (the groups are read by every role that reads users).
  const groups = useApiQuery(adminGroupsEndpoint, {}, { enabled: id !== null });
  const [freeze, setFreeze] = useState<Freeze | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const settled = { invalidates: [USERS], onSuccess: () => setFreeze(null) };
  const freezeLogin = useApiMutation(adminFreezeLoginEndpoint, settled);
  const freezeTrading = useApiMutation(adminFreezeTradingEndpoint, settled);

  const user = data?.user;
  const mayFreeze = mayCall(operator, adminFreezeLoginEndpoint);
  const mayAdjust = mayCall(operator, adminAdjustBalanceEndpoint);

  const actions = user ? (
    <Space wrap>
      {mayFreeze
        ? (['login', 'trading'] as const).map((kind) => {
            const next = nextFreeze(user, kind);
            return (
              <Button
                key={kind}
                danger={isOn(next.frozen)}
                onClick={() => setFreeze(next)}
                data-testid={`freeze-${kind}`}
              >
                {freezeText(t, next)}
              </Button>
            );
          })
        : null}
      <ABookButton user={user} />
      {mayAdjust ? (
        <Button type="primary" onClick={() => setAdjusting(true)} data-testid="adjust-balance">
          {t('admin_app.users.adjust')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  const freezeTitle = freeze ? freezeText(t, freeze) : '';

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={narrow ? '100%' : 960}
      title={
        user ? `${user.email ?? user.mobile ?? user.uid} · UID ${user.uid}` : t('admin_app.users.detail')
      }
      extra={narrow ? null : actions}
      destroyOnHidden
      data-testid="user-drawer"
    >
      {isLoading || !data || !user ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          {narrow ? actions : null}
          <Facts
            column={narrow ? 1 : 2}
            title={t('admin_app.users.profile')}
            facts={profileFacts(
              t,
              user,
              // The group by name, and beside it the way to another (admin).
              <Flex gap={8} align="center" wrap>
                <span data-testid="user-group">{groupNameOf(t, groups.data, user) ?? '—'}</span>
                <MoveGroupButton user={user} groups={groups.data ?? []} />
              </Flex>,
            )}
          />
          {data.account ? (
            <Facts
              column={narrow ? 1 : 3}
              title={t('admin_app.users.account')}
              testId="user-account"
              facts={accountFacts(t, data.account, data.pending_orders)}
            />
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
        danger={freeze ? isOn(freeze.frozen) : false}
        optional
        loading={freezeLogin.isPending || freezeTrading.isPending}
        onCancel={() => setFreeze(null)}
        onSubmit={(reason) => {
          if (!freeze || !user) return;
          const input = freezeInput(user.id, freeze, reason);
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
