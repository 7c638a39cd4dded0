import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { intEnum, intEnumWithDefault, optionalSmallId, optionalText, requiredText } from './fields.js';
import { UserSchema } from './user.js';

/**
 * Accounts and access (docs/product.md §7 "User and common"). Enumerations follow docs/api.md:
 * `login_type` / `type` 1 e-mail, 2 mobile; code purposes 1 register, 2 reset, 3 change.
 */

export const AccountType = { Email: 1, Mobile: 2 } as const;
export const CodePurpose = { Register: 1, ResetPassword: 2, ChangePassword: 3 } as const;

/** 8 to 64 characters with at least one letter and one digit. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;

const accountType = intEnumWithDefault([1, 2], 1);
/** Passwords are taken as typed (never trimmed); NUL bytes are refused for every input at the edge. */
const password = z.string().min(1).max(128);
const code = requiredText(12);

export const LoginResultSchema = z.object({ token: z.string(), user: UserSchema });
export type LoginResult = z.infer<typeof LoginResultSchema>;

/**
 * POST /api/user/loginForU — e-mail (login_type 1) or mobile (2, with area_id) and password.
 * After several wrong passwords on an account the answer says `data.captcha_required`, and
 * logging in to it then needs the image captcha too (`key` its id, `captcha` the answer).
 */
export const loginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/loginForU',
  input: z.object({
    account: requiredText(254),
    password,
    login_type: accountType,
    area_id: optionalSmallId,
    key: optionalText(64),
    captcha: optionalText(12),
  }),
  output: LoginResultSchema,
  auth: false,
});

/**
 * GET /api/user/createAccountDemoForU — a demo user; a device that sends its demo_id gets it
 * back within 30 days of its last demo login (docs/api.md "Accounts and access").
 */
export const demoLoginEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/user/createAccountDemoForU',
  input: z.object({ demo_id: optionalText(64) }),
  output: LoginResultSchema.extend({ demo_id: z.string() }),
  auth: false,
});

/**
 * POST /api/user/register. `type` 1: `account` is the e-mail and `sms_code` the e-mailed code;
 * `mobile` (+ `area_id`) is optional where `is_show_mobile` shows it, and ignored otherwise.
 * `type` 2: `account` is the phone number with `area_id`, `sms_code` the texted code.
 * `key` + `captcha` answer the image captcha when `verify_reg_type` is 2.
 */
export const registerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/register',
  input: z.object({
    type: accountType,
    account: requiredText(254),
    password,
    re_password: password,
    sms_code: code,
    area_id: optionalSmallId,
    mobile: optionalText(20),
    invite_code: optionalText(16),
    key: optionalText(64),
    captcha: optionalText(12),
  }),
  output: z.object({ uid: z.string() }),
  auth: false,
});

/** POST /api/user/forget_password — reset with a code sent for purpose 2. */
export const forgetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/forget_password',
  input: z.object({
    type: accountType,
    account: requiredText(254),
    area_id: optionalSmallId,
    new_password: password,
    secondary_password: password,
    auth_code: code,
  }),
  output: z.null(),
  auth: false,
});

/** POST /api/user/amend_password — a logged-in real user, with a code sent for purpose 3. */
export const amendPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/amend_password',
  input: z.object({
    type: accountType,
    new_password: password,
    secondary_password: z.string().max(128).optional(),
    auth_code: code,
  }),
  output: z.null(),
  auth: true,
  realOnly: true,
});

/** POST /api/user/logout — ends this session. */
export const logoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/logout',
  input: z.object({}),
  output: z.null(),
  auth: true,
});

const sendCodeInput = z.object({
  /** The e-mail or phone number; for purpose 3 the logged-in user's own is used. */
  to: optionalText(254),
  area_id: optionalSmallId,
  type: intEnum([1, 2, 3]),
});

/** POST /api/notify/send_email — a 6-digit code valid 10 minutes. */
export const sendEmailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/notify/send_email',
  input: sendCodeInput,
  output: z.null(),
  auth: false,
});

/** POST /api/notify/send_sms — a 6-digit code valid 10 minutes. */
export const sendSmsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/notify/send_sms',
  input: sendCodeInput,
  output: z.null(),
  auth: false,
});

/** GET /api/common/captcha — an image captcha: `id` to send back as `key`, `b64s` the image. */
export const captchaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/common/captcha',
  input: z.object({}),
  output: z.object({ id: z.string(), b64s: z.string() }),
  auth: false,
});
