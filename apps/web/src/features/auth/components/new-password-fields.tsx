import { useTranslation } from 'react-i18next';
import { PasswordField, type FieldValueProps } from './field';

type PasswordInput = FieldValueProps & { error: string | undefined; testId: string };

interface Props {
  /** "Password" when registering, "New password" when resetting or changing it. */
  label: string;
  password: PasswordInput;
  repeat: PasswordInput;
}

/** A password to choose, with its rule, then the same again to catch a typo. */
export function NewPasswordFields({ label, password, repeat }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        label={label}
        placeholder={t('auth.password_placeholder')}
        autoComplete="new-password"
        hint={t('auth.password_rule')}
      />
      <PasswordField
        {...repeat}
        label={t('auth.repeat_password')}
        placeholder={t('auth.repeat_password_placeholder')}
        autoComplete="new-password"
      />
    </>
  );
}
