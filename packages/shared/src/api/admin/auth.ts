import { z } from 'zod';
import { OPERATOR_ROLES } from '../../domain/operators.js';
import { defineEndpoint } from '../endpoint.js';
import { optionalText, requiredText } from '../fields.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * Operators' own access (docs/api.md "Back office API"): login with the same abuse
 * protection as traders' (per-source lockout, the image code after repeated failures),
 * logout, the caller's profile, password change and TOTP two-factor.
 *
 * The session token travels in `authorization` like a trader's, but only operator sessions
 * open `/api/admin/...`: without one (or with a trader's) every call answers code 999; an
 * operator who has not finished their first use (FIRST_USE_PATHS) code 2028; a role that
 * may not call an endpoint code 2003.
 */

/** Passwords are taken as typed (never trimmed); the rule is checked by the server. */
const password = z.string().min(1).max(128);
/** A 6-digit code of the authenticator app (checked by the server, so a typo is "wrong code"). */
const totpCode = requiredText(10);

/** An operator as the back office shows one; never a password hash or a TOTP secret. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** 0 once deactivated: cannot log in, sessions ended. */
  active: z.number().int(),
  /** 1 when logging in needs the authenticator code. */
  totp_enabled: z.number().int(),
  /**
   * 1 while the operator still has a password they did not choose (generated at the first
   * start, ADMIN_PASSWORD, or set by an admin creating or resetting them): until they
   * replace it with `auth/password`, only FIRST_USE_PATHS answer.
   */
  must_change_password: z.number().int(),
  created_at: z.number().int(),
  /** Epoch ms of the last successful login, null before the first. */
  last_login_at: z.number().int().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** The logged-in operator, with what the admin app needs to steer them. */
export const OperatorProfileSchema = OperatorSchema.extend({
  /**
   * True when this operator must use two-factor (the `admin_totp_required` setting, on by
   * default, for every role) but has not turned it on yet: until they do, only
   * FIRST_USE_PATHS answer.
   */
  totp_setup_required: z.boolean(),
  /** True while `admin_totp_required` is on: two-factor cannot be turned off. */
  totp_required: z.boolean(),
});
export type OperatorProfile = z.infer<typeof OperatorProfileSchema>;

/**
 * POST /api/admin/auth/login — e-mail and password, plus `totp_code` once two-factor is on.
 * Refusals (code 2000): a wrong e-mail or password ("Incorrect account or password", the
 * same whether or not the operator exists); `data.captcha_required` after repeated
 * failures — send `key` + `captcha` from `GET /api/common/captcha`; `data.totp_required`
 * when the password was right but the authenticator code is missing or wrong. Too many
 * failures from one address lock it out for a while ("try again in N minutes").
 */
export const adminLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/login',
  input: z.object({
    email: requiredText(254),
    password,
    totp_code: optionalText(10),
    key: optionalText(64),
    captcha: optionalText(12),
  }),
  output: z.object({ token: z.string(), operator: OperatorProfileSchema }),
  auth: false,
});

/** POST /api/admin/auth/logout — ends the caller's session. */
export const adminLogoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/logout',
  input: z.object({}),
  output: z.null(),
  ...operatorAccess(ROLES.any),
});

/** GET /api/admin/auth/me — the logged-in operator. */
export const adminMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/auth/me',
  input: z.object({}),
  output: OperatorProfileSchema,
  ...operatorAccess(ROLES.any),
});

/**
 * POST /api/admin/auth/password — changes the caller's password (10–64 characters with a
 * letter and a digit, not the current one); their other sessions end, and a password they
 * were given (`must_change_password`) no longer needs replacing.
 */
export const adminChangePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/password',
  input: z.object({ old_password: password, new_password: password }),
  output: z.null(),
  ...operatorAccess(ROLES.any),
});

/**
 * POST /api/admin/auth/totp/setup — starts two-factor: a new secret (shown once, for the
 * authenticator app; `otpauth_url` makes the QR code). Nothing changes at login until
 * `totp/enable` confirms a code. Refused while two-factor is on (disable it first).
 */
export const adminTotpSetupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/totp/setup',
  input: z.object({ password }),
  output: z.object({ secret: z.string(), otpauth_url: z.string() }),
  ...operatorAccess(ROLES.any),
});

/** POST /api/admin/auth/totp/enable — confirms the set-up with a code; login needs one from now on. */
export const adminTotpEnableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/totp/enable',
  input: z.object({ code: totpCode }),
  output: OperatorProfileSchema,
  ...operatorAccess(ROLES.any),
});

/**
 * POST /api/admin/auth/totp/disable — turns two-factor off (password and a current code).
 * Refused while `admin_totp_required` is on (every role).
 */
export const adminTotpDisableEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/auth/totp/disable',
  input: z.object({ password, code: totpCode }),
  output: OperatorProfileSchema,
  ...operatorAccess(ROLES.any),
});

/**
 * What an operator who has not finished their first use (`must_change_password` or
 * `totp_setup_required`) may still call: who they are, logging out, replacing the password
 * and turning on two-factor. Every other back-office call answers code 2028 (SetupRequired)
 * with those two fields of the profile as `data`.
 */
export const FIRST_USE_PATHS: readonly string[] = [
  adminMeEndpoint.path,
  adminLogoutEndpoint.path,
  adminChangePasswordEndpoint.path,
  adminTotpSetupEndpoint.path,
  adminTotpEnableEndpoint.path,
];

/** Whether an operator must still replace their password or turn on two-factor. */
export function firstUsePending(
  operator: Pick<OperatorProfile, 'must_change_password' | 'totp_setup_required'>,
): boolean {
  return operator.must_change_password === 1 || operator.totp_setup_required;
}
