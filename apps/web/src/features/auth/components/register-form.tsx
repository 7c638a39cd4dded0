import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ROUTES } from '@/config/routes';
import { useCaptcha } from '../api/get-captcha';
import { useRegister } from '../api/register';
import { useAccessSettings } from '../hooks/use-access-settings';
import { useAreaChoice } from '../hooks/use-area-choice';
import { useFormFields } from '../hooks/use-form-fields';
import { useSendCode } from '../hooks/use-send-code';
import { withFrom } from '../utils/from-path';
import { checkCodeTarget, checkRegister, type AccountMode, type RegisterField } from '../utils/validation';
import { AccountField } from './account-field';
import { AccountTabs } from './account-tabs';
import { AreaPicker } from './area-picker';
import { CaptchaField } from './captcha-field';
import { CodeField } from './code-field';
import { Field, FieldInput } from './field';
import styles from './form.module.css';
import { NewPasswordFields } from './new-password-fields';

type FormField = RegisterField | 'invite';

/**
 * /register (docs/product.md §2): e-mail (or phone) with its code, the optional phone number the
 * operator may show (shown is not required; the server validates it when given), the
 * password twice, an optional invite code (prefilled from ?invite_code=) and the image
 * captcha when required. Success goes to /login with the account filled in.
 */
export function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  const settings = useAccessSettings();
  const [chosenMode, setMode] = useState<AccountMode>('email');
  const mode = settings.mobileTab ? chosenMode : 'email';
  const extraPhone = mode === 'email' ? settings.extraPhone : 'hidden';

  const { values, setValues, idOf, problems, input } = useFormFields<FormField>({
    account: '',
    code: '',
    phone: '',
    password: '',
    repeat: '',
    invite: params.get('invite_code')?.trim() ?? '',
    captcha: '',
  });
  const area = useAreaChoice(mode === 'mobile' || extraPhone === 'with-area');
  const code = useSendCode(`register:${mode}`);
  const captcha = useCaptcha(settings.captcha);
  const registerCall = useRegister();

  const sendCode = () => {
    if (!problems.report(checkCodeTarget(mode, values.account))) return;
    code.send(mode === 'email' ? 'email' : 'sms', {
      to: values.account.trim(),
      area_id: mode === 'mobile' ? area.area?.id : undefined,
      type: 1,
    });
  };

  const submit = () => {
    if (registerCall.isPending) return;
    const problem = checkRegister({
      mode,
      account: values.account,
      code: values.code,
      password: values.password,
      repeat: values.repeat,
      captcha: { value: values.captcha, required: settings.captcha },
    });
    if (!problems.report(problem)) return;
    const account = values.account.trim();
    registerCall.mutate(
      {
        type: mode === 'email' ? 1 : 2,
        account,
        sms_code: values.code.trim(),
        password: values.password,
        re_password: values.repeat,
        area_id: mode === 'mobile' || extraPhone === 'with-area' ? area.area?.id : undefined,
        mobile: extraPhone === 'hidden' ? undefined : values.phone.trim() || undefined,
        invite_code: values.invite.trim() || undefined,
        key: settings.captcha ? captcha.data?.id : undefined,
        captcha: settings.captcha ? values.captcha.trim() : undefined,
      },
      {
        onSuccess: () =>
          void navigate(withFrom(ROUTES.login.path, from), { replace: true, state: { account, mode } }),
        onError: () => {
          // Each image code allows one try: a failed registration needs a new one.
          if (!settings.captcha) return;
          setValues((v) => ({ ...v, captcha: '' }));
          void captcha.refetch();
        },
      },
    );
  };

  const switchMode = (next: AccountMode) => {
    if (next === mode) return;
    setMode(next);
    setValues((v) => ({ ...v, account: '', code: '' }));
    problems.report(null);
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="register-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {settings.mobileTab ? <AccountTabs mode={mode} onChange={switchMode} /> : null}
      <AccountField
        {...input('account')}
        mode={mode}
        area={area}
        error={problems.errorFor('account')}
        emailAutoComplete="email"
        testId="register-account"
      />
      <CodeField
        {...input('code')}
        error={problems.errorFor('code')}
        sender={code}
        onSend={sendCode}
        testId="register-code"
      />
      {extraPhone !== 'hidden' ? (
        <Field
          id={idOf('phone')}
          label={t('auth.mobile_optional')}
          error={problems.errorFor('phone')}
          start={
            extraPhone === 'with-area' ? (
              <AreaPicker area={area.area} areas={area.areas} onChange={area.choose} />
            ) : null
          }
        >
          <FieldInput
            {...input('phone')}
            type="tel"
            inputMode="tel"
            autoComplete={extraPhone === 'with-area' ? 'tel-national' : 'tel'}
            ltr
            placeholder={
              extraPhone === 'with-area' ? t('auth.mobile_placeholder') : t('access.mobile_intl_placeholder')
            }
            data-testid="register-phone"
          />
        </Field>
      ) : null}
      <NewPasswordFields
        label={t('auth.password')}
        password={{ ...input('password'), error: problems.errorFor('password'), testId: 'register-password' }}
        repeat={{ ...input('repeat'), error: problems.errorFor('repeat'), testId: 'register-repeat' }}
      />
      <Field id={idOf('invite')} label={t('auth.invite_code')}>
        <FieldInput
          {...input('invite')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          ltr
          placeholder={t('auth.invite_code_placeholder')}
          data-testid="register-invite"
        />
      </Field>
      {settings.captcha ? (
        <CaptchaField
          {...input('captcha')}
          error={problems.errorFor('captcha')}
          captcha={captcha}
          testId="register-captcha"
        />
      ) : null}
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={registerCall.isPending}
        data-testid="register-submit"
      >
        {t('auth.register')}
      </Button>
      <p className={styles.footer}>
        {t('auth.have_account')}
        <Link to={withFrom(ROUTES.login.path, from)} className={styles.link} data-testid="to-login">
          {t('auth.to_login')}
        </Link>
      </p>
    </form>
  );
}
