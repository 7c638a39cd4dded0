/** Who the traders are: sign-up, login, sessions, codes and captchas (docs/api.md "Accounts"). */
export { createAuthModule } from './auth.module.js';
export type { AuthModule } from './auth.module.js';
export { registerAuthRoutes } from './auth.routes.js';
export { registerPasskeyRoutes } from './passkey.routes.js';
export { registerStepUpRoutes } from './step-up.routes.js';
export { startHousekeeping } from './housekeeping.js';
export { areaList, normalizeEmail } from './identifiers.js';
export {
  activeTraderIdsAfter,
  countActiveTraders,
  countReferredBy,
  demoUserIds,
  inviteCodeOf,
  userContacts,
} from './user.repository.js';
export type { UserContact } from './user.repository.js';
export { dummyPasswordHash, hashPassword, verifyPassword } from './password.js';
export { hashToken } from './session.service.js';
export type { SessionRevocation, SessionService, SessionUser } from './session.service.js';
export type { CaptchaService } from './captcha.service.js';
export { LoginAttempt, type Limit, type LoginLimits, type Throttle } from './throttle.js';
export { AdminUserService } from './admin/admin-user.service.js';
export { registerAdminUserRoutes } from './admin/admin-user.routes.js';
export { countUsers } from './admin/admin-user.repository.js';
