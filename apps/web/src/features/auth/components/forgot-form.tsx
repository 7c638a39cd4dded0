import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ROUTES } from '@/config/routes';
import { useForgetPassword } from '../api/forget-password';
import { useAccessSettings } from '../hooks/use-access-settings';
import { useAreaChoice } from '../hooks/use-area-choice';
import { useFormFields } from '../hooks/use-form-fields';
import { useSendCode } from '../hooks/use-send-code';
import { withFrom } from '../utils/from-path';
import { checkCodeTarget, checkForgot, type AccountMode } from '../utils/validation';
import { AccountField } from './account-field';
import { AccountTabs } from './account-tabs';
import { CodeField } from './code-field';
import styles from './form.module.css';
import { NewPasswordFields } from './new-password-fields';

type FormField = 'account' | 'code' | 'password' | 'repeat';

/** /forgot (docs/product.md §2): account, code (purpose 2), new password twice → reset → log in. */
export function ForgotForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const settings = useAccessSettings();
  const [chosenMode, setMode] = useState<AccountMode>('email');
  const mode = settings.mobileTab ? chosenMode : 'email';
  const { values, setValues, problems, input } = useFormFields<FormField>({
    account: '',
    code: '',
    password: '',
    repeat: '',
  });
  const area = useAreaChoice(mode === 'mobile');
  const code = useSendCode(`forgot:${mode}`);
  const resetCall = useForgetPassword();

  const sendCode = () => {
    if (!problems.report(checkCodeTarget(mode, values.account))) return;
    code.send(mode === 'email' ? 'email' : 'sms', {
      to: values.account.trim(),
      area_id: mode === 'mobile' ? area.area?.id : undefined,
      type: 2,
    });
  };

  const submit = () => {
    if (resetCall.isPending || !problems.report(checkForgot({ mode, ...values }))) return;
    const account = values.account.trim();
    resetCall.mutate(
      {
        type: mode === 'email' ? 1 : 2,
        account,
        area_id: mode === 'mobile' ? area.area?.id : undefined,
        auth_code: values.code.trim(),
        new_password: values.password,
        secondary_password: values.repeat,
      },
      {
        onSuccess: () =>
          void navigate(withFrom(ROUTES.login.path, params.get('from')), {
            replace: true,
            state: { account, mode },
          }),
      },
    );
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="forgot-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {settings.mobileTab ? (
        <AccountTabs
          mode={mode}
          onChange={(next) => {
            if (next === mode) return;
            setMode(next);
            setValues((v) => ({ ...v, account: '', code: '' }));
            problems.report(null);
          }}
        />
      ) : null}
      <AccountField
        {...input('account')}
        mode={mode}
        area={area}
        error={problems.errorFor('account')}
        emailAutoComplete="username"
        testId="forgot-account"
      />
      <CodeField
        {...input('code')}
        error={problems.errorFor('code')}
        sender={code}
        onSend={sendCode}
        testId="forgot-code"
      />
      <NewPasswordFields
        label={t('auth.new_password')}
        password={{ ...input('password'), error: problems.errorFor('password'), testId: 'forgot-password' }}
        repeat={{ ...input('repeat'), error: problems.errorFor('repeat'), testId: 'forgot-repeat' }}
      />
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={resetCall.isPending}
        data-testid="forgot-submit"
      >
        {t('auth.reset')}
      </Button>
    </form>
  );
}
