import { PASSWORD_RULE } from '@pipwise/shared';

/**
 * Client-side checks before a form is sent (docs/product.md §5). Each returns the first problem in
 * the order the fields appear on screen, so the message points at the field the trader
 * reaches first; the server checks everything again.
 */

export type AccountMode = 'email' | 'mobile';

/** The texts these checks may show (all exist in en.json). */
export type FormMessageKey =
  | 'auth.enter_email'
  | 'auth.enter_mobile'
  | 'auth.enter_password'
  | 'auth.enter_email_code'
  | 'auth.enter_sms_code'
  | 'auth.enter_captcha'
  | 'auth.repeat_password_placeholder'
  | 'auth.fill_completely'
  | 'auth.password_mismatch'
  | 'errors.email_invalid'
  | 'errors.weak_password';

export interface FormProblem<F extends string = string> {
  /** The field to mark and focus; absent for a message about the whole form. */
  field?: F;
  message: FormMessageKey;
}

const blank = (value: string | undefined) => !value || value.trim() === '';
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function accountProblem(mode: AccountMode, account: string): FormProblem<'account'> | null {
  if (blank(account))
    return { field: 'account', message: mode === 'email' ? 'auth.enter_email' : 'auth.enter_mobile' };
  if (mode === 'email' && !EMAIL_SHAPE.test(account.trim()))
    return { field: 'account', message: 'errors.email_invalid' };
  return null;
}

function newPasswordProblem(password: string, repeat: string): FormProblem<'password' | 'repeat'> | null {
  if (blank(password)) return { field: 'password', message: 'auth.enter_password' };
  if (!PASSWORD_RULE.test(password)) return { field: 'password', message: 'errors.weak_password' };
  if (blank(repeat)) return { field: 'repeat', message: 'auth.repeat_password_placeholder' };
  if (password !== repeat) return { field: 'repeat', message: 'auth.password_mismatch' };
  return null;
}

const codeMessage = (mode: AccountMode): FormMessageKey =>
  mode === 'email' ? 'auth.enter_email_code' : 'auth.enter_sms_code';

/**
 * Login (docs/product.md §5): empty account, then empty password, then — once the server asked for
 * it after failed attempts on the account — the image code.
 */
export function checkLogin(input: {
  mode: AccountMode;
  account: string;
  password: string;
  captcha?: { value: string; required: boolean };
}): FormProblem<'account' | 'password' | 'captcha'> | null {
  if (blank(input.account))
    return { field: 'account', message: input.mode === 'email' ? 'auth.enter_email' : 'auth.enter_mobile' };
  if (blank(input.password)) return { field: 'password', message: 'auth.enter_password' };
  if (input.captcha?.required && blank(input.captcha.value))
    return { field: 'captcha', message: 'auth.enter_captcha' };
  return null;
}

/** Whether a refused login asks for the image code (`data.captcha_required` of the envelope). */
export function asksForCaptcha(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { captcha_required?: unknown }).captcha_required === true
  );
}

export type RegisterField = 'account' | 'code' | 'phone' | 'password' | 'repeat' | 'captcha';

/**
 * Registration: account, code, passwords, captcha. The extra phone number is optional
 * (spec /register) and checked by the server when given.
 */
export function checkRegister(input: {
  mode: AccountMode;
  account: string;
  code: string;
  password: string;
  repeat: string;
  captcha?: { value: string; required: boolean };
}): FormProblem<RegisterField> | null {
  return (
    accountProblem(input.mode, input.account) ??
    (blank(input.code) ? { field: 'code', message: codeMessage(input.mode) } : null) ??
    newPasswordProblem(input.password, input.repeat) ??
    (input.captcha?.required && blank(input.captcha.value)
      ? { field: 'captcha', message: 'auth.enter_captcha' }
      : null)
  );
}

/** Forgotten password: account, code, new password twice (the order of the form). */
export function checkForgot(input: {
  mode: AccountMode;
  account: string;
  code: string;
  password: string;
  repeat: string;
}): FormProblem<'account' | 'code' | 'password' | 'repeat'> | null {
  return (
    accountProblem(input.mode, input.account) ??
    (blank(input.code) ? { field: 'code', message: codeMessage(input.mode) } : null) ??
    newPasswordProblem(input.password, input.repeat)
  );
}

/**
 * Change of password (docs/product.md §5): any empty field shows "please fill in completely",
 * two different passwords the mismatch message.
 */
export function checkAmend(input: {
  password: string;
  repeat: string;
  code: string;
}): FormProblem<'password' | 'repeat' | 'code'> | null {
  const empty = (['password', 'repeat', 'code'] as const).find((f) => blank(input[f]));
  if (empty) return { field: empty, message: 'auth.fill_completely' };
  if (input.password !== input.repeat) return { field: 'repeat', message: 'auth.password_mismatch' };
  if (!PASSWORD_RULE.test(input.password)) return { field: 'password', message: 'errors.weak_password' };
  return null;
}

/** The send-code button's own check: there must be somewhere to send it. */
export function checkCodeTarget(mode: AccountMode, account: string): FormProblem<'account'> | null {
  return accountProblem(mode, account);
}
