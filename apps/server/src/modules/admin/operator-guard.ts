import { FIRST_USE_PATHS, operatorMayCall, ResultCode } from '@pipwise/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/app-error.js';
import type { OperatorPrincipal } from '../../core/caller.js';
import { tokenOf } from '../../http/auth-hook.js';
import type { OperatorSessions } from './operators/operator-sessions.js';

/**
 * The one check of the back office (docs/api.md "Back office API"), run before every route
 * of its plugin: an operator session (a trader's token is no operator session: 999); an
 * operator who has not finished their first use — a password they were given still to
 * replace, or two-factor required and not on — reaches only FIRST_USE_PATHS (2028, with
 * what is left to do); and the role must be among the endpoint's `operator` roles (admin
 * always; otherwise 2003).
 */
export function operatorGuard(sessions: OperatorSessions) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.operatorAccess;
    if (access === 'public') return;
    if (access === undefined) throw new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);
    const operator = await sessions.resolve(tokenOf(request));
    if (!operator) throw new AppError(ResultCode.SessionExpired, 'errors.admin_session_expired');
    if (
      (operator.mustChangePassword || operator.totpSetupRequired) &&
      !FIRST_USE_PATHS.includes(request.routeOptions.url ?? '')
    ) {
      throw firstUseRefusal(operator);
    }
    if (!operatorMayCall(operator.role, access))
      throw new AppError(ResultCode.Forbidden, 'errors.admin_forbidden');
    request.operator = operator;
  };
}

/** Code 2028: what the operator must do first, the password before two-factor. */
function firstUseRefusal(operator: OperatorPrincipal): AppError {
  return new AppError(
    ResultCode.SetupRequired,
    operator.mustChangePassword
      ? 'errors.admin_password_change_required'
      : 'errors.admin_totp_setup_required',
  ).withData({
    must_change_password: operator.mustChangePassword ? 1 : 0,
    totp_setup_required: operator.totpSetupRequired,
  });
}
