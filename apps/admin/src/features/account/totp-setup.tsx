import { adminTotpEnableEndpoint, adminTotpSetupEndpoint, type EndpointOutput } from '@pipwise/shared';
import { Button, Flex, Form, Steps, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TotpCodeItem } from '@/components/totp-code-item';
import { useApiMutation } from '@/lib/query';
import { updateOperator } from '@/lib/session';
import { PasswordItem } from './password-item';

/** A new authenticator secret and its otpauth:// URL (the QR code), as `totp/setup` answers. */
export type TotpSecret = EndpointOutput<typeof adminTotpSetupEndpoint>;

interface Props {
  /** A secret already asked for (the first-use screen asks with the new password). */
  initialSecret?: TotpSecret | null;
  /** Its own two steps (password, then scan) above it; off where a page shows its steps. */
  steps?: boolean;
}

/**
 * Turning two-factor on: the password (the server hands the secret out only against it),
 * then the QR code and the secret to type, then a first code from the app.
 */
export function TotpSetup({ initialSecret = null, steps = true }: Props) {
  const { t } = useTranslation();
  const [secret, setSecret] = useState<TotpSecret | null>(initialSecret);
  const setup = useApiMutation(adminTotpSetupEndpoint, { invalidates: [], onSuccess: setSecret });
  const enable = useApiMutation(adminTotpEnableEndpoint, {
    invalidates: ['/api/admin/auth/'],
    onSuccess: updateOperator,
  });
  return (
    <Flex vertical gap={20}>
      {steps ? (
        <Steps
          size="small"
          current={secret ? 1 : 0}
          items={[
            { title: t('admin_app.account.step_password') },
            { title: t('admin_app.account.step_scan') },
          ]}
        />
      ) : null}
      {secret ? (
        <Flex gap={24} align="flex-start" wrap>
          <div className="totp-qr">
            <QRCodeSVG
              value={secret.otpauth_url}
              size={176}
              marginSize={0}
              title={t('admin_app.account.step_scan')}
              data-testid="totp-qr"
            />
          </div>
          <Flex vertical gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              {t('admin_app.account.scan_help')}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{t('admin_app.account.secret')}</Typography.Text>
            <Typography.Paragraph
              className="totp-secret"
              copyable={{ text: secret.secret }}
              data-testid="totp-secret"
              style={{ marginBottom: 12 }}
            >
              <bdi dir="ltr">{secret.secret.replace(/(.{4})(?=.)/g, '$1 ')}</bdi>
            </Typography.Paragraph>
            <Form
              layout="vertical"
              requiredMark={false}
              onFinish={(v: { code: string }) => enable.mutate({ code: v.code.trim() })}
            >
              <TotpCodeItem name="code" placeholder="123456" style={{ width: 160 }} testId="totp-code" />
              <Button type="primary" htmlType="submit" loading={enable.isPending} data-testid="totp-enable">
                {t('admin_app.account.enable')}
              </Button>
            </Form>
          </Flex>
        </Flex>
      ) : (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(v: { password: string }) => setup.mutate({ password: v.password })}
          style={{ maxWidth: 360 }}
        >
          <PasswordItem name="password" label={t('admin_app.auth.password')} testId="totp-password" />
          <Button type="primary" htmlType="submit" loading={setup.isPending} data-testid="totp-setup">
            {t('admin_app.account.set_up')}
          </Button>
        </Form>
      )}
    </Flex>
  );
}
