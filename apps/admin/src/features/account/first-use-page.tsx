import { LogoutOutlined } from '@ant-design/icons';
import { adminMeEndpoint, adminTotpSetupEndpoint, firstUsePending } from '@pipwise/shared';
import { Button, Card, Divider, Flex, Result, Spin, Steps, Tag, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { request } from '@/lib/api';
import { isOn } from '@/lib/codes';
import { logOut } from '@/lib/logout';
import { useApiQuery } from '@/lib/query';
import { updateOperator, useSession } from '@/lib/session';
import { PasswordForm } from './password-form';
import { TotpSetup, type TotpSecret } from './totp-setup';

/** Only a path of the back office itself is a place to go on to. */
function nextPath(from: string | null): string {
  return from &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login') &&
    !from.startsWith('/setup')
    ? from
    : '/';
}

/** One step of the first use: what to do, why, then its form. */
function StepSection({
  testId,
  title,
  why,
  children,
}: {
  testId: string;
  title: string;
  why: string;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={4} data-testid={testId}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{why}</Typography.Paragraph>
      {children}
    </Flex>
  );
}

/**
 * The first use of an account (docs/api.md "Back office API"): an operator with a password
 * they were given (first start, an admin) replaces it, then — two-factor being required —
 * turns on two-factor; until both are done the server answers nothing else (code 2028) and
 * the menus stay out of reach. Each step shows only when the server says it is needed.
 */
export default function FirstUsePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = useSession();
  const operator = session?.operator;
  // The profile as the server has it now (a session kept from before, another tab).
  const me = useApiQuery(adminMeEndpoint, {}, { enabled: !!session, staleTime: 0 });
  useEffect(() => {
    if (me.data) updateOperator(me.data);
  }, [me.data]);

  /** The steps this operator had to take, kept once seen so the done steps stay listed. */
  const [plan, setPlan] = useState({ password: false, totp: false });
  const [secret, setSecret] = useState<TotpSecret | null>(null);
  /** Between the new password and the two-factor step (the profile, then a secret). */
  const [advancing, setAdvancing] = useState(false);

  const needPassword = isOn(operator?.must_change_password);
  const needTotp = operator?.totp_setup_required === true;
  if ((needPassword && !plan.password) || (needTotp && !plan.totp)) {
    setPlan({ password: plan.password || needPassword, totp: plan.totp || needTotp });
  }

  if (!session || !operator) return <Navigate to="/login" replace />;
  const from = nextPath(params.get('from'));
  if (!firstUsePending(operator) && !plan.password && !plan.totp) {
    return <Navigate to={from} replace />;
  }

  const steps = [
    ...(plan.password ? [{ key: 'password', title: t('admin_app.first_use.step_password') }] : []),
    ...(plan.totp ? [{ key: 'totp', title: t('admin_app.first_use.step_two_factor') }] : []),
    { key: 'done', title: t('admin_app.first_use.step_done') },
  ];
  const current = needPassword ? 'password' : needTotp ? 'totp' : 'done';
  const currentIndex = steps.findIndex((s) => s.key === current);

  const afterPassword = async (newPassword: string) => {
    setAdvancing(true);
    try {
      const profile = await request(adminMeEndpoint, {}, { silent: true }).catch(() => null);
      if (!profile) {
        void me.refetch();
        return;
      }
      // Straight on to two-factor with the password just typed: no need to ask for it again
      // (should this fail, the step asks for the password itself).
      if (profile.totp_setup_required) {
        setSecret(
          await request(adminTotpSetupEndpoint, { password: newPassword }, { silent: true }).catch(
            () => null,
          ),
        );
      }
      updateOperator(profile);
    } finally {
      setAdvancing(false);
    }
  };

  const leave = async () => {
    await logOut();
    await navigate('/login', { replace: true });
  };

  return (
    <div className="first-use-page" data-testid="first-use">
      <Card className="first-use-card">
        <Flex vertical gap={20}>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Flex align="center" gap={10}>
              <img src="/favicon.svg" alt="" width={32} height={32} />
              <Typography.Text strong style={{ fontSize: 16 }}>
                {t('admin_app.brand')}
              </Typography.Text>
            </Flex>
            <Flex align="center" gap={8}>
              <LanguageSelect />
              <Button icon={<LogoutOutlined />} onClick={() => void leave()} data-testid="first-use-logout">
                {t('admin_app.auth.logout')}
              </Button>
            </Flex>
          </Flex>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('admin_app.first_use.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
              {t('admin_app.first_use.intro')}
            </Typography.Paragraph>
            <Flex align="center" gap={8} wrap style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">{t('admin_app.first_use.signed_in_as')}</Typography.Text>
              <Typography.Text strong>
                <bdi dir="ltr">{operator.email}</bdi>
              </Typography.Text>
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {t(`admin_app.role.${operator.role}`)}
              </Tag>
            </Flex>
          </div>
          <Steps current={currentIndex} items={steps.map(({ title }) => ({ title }))} />
          <Divider style={{ margin: 0 }} />
          {current === 'password' ? (
            <StepSection
              testId="first-use-password"
              title={t('admin_app.first_use.password_title')}
              why={t('admin_app.first_use.password_why')}
            >
              <Spin spinning={advancing}>
                <div style={{ maxWidth: 420 }}>
                  <PasswordForm
                    submitLabel={t('admin_app.first_use.save_password')}
                    invalidates={[]}
                    onChanged={(p) => void afterPassword(p)}
                  />
                </div>
              </Spin>
            </StepSection>
          ) : current === 'totp' ? (
            <StepSection
              testId="first-use-totp"
              title={t('admin_app.first_use.totp_title')}
              why={t('admin_app.first_use.totp_why')}
            >
              <TotpSetup key={secret?.secret ?? 'ask'} initialSecret={secret} steps={false} />
            </StepSection>
          ) : (
            <Result
              status="success"
              title={t('admin_app.first_use.done_title')}
              subTitle={t('admin_app.first_use.done_desc')}
              style={{ padding: '8px 0' }}
              extra={
                <Button
                  type="primary"
                  size="large"
                  onClick={() => void navigate(from, { replace: true })}
                  data-testid="first-use-continue"
                >
                  {t('admin_app.first_use.go')}
                </Button>
              }
              data-testid="first-use-done"
            />
          )}
        </Flex>
      </Card>
    </div>
  );
}
