import {
  adminChangePasswordEndpoint,
  adminCreateOperatorEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminMeEndpoint,
  adminOperatorsEndpoint,
  adminResetOperatorEndpoint,
  adminSetOperatorActiveEndpoint,
  adminSetOperatorRoleEndpoint,
  adminTotpDisableEndpoint,
  adminTotpEnableEndpoint,
  adminTotpSetupEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success } from '../../../http/route.js';
import { registerAdminEndpoint, registerAdminPublicEndpoint } from '../../../http/admin-endpoint.js';
import type { OperatorAuthService } from './operator-auth.service.js';
import type { OperatorService } from './operator.service.js';

/** Operators' own access and, for admins, the operators themselves. */
export function registerOperatorRoutes(
  app: FastifyInstance,
  deps: { auth: OperatorAuthService; operators: OperatorService; now: () => number },
): void {
  const { auth, operators, now } = deps;

  registerAdminPublicEndpoint(
    app,
    adminLoginEndpoint,
    async (input, request) => new Success(await auth.login(input, request.ip), 'auth.login_success'),
  );
  registerAdminEndpoint(app, adminLogoutEndpoint, now, async (_input, call) => {
    await auth.logout(call.operator, call.audit);
    return new Success(null, 'system.logout_success');
  });
  registerAdminEndpoint(app, adminMeEndpoint, now, (_input, call) => auth.profile(call.operator));
  registerAdminEndpoint(app, adminChangePasswordEndpoint, now, async (input, call) => {
    await auth.changePassword(call.operator, input, call.audit);
    return new Success(null, 'auth.password_changed');
  });
  registerAdminEndpoint(app, adminTotpSetupEndpoint, now, (input, call) =>
    auth.setupTotp(call.operator, input.password, call.audit),
  );
  registerAdminEndpoint(
    app,
    adminTotpEnableEndpoint,
    now,
    async (input, call) =>
      new Success(await auth.enableTotp(call.operator, input.code, call.audit), 'admin.totp_enabled'),
  );
  registerAdminEndpoint(
    app,
    adminTotpDisableEndpoint,
    now,
    async (input, call) =>
      new Success(await auth.disableTotp(call.operator, input, call.audit), 'admin.totp_disabled'),
  );

  registerAdminEndpoint(app, adminOperatorsEndpoint, now, () => operators.list());
  registerAdminEndpoint(
    app,
    adminCreateOperatorEndpoint,
    now,
    async (input, call) => new Success(await operators.create(input, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(
    app,
    adminSetOperatorRoleEndpoint,
    now,
    async ({ id, role }, call) =>
      new Success(await operators.setRole(call.operator, id, role, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(
    app,
    adminSetOperatorActiveEndpoint,
    now,
    async ({ id, active }, call) =>
      new Success(await operators.setActive(call.operator, id, active, call.audit), 'admin.saved'),
  );
  registerAdminEndpoint(
    app,
    adminResetOperatorEndpoint,
    now,
    async ({ id, password }, call) =>
      new Success(await operators.reset(call.operator, id, password, call.audit), 'admin.operator_reset'),
  );
}
