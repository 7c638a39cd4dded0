import {
  OPERATOR_PASSWORD_RULE,
  OPERATOR_ROLES,
  type adminCreateOperatorEndpoint,
  type adminResetOperatorEndpoint,
  type EndpointInput,
  type Operator,
  type OperatorRole,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import type { CrudForm, FieldDecl } from '@/components/crud/types';

export const OPERATORS_STALE = ['/api/admin/operators/'];

export const roleOptions = (t: TFunction) =>
  OPERATOR_ROLES.map((r) => ({ value: r, label: t(`admin_app.role.${r}`) }));

/** The password an admin gives: the server's rule, replaced by its owner at the first login. */
function initialPassword(t: TFunction): FieldDecl {
  return {
    key: 'password',
    name: 'password',
    label: t('admin_app.operators.initial_password'),
    extra: [t('admin_app.account.password_rule'), t('admin_app.operators.initial_password_note')],
    required: 'value',
    rules: [{ pattern: OPERATOR_PASSWORD_RULE, message: t('admin_app.account.password_rule') }],
    input: { kind: 'password', autoComplete: 'new-password' },
  };
}

export interface NewOperator {
  email: string;
  name: string;
  role: OperatorRole;
  password: string;
}

/** A new operator: who, their role, and the password they replace at their first login. */
export function createOperatorForm(
  t: TFunction,
): CrudForm<NewOperator, EndpointInput<typeof adminCreateOperatorEndpoint>> {
  return {
    title: t('admin_app.operators.new'),
    width: 520,
    initial: { email: '', name: '', role: 'support', password: '' },
    fields: () => [
      {
        key: 'email',
        name: 'email',
        label: t('admin_app.auth.email'),
        rules: [{ required: true, type: 'email', message: t('admin_app.auth.email_invalid') }],
        input: { kind: 'text', dir: 'ltr', maxLength: 254, autoComplete: 'off' },
      },
      {
        key: 'name',
        name: 'name',
        label: t('admin_app.operators.name'),
        required: 'text',
        input: { kind: 'text', maxLength: 60 },
      },
      {
        key: 'role',
        name: 'role',
        label: t('admin_app.operators.role'),
        extra: t('admin_app.operators.roles_help'),
        input: { kind: 'select', options: roleOptions(t) },
      },
      initialPassword(t),
    ],
    toInput: (v) => ({ email: v.email.trim(), name: v.name.trim(), role: v.role, password: v.password }),
  };
}

/** A new initial password for an operator: two-factor off, sessions ended. */
export function resetOperatorForm(
  t: TFunction,
  operator: Operator,
): CrudForm<{ password: string }, Omit<EndpointInput<typeof adminResetOperatorEndpoint>, 'id'>> {
  return {
    title: t('admin_app.operators.reset_title', { email: operator.email }),
    width: 520,
    okText: t('admin_app.operators.reset'),
    danger: true,
    intro: t('admin_app.operators.reset_desc'),
    initial: { password: '' },
    fields: () => [initialPassword(t)],
    toInput: (v) => ({ password: v.password }),
  };
}
