import {
  adminChangePasswordEndpoint,
  adminTotpDisableEndpoint,
  adminTotpEnableEndpoint,
  adminTotpSetupEndpoint,
  OPERATOR_PASSWORD_RULE,
} from '@pipwise/shared';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Steps, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiMutation } from '@/lib/query';
import { clearSession, updateOperator, useSession } from '@/lib/session';

const CODE = /^\d{6}$/;

function PasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ old_password: string; new_password: string; confirm: string }>();
  const change = useApiMutation(adminChangePasswordEndpoint, {
    invalidates: [],
    onSuccess: () => form.resetFields(),
  });
  return (
    <Card title={t('admin_app.account.change_password')}>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => change.mutate({ old_password: v.old_password, new_password: v.new_password })}
      >
        <Form.Item
          name="old_password"
          label={t('admin_app.account.old_password')}
          rules={[{ required: true, message: t('admin_app.common.required') }]}
        >
          <Input.Password dir="ltr" autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t('admin_app.account.new_password')}
          extra={t('admin_app.account.password_rule')}
          rules={[
            { required: true, message: t('admin_app.common.required') },
            { pattern: OPERATOR_PASSWORD_RULE, message: t('admin_app.account.password_rule') },
          ]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('admin_app.account.confirm_password')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('admin_app.common.required') },
            ({ getFieldValue }) => ({
              validator: (_, v: string) =>
                !v || v === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin_app.account.password_mismatch'))),
            }),
          ]}
        >
          <Input.Password dir="ltr" autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('admin_app.account.password_sessions')}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('admin_app.account.change_password')}
        </Button>
      </Form>
    </Card>
  );
}

/** Turning two-factor on: the password, then the QR code, then a first code. */
function TotpSetup() {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const setup = useApiMutation(adminTotpSetupEndpoint, { invalidates: [], onSuccess: setSecret });
  const enable = useApiMutation(adminTotpEnableEndpoint, {
    invalidates: ['/api/admin/auth/'],
    onSuccess: updateOperator,
  });
  return (
    <Flex vertical gap={16}>
      <Steps
        size="small"
        current={secret ? 1 : 0}
        items={[{ title: t('admin_app.account.step_password') }, { title: t('admin_app.account.step_scan') }]}
      />
      {secret ? (
        <Row gutter={24} align="middle">
          <Col>
            <div
              style={{
                background: '#fff',
                padding: 12,
                border: '1px solid #f0f0f0',
                borderRadius: 8,
                display: 'inline-block',
              }}
            >
              <QRCodeSVG value={secret.otpauth_url} size={176} data-testid="totp-qr" />
            </div>
          </Col>
          <Col flex="auto">
            <Typography.Paragraph>{t('admin_app.account.scan_help')}</Typography.Paragraph>
            <Typography.Paragraph>
              {t('admin_app.account.secret')}:{' '}
              <Typography.Text code copyable>
                {secret.secret}
              </Typography.Text>
            </Typography.Paragraph>
            <Form layout="inline" onFinish={(v: { code: string }) => enable.mutate({ code: v.code.trim() })}>
              <Form.Item
                name="code"
                rules={[{ required: true, pattern: CODE, message: t('admin_app.auth.totp_code_invalid') }]}
              >
                <Input
                  placeholder="123456"
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  style={{ width: 140 }}
                  data-testid="totp-code"
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="totp-enable">
                {t('admin_app.account.enable')}
              </Button>
            </Form>
          </Col>
        </Row>
      ) : (
        <Form layout="inline" onFinish={(v: { password: string }) => setup.mutate({ password: v.password })}>
          <Form.Item name="password" rules={[{ required: true, message: t('admin_app.common.required') }]}>
            <Input.Password
              placeholder={t('admin_app.auth.password')}
              autoComplete="current-password"
              style={{ width: 260 }}
              data-testid="totp-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={setup.isPending} data-testid="totp-setup">
            {t('admin_app.account.set_up')}
          </Button>
        </Form>
      )}
    </Flex>
  );
}

function TotpDisable() {
  const { t } = useTranslation();
  const disable = useApiMutation(adminTotpDisableEndpoint, {
    invalidates: ['/api/admin/auth/'],
    onSuccess: updateOperator,
  });
  return (
    <Form
      layout="vertical"
      onFinish={(v: { password: string; code: string }) =>
        disable.mutate({ password: v.password, code: v.code.trim() })
      }
      style={{ maxWidth: 360 }}
    >
      <Form.Item
        name="password"
        label={t('admin_app.auth.password')}
        rules={[{ required: true, message: t('admin_app.common.required') }]}
      >
        <Input.Password dir="ltr" autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('admin_app.auth.totp_code')}
        rules={[{ required: true, pattern: CODE, message: t('admin_app.auth.totp_code_invalid') }]}
      >
        <Input dir="ltr" maxLength={6} inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
      <Button danger htmlType="submit" loading={disable.isPending}>
        {t('admin_app.account.disable')}
      </Button>
    </Form>
  );
}

/** The operator's own account: who they are, their password and two-factor. */
export default function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useSession()?.operator;
  if (!operator) return null;
  return (
    <Page title={t('admin_app.menu.account')} description={t('admin_app.account.intro')}>
      {operator.totp_setup_required ? (
        <Alert
          type="warning"
          showIcon
          title={t('admin_app.account.totp_required_title')}
          description={t('admin_app.account.totp_required_desc')}
          action={
            <Button
              size="small"
              onClick={() => {
                clearSession();
                void navigate('/login');
              }}
            >
              {t('admin_app.auth.logout')}
            </Button>
          }
          data-testid="totp-required"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title={t('admin_app.account.profile')}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('admin_app.auth.email')}>{operator.email}</Descriptions.Item>
                <Descriptions.Item label={t('admin_app.operators.name')}>{operator.name}</Descriptions.Item>
                <Descriptions.Item label={t('admin_app.operators.role')}>
                  <Tag color="blue">{t(`admin_app.role.${operator.role}`)}</Tag>
                </Descriptions.Item>
                <Descriptions.Item label={t('admin_app.operators.last_login')}>
                  {formatTime(operator.last_login_at)}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <PasswordCard />
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={t('admin_app.account.two_factor')}
            extra={
              operator.totp_enabled ? (
                <Tag color="green">{t('admin_app.account.totp_on')}</Tag>
              ) : (
                <Tag>{t('admin_app.account.totp_off')}</Tag>
              )
            }
          >
            <Typography.Paragraph type="secondary">
              {t('admin_app.account.two_factor_desc')}
            </Typography.Paragraph>
            {operator.totp_enabled ? <TotpDisable /> : <TotpSetup />}
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
