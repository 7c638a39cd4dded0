import type { AdminUserDetail } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Fact } from '@/components/facts';
import { CodeTag, FlagTag } from '@/components/status';
import { isOn } from '@/lib/codes';
import { formatNumber, formatSigned, formatTime, formatUsd } from '@/lib/format';
import { IDENTITY_STATUS } from '@/lib/labels';

/**
 * Who the trader is: contacts, account type, identity, invitation, what is frozen, the
 * trading group (`group`: its name and the way to another), where orders go.
 */
export function profileFacts(t: TFunction, user: AdminUserDetail['user'], group: ReactNode = '—'): Fact[] {
  const state = (frozen: number, color: string) => (
    <FlagTag
      on={isOn(frozen)}
      onText={t('admin_app.users.frozen')}
      offText={t('admin_app.users.allowed')}
      color={color}
      offColor="green"
    />
  );
  return [
    { key: 'id', label: 'ID', value: user.id },
    { key: 'uid', label: t('admin_app.users.uid'), value: user.uid },
    { key: 'email', label: t('admin_app.users.email'), value: user.email ?? '—' },
    {
      key: 'phone',
      label: t('admin_app.users.phone'),
      value: user.mobile ? `+${user.area_code} ${user.mobile}` : '—',
    },
    {
      key: 'type',
      label: t('admin_app.users.account_type'),
      value: isOn(user.is_demo) ? t('admin_app.users.demo') : t('admin_app.users.real'),
    },
    {
      key: 'identity',
      label: t('admin_app.users.identity'),
      value: <CodeTag of={IDENTITY_STATUS} code={user.identity_status} />,
    },
    { key: 'invite', label: t('admin_app.users.invite_code'), value: user.invite_code },
    { key: 'referrer', label: t('admin_app.users.referrer'), value: user.referrer_id ?? '—' },
    { key: 'login', label: t('admin_app.users.login'), value: state(user.login_frozen, 'red') },
    { key: 'trading', label: t('admin_app.users.trading'), value: state(user.trading_frozen, 'orange') },
    {
      key: 'group',
      label: t('admin_groups.user_group'),
      value: group,
    },
    {
      key: 'routing',
      label: t('admin_execution.routing'),
      value: (
        <FlagTag
          on={isOn(user.a_book)}
          onText={t('admin_execution.routing_a_book')}
          offText={t('admin_execution.routing_instrument')}
          color="purple"
        />
      ),
    },
    { key: 'created', label: t('admin_app.common.created'), value: formatTime(user.created_at), span: 2 },
  ];
}

/** The account now: balance, what is held, and the live margin figures. */
export function accountFacts(
  t: TFunction,
  account: NonNullable<AdminUserDetail['account']>,
  pendingOrders: number,
): Fact[] {
  return [
    {
      key: 'balance',
      label: t('admin_app.users.balance'),
      value: <span data-testid="user-balance">{formatUsd(account.balance)}</span>,
    },
    {
      key: 'held',
      label: t('admin_app.users.held'),
      value: <span data-testid="user-held">{formatUsd(account.lock_balance)}</span>,
    },
    { key: 'equity', label: t('admin_app.users.equity'), value: formatUsd(account.equity) },
    { key: 'margin', label: t('admin_app.users.margin'), value: formatUsd(account.margin) },
    { key: 'free', label: t('admin_app.users.free_margin'), value: formatUsd(account.free_margin) },
    {
      key: 'level',
      label: t('admin_app.users.margin_level'),
      value: account.margin ? `${formatNumber(account.margin_level)} %` : '—',
    },
    { key: 'floating', label: t('admin_app.users.floating'), value: formatSigned(account.floating_profit) },
    { key: 'pending', label: t('admin_app.users.pending_orders'), value: pendingOrders },
  ];
}
