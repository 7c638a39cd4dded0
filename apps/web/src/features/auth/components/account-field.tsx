import { useTranslation } from 'react-i18next';
import type { AreaChoice } from '../hooks/use-area-choice';
import type { AccountMode } from '../utils/validation';
import { AreaPicker } from './area-picker';
import { Field, FieldInput, type FieldValueProps } from './field';

interface Props extends FieldValueProps {
  mode: AccountMode;
  /** The area code, shown before a mobile number. */
  area: AreaChoice;
  error: string | undefined;
  /** Signing in or resetting fills a saved login ('username'); registering a new address ('email'). */
  emailAutoComplete: 'username' | 'email';
  testId: string;
}

/** The account a form is about: an e-mail address, or a mobile number after its area code. */
export function AccountField({ mode, area, error, emailAutoComplete, testId, ...input }: Props) {
  const { t } = useTranslation();
  const email = mode === 'email';
  return (
    <Field
      id={input.id}
      label={email ? t('auth.email') : t('auth.mobile')}
      error={error}
      start={email ? null : <AreaPicker area={area.area} areas={area.areas} onChange={area.choose} />}
    >
      <FieldInput
        {...input}
        type={email ? 'email' : 'tel'}
        inputMode={email ? 'email' : 'tel'}
        autoComplete={email ? emailAutoComplete : 'tel-national'}
        autoCapitalize="none"
        spellCheck={false}
        ltr
        placeholder={email ? t('auth.email_placeholder') : t('auth.mobile_placeholder')}
        data-testid={testId}
      />
    </Field>
  );
}
