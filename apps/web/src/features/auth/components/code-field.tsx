import { useTranslation } from 'react-i18next';
import { CodeButton } from './code-button';
import { Field, FieldInput, type FieldValueProps } from './field';

interface Props extends FieldValueProps {
  error: string | undefined;
  /** The countdown of the "get code" button (useSendCode). */
  sender: { remaining: number; disabled: boolean };
  onSend: () => void;
  testId: string;
}

/** The e-mailed or texted code, with its "get code" button inside the box (docs/product.md §4). */
export function CodeField({ error, sender, onSend, testId, ...input }: Props) {
  const { t } = useTranslation();
  return (
    <Field
      id={input.id}
      label={t('auth.code')}
      error={error}
      end={<CodeButton remaining={sender.remaining} disabled={sender.disabled} onClick={onSend} />}
    >
      <FieldInput
        {...input}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        ltr
        placeholder={t('auth.code_placeholder')}
        data-testid={testId}
      />
    </Field>
  );
}
