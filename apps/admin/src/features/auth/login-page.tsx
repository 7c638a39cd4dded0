import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { adminLoginEndpoint, captchaEndpoint, firstUsePending } from '@pipwise/shared';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { TotpCodeItem } from '@/components/totp-code-item';
import { isApiError, request } from '@/lib/api';
import { useApiQuery } from '@/lib/query';
import { setSession, useSession } from '@/lib/session';

interface LoginValues {
  email: string;
  password: string;
  totp_code?: string;
  captcha?: string;
}

/** Only a path of the back office itself is a place to return to after login. */
function returnPath(from: string | null): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/**
 * The operators' login: e-mail and password; the authenticator code once the server says
 * two-factor is on (`totp_required`); the image code after repeated failures
 * (`captcha_required`). Failures are told in the form, in the operator's language.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [needTotp, setNeedTotp] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [busy, setBusy] = useState(false);
  const captcha = useApiQuery(captchaEndpoint, {}, { enabled: needCaptcha, staleTime: Infinity, gcTime: 0 });

  if (session) return <Navigate to={returnPath(params.get('from'))} replace />;

  const submit = async (values: LoginValues) => {
    setBusy(true);
    setError(null);
    try {
      const result = await request(
        adminLoginEndpoint,
        {
          email: values.email.trim(),
          password: values.password,
          ...(needTotp && values.totp_code ? { totp_code: values.totp_code.trim() } : {}),
          ...(needCaptcha && captcha.data
            ? { key: captcha.data.id, captcha: values.captcha?.trim() ?? '' }
            : {}),
        },
        { silent: true },
      );
      setSession({ token: result.token, operator: result.operator });
      // A password to replace or two-factor to turn on first: the first-use screen, then on.
      const next = returnPath(params.get('from'));
      await navigate(
        firstUsePending(result.operator)
          ? next === '/'
            ? '/setup'
            : `/setup?from=${encodeURIComponent(next)}`
          : next,
        { replace: true },
      );
    } catch (e) {
      const data = isApiError(e)
        ? (e.data as { captcha_required?: boolean; totp_required?: boolean } | null)
        : null;
      if (data?.totp_required) setNeedTotp(true);
      if (data?.captcha_required) setNeedCaptcha(true);
      if (needCaptcha || data?.captcha_required) {
        form.setFieldValue('captcha', '');
        void captcha.refetch();
      }
      setError(isApiError(e) && e.kind === 'business' ? e.message : t('admin_app.common.network_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card" data-testid="login-card">
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Space align="center">
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <Typography.Title level={4} style={{ margin: 0 }}>
                {t('admin_app.brand')}
              </Typography.Title>
            </Space>
          </Flex>
          <Typography.Text type="secondary">{t('admin_app.auth.login_intro')}</Typography.Text>
          {error ? <Alert type="error" title={error} showIcon data-testid="login-error" /> : null}
          {needTotp ? <Alert type="info" title={t('admin_app.auth.totp_needed')} showIcon /> : null}
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
            <Form.Item
              name="email"
              label={t('admin_app.auth.email')}
              rules={[{ required: true, type: 'email', message: t('admin_app.auth.email_invalid') }]}
            >
              <Input
                prefix={<MailOutlined />}
                autoComplete="username"
                size="large"
                data-testid="login-email"
              />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('admin_app.auth.password')}
              rules={[{ required: true, message: t('admin_app.common.required') }]}
            >
              <Input.Password
                dir="ltr"
                prefix={<LockOutlined />}
                autoComplete="current-password"
                size="large"
                data-testid="login-password"
              />
            </Form.Item>
            {needTotp ? (
              <TotpCodeItem
                name="totp_code"
                prefix={<SafetyOutlined />}
                size="large"
                autoFocus
                testId="login-totp"
              />
            ) : null}
            {needCaptcha ? (
              <Form.Item label={t('admin_app.auth.captcha')} required>
                <Flex gap={8}>
                  <Form.Item
                    name="captcha"
                    noStyle
                    rules={[{ required: true, message: t('admin_app.common.required') }]}
                  >
                    <Input
                      dir="ltr"
                      size="large"
                      maxLength={12}
                      autoComplete="off"
                      data-testid="login-captcha"
                    />
                  </Form.Item>
                  {captcha.data ? (
                    <img
                      className="captcha-image"
                      src={captcha.data.b64s}
                      alt={t('admin_app.auth.captcha_refresh')}
                      title={t('admin_app.auth.captcha_refresh')}
                      onClick={() => void captcha.refetch()}
                    />
                  ) : null}
                </Flex>
              </Form.Item>
            ) : null}
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              loading={busy}
              data-testid="login-submit"
            >
              {t('admin_app.auth.login')}
            </Button>
          </Form>
          <Flex justify="center">
            <LanguageSelect />
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
