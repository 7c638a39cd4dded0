import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ROUTES } from '@/config/routes';
import { isApiError } from '@/lib/api';
import { useCaptcha } from '../api/get-captcha';
import { useDemoLogin } from '../api/demo-login';
import { useLogin } from '../api/login';
import { useSignInWithPasskey } from '../api/passkey-login';
import { useAccessSettings } from '../hooks/use-access-settings';
import { useAreaChoice } from '../hooks/use-area-choice';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { useFormProblem } from '../hooks/use-form-problem';
import { withFrom } from '../utils/from-path';
import { asksForCaptcha, checkLogin, type AccountMode } from '../utils/validation';
import { AccountField } from './account-field';
import { AccountTabs } from './account-tabs';
import { CaptchaField } from './captcha-field';
import { PasskeySignIn } from './passkey-sign-in';
import { PasswordField } from './field';
import styles from './form.module.css';

type LoginField = 'account' | 'password' | 'captcha';

/**
 * /login (docs/product.md §2, §5): e-mail — or phone, when the operator enables it — and password;
 * or straight into this device's demo account. Afterwards back to `from`, else home.
 * After failed attempts on an account the server asks for the image code
 * (docs/api.md "Accounts and access"): the field appears, and each try takes a new image.
 * A trader with a passkey signs in with it instead, without typing anything (docs/passkeys.md).
 */
export function LoginForm() {
  const { t } = useTranslation();
  const id = useId();
  const idOf = (field: LoginField) => `${id}-${field}`;
  const location = useLocation();
  const [params] = useSearchParams();
  const from = params.get('from');
  const settings = useAccessSettings();
  // Coming from registration, the new account is already filled in.
  const [prefill] = useState(() => location.state as { account?: string; mode?: AccountMode } | null);
  const [chosenMode, setMode] = useState<AccountMode>(prefill?.mode ?? 'email');
  const mode = settings.mobileTab ? chosenMode : 'email';
  const [account, setAccount] = useState(prefill?.account ?? '');
  const [password, setPassword] = useState('');
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaValue, setCaptchaValue] = useState('');
  const captcha = useCaptcha(captchaShown);
  const area = useAreaChoice(mode === 'mobile');
  const problems = useFormProblem<LoginField>(idOf);
  const loginCall = useLogin();
  const demoCall = useDemoLogin();
  const completeLogin = useCompleteLogin();
  const passkeyCall = useSignInWithPasskey();
  const busy = loginCall.isPending || demoCall.isPending || passkeyCall.isPending;

  const submit = () => {
    const captchaInput = { value: captchaValue, required: captchaShown };
    if (busy || !problems.report(checkLogin({ mode, account, password, captcha: captchaInput }))) return;
    loginCall.mutate(
      {
        account: account.trim(),
        password,
        login_type: mode === 'email' ? 1 : 2,
        area_id: mode === 'mobile' ? area.area?.id : undefined,
        key: captchaShown ? captcha.data?.id : undefined,
        captcha: captchaShown ? captchaValue.trim() : undefined,
      },
      {
        onSuccess: completeLogin,
        onError: (error) => {
          if (!isApiError(error) || !asksForCaptcha(error.data)) return;
          // An image answers one try: a refused login needs a new one (the first is fetched on show).
          setCaptchaValue('');
          if (captchaShown) void captcha.refetch();
          else setCaptchaShown(true);
        },
      },
    );
  };

  const switchMode = (next: AccountMode) => {
    if (next === mode) return;
    setMode(next);
    setAccount('');
    problems.report(null);
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="login-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {settings.mobileTab ? <AccountTabs mode={mode} onChange={switchMode} /> : null}
      <AccountField
        id={idOf('account')}
        value={account}
        onValue={(v) => {
          setAccount(v);
          problems.clear('account');
        }}
        invalid={!!problems.errorFor('account')}
        mode={mode}
        area={area}
        error={problems.errorFor('account')}
        emailAutoComplete="username"
        testId="login-account"
      />
      <PasswordField
        id={idOf('password')}
        label={t('auth.password')}
        placeholder={t('auth.password_placeholder')}
        autoComplete="current-password"
        value={password}
        onValue={(v) => {
          setPassword(v);
          problems.clear('password');
        }}
        error={problems.errorFor('password')}
        invalid={!!problems.errorFor('password')}
        testId="login-password"
      />
      {captchaShown ? (
        <CaptchaField
          id={idOf('captcha')}
          value={captchaValue}
          onValue={(v) => {
            setCaptchaValue(v);
            problems.clear('captcha');
          }}
          invalid={!!problems.errorFor('captcha')}
          error={problems.errorFor('captcha')}
          captcha={captcha}
          testId="login-captcha"
        />
      ) : null}
      <div className={styles.row}>
        <Link to={withFrom(ROUTES.forgot.path, from)} className={styles.link} data-testid="to-forgot">
          {t('auth.forgot')}
        </Link>
      </div>
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={loginCall.isPending}
        disabled={demoCall.isPending || passkeyCall.isPending}
        data-testid="login-submit"
      >
        {t('auth.login')}
      </Button>
      <PasskeySignIn
        call={passkeyCall}
        disabled={loginCall.isPending || demoCall.isPending}
        onSignedIn={completeLogin}
      />
      <div className={styles.divider}>{t('access.or')}</div>
      <Button
        block
        fill="outline"
        className={`${styles.submit} ${styles.demo}`}
        loading={demoCall.isPending}
        disabled={loginCall.isPending || passkeyCall.isPending}
        onClick={() => demoCall.mutate(undefined, { onSuccess: completeLogin })}
        data-testid="demo-login"
      >
        {t('auth.demo_login')}
      </Button>
      <p className={`${styles.hint} ${styles.center}`}>{t('auth.demo_hint')}</p>
      <p className={styles.footer}>
        {t('auth.no_account')}
        <Link to={withFrom(ROUTES.register.path, from)} className={styles.link} data-testid="to-register">
          {t('auth.to_register')}
        </Link>
      </p>
    </form>
  );
}
