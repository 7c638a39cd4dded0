import { adminTotpDisableEndpoint } from '@pipwise/shared';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { FlagTag } from '@/components/status';
import { TotpCodeItem } from '@/components/totp-code-item';
import { isOn } from '@/lib/codes';
import { formatTime } from '@/lib/format';
import { useApiMutation } from '@/lib/query';
import { updateOperator, useSession } from '@/lib/session';
import { PasswordForm } from './password-form';
import { PasswordItem } from './password-item';
import { TotpSetup } from './totp-setup';

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
      <PasswordItem name="password" label={t('admin_app.auth.password')} />
      <TotpCodeItem name="code" />
      <Button danger htmlType="submit" loading={disable.isPending}>
        {t('admin_app.account.disable')}
      </Button>
    </Form>
  );
}

/** The operator's own account: who they are, their password and two-factor. */
export default function AccountPage() {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  if (!operator) return null;
  return (
    <Page title={t('admin_app.menu.account')} description={t('admin_app.account.intro')}>
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
            <Card title={t('admin_app.account.change_password')}>
              <PasswordForm submitLabel={t('admin_app.account.change_password')} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            title={t('admin_app.account.two_factor')}
            extra={
              <FlagTag
                on={isOn(operator.totp_enabled)}
                onText={t('admin_app.account.totp_on')}
                offText={t('admin_app.account.totp_off')}
              />
            }
          >
            <Typography.Paragraph type="secondary">
              {t('admin_app.account.two_factor_desc')}
            </Typography.Paragraph>
            {!isOn(operator.totp_enabled) ? (
              <TotpSetup />
            ) : operator.totp_required ? (
              // Required of every operator (the security setting): nothing to turn off here.
              <Alert
                type="info"
                showIcon
                title={t('errors.admin_totp_mandatory')}
                data-testid="totp-mandatory"
              />
            ) : (
              <TotpDisable />
            )}
          </Card>
        </Col>
      </Row>
    </Page>
  );
}
