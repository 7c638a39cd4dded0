import { Form, Input, type FormRule } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useTranslation } from 'react-i18next';
import { required } from '@/lib/rules';

interface Props {
  name: string;
  label: string;
  /** The current password (the default), or a new one the browser may offer to generate. */
  autoComplete?: 'current-password' | 'new-password';
  extra?: string;
  dependencies?: NamePath[];
  /** Checks beyond "required". */
  rules?: FormRule[];
  testId?: string;
}

/** A password field of the operator's own forms: required, left to right whatever the language. */
export function PasswordItem({
  name,
  label,
  autoComplete = 'current-password',
  extra,
  dependencies,
  rules = [],
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      dependencies={dependencies}
      rules={[required(t), ...rules]}
    >
      <Input.Password dir="ltr" autoComplete={autoComplete} data-testid={testId} />
    </Form.Item>
  );
}

/** A rule comparing the field with another one of the form (the repeated password …). */
export function sameAs(other: string, mustEqual: boolean, message: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, v: string | undefined) =>
      !v || (v === getFieldValue(other)) === mustEqual
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  });
}
