import { PlusOutlined } from '@ant-design/icons';
import {
  adminCreateOperatorEndpoint,
  adminOperatorsEndpoint,
  adminResetOperatorEndpoint,
  adminSetOperatorActiveEndpoint,
  adminSetOperatorRoleEndpoint,
  OPERATOR_PASSWORD_RULE,
  OPERATOR_ROLES,
  type Operator,
  type OperatorRole,
} from '@pipwise/shared';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';

const STALE = ['/api/admin/operators/'];

function usePasswordRule() {
  const { t } = useTranslation();
  return { pattern: OPERATOR_PASSWORD_RULE, message: t('admin_app.account.password_rule') };
}

function CreateOperator({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; name: string; role: OperatorRole; password: string }>();
  const create = useApiMutation(adminCreateOperatorEndpoint, { invalidates: STALE, onSuccess: onClose });
  const passwordRule = usePasswordRule();
  return (
    <Modal
      open
      title={t('admin_app.operators.new')}
      okText={t('admin_app.common.save')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ role: 'support' }}
        onFinish={(v) => create.mutate({ ...v, email: v.email.trim(), name: v.name.trim() })}
      >
        <Form.Item
          name="email"
          label={t('admin_app.auth.email')}
          rules={[{ required: true, type: 'email', message: t('admin_app.auth.email_invalid') }]}
        >
          <Input dir="ltr" maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('admin_app.operators.name')}
          rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('admin_app.operators.role')}
          extra={t('admin_app.operators.roles_help')}
        >
          <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`admin_app.role.${r}`) }))} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('admin_app.operators.initial_password')}
          extra={
            <>
              {t('admin_app.account.password_rule')}
              <br />
              {t('admin_app.operators.initial_password_note')}
            </>
          }
          rules={[{ required: true, message: t('admin_app.common.required') }, passwordRule]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetOperator({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useApiMutation(adminResetOperatorEndpoint, { invalidates: STALE, onSuccess: onClose });
  const passwordRule = usePasswordRule();
  return (
    <Modal
      open
      title={t('admin_app.operators.reset_title', { email: operator.email })}
      okText={t('admin_app.operators.reset')}
      okButtonProps={{ danger: true }}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin_app.operators.reset_desc')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => reset.mutate({ id: operator.id, password: v.password })}
      >
        <Form.Item
          name="password"
          label={t('admin_app.operators.initial_password')}
          extra={
            <>
              {t('admin_app.account.password_rule')}
              <br />
              {t('admin_app.operators.initial_password_note')}
            </>
          }
          rules={[{ required: true, message: t('admin_app.common.required') }, passwordRule]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Who may run the back office, with which role; admins only. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const me = useSession()?.operator;
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Operator | null>(null);
  const { data, isFetching } = useApiQuery(adminOperatorsEndpoint, {});
  const setRole = useApiMutation(adminSetOperatorRoleEndpoint, { invalidates: STALE });
  const setActive = useApiMutation(adminSetOperatorActiveEndpoint, { invalidates: STALE });

  const columns: TableColumnsType<Operator> = [
    {
      title: t('admin_app.operators.name'),
      render: (_, o) => (
        <Space direction="vertical" size={0}>
          <span>
            {o.name} {o.id === me?.id ? <Tag color="blue">{t('admin_app.operators.you')}</Tag> : null}
            {o.must_change_password ? (
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
          value={role}
          disabled={o.id === me?.id}
          style={{ width: 150 }}
          options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`admin_app.role.${r}`) }))}
          onChange={(next: OperatorRole) =>
            void modal.confirm({
              title: t('admin_app.operators.role_confirm', {
                email: o.email,
                role: t(`admin_app.role.${next}`),
              }),
              okText: t('admin_app.common.confirm'),
              cancelText: t('admin_app.common.cancel'),
              onOk: () => setRole.mutateAsync({ id: o.id, role: next }),
            })
          }
        />
      ),
    },
    {
      title: t('admin_app.operators.two_factor'),
      dataIndex: 'totp_enabled',
      render: (v: number) =>
        v ? (
          <Tag color="green">{t('admin_app.account.totp_on')}</Tag>
        ) : (
          <Tag>{t('admin_app.account.totp_off')}</Tag>
        ),
    },
    {
      title: t('admin_app.operators.last_login'),
      dataIndex: 'last_login_at',
      render: (v: number | null) => (v ? formatTime(v) : t('admin_app.operators.never')),
    },
    { title: t('admin_app.common.created'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
    {
      title: t('admin_app.operators.active'),
      dataIndex: 'active',
      render: (v: number, o) => (
        <Switch
          checked={v === 1}
          disabled={o.id === me?.id}
          onChange={(on) =>
            void modal.confirm({
              title: on
                ? t('admin_app.operators.activate_confirm', { email: o.email })
                : t('admin_app.operators.deactivate_confirm', { email: o.email }),
              okText: t('admin_app.common.confirm'),
              okButtonProps: { danger: !on },
              cancelText: t('admin_app.common.cancel'),
              onOk: () => setActive.mutateAsync({ id: o.id, active: on ? 1 : 0 }),
            })
          }
        />
      ),
    },
    {
      title: '',
      width: 110,
      render: (_, o) =>
        o.id === me?.id ? null : (
          <Button size="small" onClick={() => setResetting(o)}>
            {t('admin_app.operators.reset')}
          </Button>
        ),
    },
  ];

  return (
    <Page
      title={t('admin_app.menu.operators')}
      description={t('admin_app.operators.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin_app.operators.new')}
        </Button>
      }
    >
      <Card>
        <Table<Operator>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1000 }}
        />
      </Card>
      {creating ? <CreateOperator onClose={() => setCreating(false)} /> : null}
      {resetting ? <ResetOperator operator={resetting} onClose={() => setResetting(null)} /> : null}
    </Page>
  );
}
