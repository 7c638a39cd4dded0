import type { Core } from '../../core/index.js';
import type { Notifier } from '../notify/index.js';
import { AccessService } from './access.service.js';
import { CaptchaService } from './captcha.service.js';
import { CodeDeliveryService } from './code-delivery.service.js';
import { CodeService } from './code.service.js';
import { PasskeyService } from './passkey.service.js';
import { PasswordChangeService } from './password-change.service.js';
import { RegistrationService } from './registration.service.js';
import { SessionService } from './session.service.js';
import { StepUpService } from './step-up.service.js';
import { Throttle } from './throttle.js';

/** Who the traders are: sign-up, login, passkeys and step-up, sessions, codes, captchas and their limits. */
export interface AuthModule {
  sessions: SessionService;
  throttle: Throttle;
  codes: CodeService;
  captchas: CaptchaService;
  access: AccessService;
  registration: RegistrationService;
  passwords: PasswordChangeService;
  delivery: CodeDeliveryService;
  passkeys: PasskeyService;
  stepUp: StepUpService;
}

export function createAuthModule(
  core: Core,
  notifier: Notifier,
  options: { demoBalance: number },
): AuthModule {
  const { db, now, settings } = core;
  const sessions = new SessionService(db, now);
  const throttle = new Throttle(db, now);
  const codes = new CodeService(db, throttle, now);
  const captchas = new CaptchaService(db, now);
  const passkeys = new PasskeyService(db, sessions, throttle, now);
  return {
    sessions,
    throttle,
    codes,
    captchas,
    access: new AccessService(db, sessions, captchas, throttle, options, now),
    registration: new RegistrationService(db, codes, captchas, settings, throttle, now),
    passwords: new PasswordChangeService(db, codes, sessions, throttle),
    delivery: new CodeDeliveryService(db, codes, notifier, core.t),
    passkeys,
    stepUp: new StepUpService(db, passkeys, throttle, now),
  };
}
