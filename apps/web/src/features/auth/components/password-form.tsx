import { LockOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { useSession } from '@/lib/use-session';
import { useAmendPassword } from '../api/amend-password';
import { useUserInfo } from '../api/get-user-info';
import { useFormFields } from '../hooks/use-form-fields';
import { useSendCode } from '../hooks/use-send-code';
import { checkAmend } from '../utils/validation';
import { CodeField } from './code-field';
import styles from './form.module.css';
import { NewPasswordFields } from './new-password-fields';
import notice from './notice.module.css';

type FormField = 'password' | 'repeat' | 'code';

/**
 * /mine/password: a new password, proven by a code (purpose 3) sent to the user's own
 * e-mail — or phone, for an account without e-mail. Demo users are told to use a real
 * account instead (docs/product.md §6); the server refuses them too (code 2003).
 */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const info = useUserInfo();
  const isDemo = (info.data?.is_demo ?? session?.user?.is_demo) === 1;
  if (isDemo) {
    return (
      <StatusView
        fill
        testId="password-demo"
        icon={<LockOutline />}
        title={t('common.register_real_account')}
        action={{ label: t('auth.to_register'), onClick: () => void navigate(ROUTES.register.path) }}
      />
    );
  }
  return <AmendForm email={info.data?.email ?? null} phone={phoneOf(info.data)} onDone={onDone} />;
}

function phoneOf(user: { area_code: string | null; mobile: string | null } | undefined): string | null {
  return user?.area_code && user.mobile ? `${user.area_code} ${user.mobile}` : null;
}

function AmendForm({
  email,
  phone,
  onDone,
}: {
  email: string | null;
  phone: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { values, problems, input } = useFormFields<FormField>({
    password: '',
    repeat: '',
    code: '',
  });
  // An account without e-mail (registered by phone) gets its code by text.
  const channel = email || !phone ? 'email' : 'sms';
  const target = channel === 'email' ? email : phone;
  const code = useSendCode('amend');
  const amendCall = useAmendPassword();

  const submit = () => {
    if (amendCall.isPending || !problems.report(checkAmend(values))) return;
    amendCall.mutate(
      {
        type: channel === 'email' ? 1 : 2,
        new_password: values.password,
        secondary_password: values.repeat,
        auth_code: values.code.trim(),
      },
      { onSuccess: onDone },
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="password-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className={notice.notice} data-testid="code-target">
        <span className={notice.icon} aria-hidden>
          {channel === 'email' ? <MailOutline /> : <PhonebookOutline />}
        </span>
        <span className={notice.text}>
          <span className={notice.label}>{t('access.code_target')}</span>
          {target ? (
            <span className={notice.target}>
              <bdi dir="ltr">{target}</bdi>
            </span>
          ) : (
            <span className={notice.placeholder} aria-busy="true" />
          )}
        </span>
      </div>
      <NewPasswordFields
        label={t('auth.new_password')}
        password={{ ...input('password'), error: problems.errorFor('password'), testId: 'amend-password' }}
        repeat={{ ...input('repeat'), error: problems.errorFor('repeat'), testId: 'amend-repeat' }}
      />
      <CodeField
        {...input('code')}
        error={problems.errorFor('code')}
        sender={code}
        onSend={() => code.send(channel, { type: 3 })}
        testId="amend-code"
      />
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={amendCall.isPending}
        data-testid="amend-submit"
      >
        {t('auth.change_password')}
      </Button>
      <p className={`${styles.hint} ${styles.centerText}`}>{t('access.other_devices_hint')}</p>
    </form>
  );
}
