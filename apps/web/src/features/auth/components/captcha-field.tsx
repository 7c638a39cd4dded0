import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha';
import { CaptchaImage } from './captcha-image';
import { Field, FieldInput, type FieldValueProps } from './field';

interface Props extends FieldValueProps {
  error: string | undefined;
  captcha: { data: Captcha | undefined; isFetching: boolean; refetch: () => unknown };
  testId: string;
}

/** The image code field (registration, and login to a slowed-down account): a tap on the image fetches a new one. */
export function CaptchaField({ error, captcha, testId, ...input }: Props) {
  const { t } = useTranslation();
  return (
    <Field
      id={input.id}
      label={t('auth.captcha')}
      error={error}
      hint={t('auth.captcha_refresh')}
      end={
        <CaptchaImage
          captcha={captcha.data}
          loading={captcha.isFetching}
          onRefresh={() => void captcha.refetch()}
        />
      }
    >
      <FieldInput
        {...input}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        maxLength={12}
        ltr
        hasHint
        placeholder={t('auth.captcha_placeholder')}
        data-testid={testId}
      />
    </Field>
  );
}
