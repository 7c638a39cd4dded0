import {
  amendPasswordEndpoint,
  captchaEndpoint,
  demoLoginEndpoint,
  forgetPasswordEndpoint,
  loginEndpoint,
  logoutEndpoint,
  registerEndpoint as registerUserEndpoint,
  sendEmailEndpoint,
  sendSmsEndpoint,
  userInfoEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOf, tokenOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import type { AccessService } from './access.service.js';
import type { CaptchaService } from './captcha.service.js';
import type { CodeDeliveryService } from './code-delivery.service.js';
import type { PasswordChangeService } from './password-change.service.js';
import type { RegistrationService } from './registration.service.js';
import type { SessionService } from './session.service.js';

/** What the account routes need: services only (the services own the database). */
export interface AuthDeps {
  access: AccessService;
  registration: RegistrationService;
  passwords: PasswordChangeService;
  delivery: CodeDeliveryService;
  captchas: CaptchaService;
  sessions: SessionService;
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthDeps): void {
  registerEndpoint(app, userInfoEndpoint, (_input, request) =>
    deps.access.profile(sessionOf(request).userId),
  );

  registerEndpoint(
    app,
    loginEndpoint,
    async (input, request) => new Success(await deps.access.login(input, request.ip), 'auth.login_success'),
  );

  registerEndpoint(app, demoLoginEndpoint, (input) => deps.access.demo(input.demo_id));

  registerEndpoint(
    app,
    registerUserEndpoint,
    async (input, request) =>
      new Success(await deps.registration.register(input, request.ip), 'auth.register_success'),
  );

  registerEndpoint(app, forgetPasswordEndpoint, async (input) => {
    await deps.passwords.reset(input);
    return new Success(null, 'auth.reset_success');
  });

  registerEndpoint(app, amendPasswordEndpoint, async (input, request) => {
    const session = sessionOf(request);
    await deps.passwords.amend(session.userId, session.sessionId, input);
    return new Success(null, 'auth.password_changed');
  });

  registerEndpoint(app, logoutEndpoint, async (_input, request) => {
    await deps.access.logout(tokenOf(request) ?? '');
    return new Success(null, 'system.logout_success');
  });

  for (const [endpoint, channel] of [
    [sendEmailEndpoint, 'email'],
    [sendSmsEndpoint, 'sms'],
  ] as const) {
    registerEndpoint(app, endpoint, async (input, request) => {
      // Purpose 3 is for a logged-in user; the others are open, so the session is optional here.
      const session = input.type === 3 ? await deps.sessions.resolve(tokenOf(request)) : null;
      await deps.delivery.send(channel, input, { ip: request.ip, lang: request.lang, session });
      return new Success(null, 'auth.code_sent');
    });
  }

  registerEndpoint(app, captchaEndpoint, () => deps.captchas.create());
}
