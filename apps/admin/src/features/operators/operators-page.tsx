import {
  adminCreateOperatorEndpoint,
  adminOperatorsEndpoint,
  adminResetOperatorEndpoint,
  adminSetOperatorActiveEndpoint,
  adminSetOperatorRoleEndpoint,
  type Operator,
  type OperatorRole,
} from '@pipwise/shared';
import { App, Button, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmSwitch } from '@/components/crud/confirm-switch';
import { CrudModal } from '@/components/crud/crud-modal';
import { CrudPage } from '@/components/crud/crud-page';
import { FlagTag } from '@/components/status';
import { isOn, toFlag } from '@/lib/codes';
import { formatTime } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { createOperatorForm, OPERATORS_STALE, resetOperatorForm, roleOptions } from './operator-forms';

/** Who may run the back office, with which role; admins only. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useSession()?.operator;
  const { data, isFetching } = useApiQuery(adminOperatorsEndpoint, {});
  const setRole = useApiMutation(adminSetOperatorRoleEndpoint, { invalidates: OPERATORS_STALE });
  const setActive = useApiMutation(adminSetOperatorActiveEndpoint, { invalidates: OPERATORS_STALE });
  const isMe = (o: Operator) => o.id === me?.id;

  const confirmRole = (o: Operator, next: OperatorRole) =>
    void modal.confirm({
      title: t('admin_app.operators.role_confirm', { email: o.email, role: t(`admin_app.role.${next}`) }),
      okText: t('admin_app.common.confirm'),
      cancelText: t('admin_app.common.cancel'),
      onOk: () => setRole.mutateAsync({ id: o.id, role: next }),
    });

  return (
    <CrudPage<Operator>
      title={t('admin_app.menu.operators')}
      description={t('admin_app.operators.intro')}
      createLabel={t('admin_app.operators.new')}
      rows={data}
      loading={isFetching}
      scrollX={1000}
      columns={(reset) => [
        {
          title: t('admin_app.operators.name'),
          render: (_, o) => (
            <Space direction="vertical" size={0}>
              <span>
                {o.name} {isMe(o) ? <Tag color="blue">{t('admin_app.operators.you')}</Tag> : null}
                {isOn(o.must_change_password) ? (
                  <Tag color="orange" data-testid={`operator-password-pending-${o.id}`}>
                    {t('admin_app.operators.password_pending')}
                  </Tag>
                ) : null}
              </span>
              <Typography.Text type="secondary">{o.email}</Typography.Text>
            </Space>
          ),
        },
        {
          title: t('admin_app.operators.role'),
          dataIndex: 'role',
          render: (role: OperatorRole, o) => (
            <Select
              aria-label={`${t('admin_app.operators.role')}: ${o.email}`}
              value={role}
              disabled={isMe(o)}
              style={{ width: 150 }}
              options={roleOptions(t)}
              onChange={(next: OperatorRole) => confirmRole(o, next)}
            />
          ),
        },
        {
          title: t('admin_app.operators.two_factor'),
          dataIndex: 'totp_enabled',
          render: (v: number) => (
            <FlagTag
              on={isOn(v)}
              onText={t('admin_app.account.totp_on')}
              offText={t('admin_app.account.totp_off')}
            />
          ),
        },
        {
          title: t('admin_app.operators.last_login'),
          dataIndex: 'last_login_at',
          render: (v: number | null) => (v ? formatTime(v) : t('admin_app.operators.never')),
        },
        {
          title: t('admin_app.common.created'),
          dataIndex: 'created_at',
          render: (v: number) => formatTime(v),
        },
        {
          title: t('admin_app.operators.active'),
          dataIndex: 'active',
          render: (v: number, o) => (
            <ConfirmSwitch
              label={`${t('admin_app.operators.active')}: ${o.email}`}
              checked={isOn(v)}
              disabled={isMe(o)}
              question={(on) => ({
                title: t(
                  on ? 'admin_app.operators.activate_confirm' : 'admin_app.operators.deactivate_confirm',
                  {
                    email: o.email,
                  },
                ),
                danger: !on,
              })}
              onConfirm={(on) => setActive.mutateAsync({ id: o.id, active: toFlag(on) })}
            />
          ),
        },
        {
          title: '',
          width: 110,
          render: (_, o) =>
            isMe(o) ? null : (
              <Button size="small" onClick={() => reset(o)}>
                {t('admin_app.operators.reset')}
              </Button>
            ),
        },
      ]}
      editor={(row, close) =>
        row ? (
          <CrudModal
            form={resetOperatorForm(t, row)}
            id={row.id}
            endpoint={adminResetOperatorEndpoint}
            invalidates={OPERATORS_STALE}
            onClose={close}
          />
        ) : (
          <CrudModal
            form={createOperatorForm(t)}
            endpoint={adminCreateOperatorEndpoint}
            invalidates={OPERATORS_STALE}
            onClose={close}
          />
        )
      }
    />
  );
}
