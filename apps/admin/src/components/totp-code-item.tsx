import { Form, Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** An authenticator's code: six digits. */
export const TOTP_CODE = /^\d{6}$/;

type Props = Pick<InputProps, 'prefix' | 'size' | 'autoFocus' | 'placeholder' | 'style'> & {
  name: string;
  testId?: string;
};

/** The 6-digit code of an authenticator app (login, turning two-factor on or off). */
export function TotpCodeItem({ name, testId, ...input }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('admin_app.auth.totp_code')}
      rules={[{ required: true, pattern: TOTP_CODE, message: t('admin_app.auth.totp_code_invalid') }]}
    >
      <Input
        dir="ltr"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        data-testid={testId}
        {...input}
      />
    </Form.Item>
  );
}
