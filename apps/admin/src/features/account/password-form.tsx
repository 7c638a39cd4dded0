import { adminChangePasswordEndpoint, OPERATOR_PASSWORD_RULE } from '@pipwise/shared';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError, refusedField } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useApiMutation } from '@/lib/query';
import { PasswordItem, sameAs } from './password-item';

interface Values {
  old_password: string;
  new_password: string;
  confirm: string;
}

const FIELDS: readonly string[] = ['old_password', 'new_password'];

interface Props {
  /** The button's text. */
  submitLabel: string;
  /** After the server took the new password (the form is cleared). */
  onChanged?: (newPassword: string) => void;
  /** Query path prefixes to refresh after the change (the profile, by default). */
  invalidates?: readonly string[];
}

/**
 * Replacing one's own password: the current one, the new one twice, checked here with the
 * server's rule (10–64 characters, a letter and a digit, not the current one); a refusal
 * naming a field is shown under that field.
 */
export function PasswordForm({ submitLabel, onChanged, invalidates = ['/api/admin/auth/'] }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useApiMutation(adminChangePasswordEndpoint, { invalidates, silent: true });
  const submit = (v: Values) =>
    change.mutate(
      { old_password: v.old_password, new_password: v.new_password },
      {
        onSuccess: () => {
          form.resetFields();
          onChanged?.(v.new_password);
        },
        onError: (error) => {
          // An ended session is told by the api layer (and leads to the login page).
          if (isApiError(error) && (error.kind === 'session' || error.kind === 'aborted')) return;
          const field = refusedField(error);
          const message = isApiError(error) ? error.message : t('admin_app.common.network_error');
          if (field && FIELDS.includes(field))
            form.setFields([{ name: field as keyof Values, errors: [message] }]);
          else notify.error(message);
        },
      },
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="password-form">
      <PasswordItem name="old_password" label={t('admin_app.account.old_password')} testId="password-old" />
      <PasswordItem
        name="new_password"
        label={t('admin_app.account.new_password')}
        autoComplete="new-password"
        extra={t('admin_app.account.password_rule')}
        dependencies={['old_password']}
        rules={[
          { pattern: OPERATOR_PASSWORD_RULE, message: t('admin_app.account.password_rule') },
          sameAs('old_password', false, t('admin_app.account.password_same')),
        ]}
        testId="password-new"
      />
      <PasswordItem
        name="confirm"
        label={t('admin_app.account.confirm_password')}
        autoComplete="new-password"
        dependencies={['new_password']}
        rules={[sameAs('new_password', true, t('admin_app.account.password_mismatch'))]}
        testId="password-confirm"
      />
      <Typography.Paragraph type="secondary">{t('admin_app.account.password_sessions')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
