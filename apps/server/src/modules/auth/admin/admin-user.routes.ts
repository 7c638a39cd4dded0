import {
  adminAdjustBalanceEndpoint,
  adminFreezeLoginEndpoint,
  adminFreezeTradingEndpoint,
  adminSetABookEndpoint,
  adminSetUserGroupEndpoint,
  adminUserDetailEndpoint,
  adminUserLogsEndpoint,
  adminUsersEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { idempotencyKey } from '../../../http/idempotency-key.js';
import { Success } from '../../../http/route.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { AdminUserService } from './admin-user.service.js';

export function registerAdminUserRoutes(
  app: FastifyInstance,
  users: AdminUserService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminUsersEndpoint, now, (input) =>
    users.list(
      {
        q: input.q,
        isDemo: input.is_demo,
        loginFrozen: input.login_frozen,
        tradingFrozen: input.trading_frozen,
        aBook: input.a_book,
      },
      input.page,
    ),
  );
  registerAdminEndpoint(app, adminUserDetailEndpoint, now, ({ id }) => users.detail(id));
  registerAdminEndpoint(app, adminUserLogsEndpoint, now, ({ id, page }) => users.logs(id, page));
  registerAdminEndpoint(app, adminFreezeLoginEndpoint, now, async (input, call) => {
    const user = await users.freezeLogin(input.id, input.frozen, input.reason, call.audit);
    return new Success(user, input.frozen === 1 ? 'admin.login_frozen' : 'admin.login_unfrozen');
  });
  registerAdminEndpoint(app, adminFreezeTradingEndpoint, now, async (input, call) => {
    const user = await users.freezeTrading(input.id, input.frozen, input.reason, call.audit);
    return new Success(user, input.frozen === 1 ? 'admin.trading_frozen' : 'admin.trading_unfrozen');
  });
  registerAdminEndpoint(app, adminSetABookEndpoint, now, async (input, call) => {
    const user = await users.setABook(input.id, input.a_book, input.reason, call.audit);
    return new Success(user, input.a_book === 1 ? 'admin_execution.a_book_on' : 'admin_execution.a_book_off');
  });
  registerAdminEndpoint(app, adminSetUserGroupEndpoint, now, async (input, call) => {
    const user = await users.setGroup(input.id, input.group_id, input.reason, call.audit);
    return new Success(user, 'admin.user_group_moved');
  });
  registerAdminEndpoint(app, adminAdjustBalanceEndpoint, now, async (input, call) => {
    const { result, replayed } = await users.adjustBalance(
      input.id,
      { amount: input.amount, reason: input.reason },
      call.operator.operatorId,
      idempotencyKey(call.request),
      call.audit,
    );
    if (replayed) call.audit.replayed();
    return new Success(result, 'admin.balance_adjusted');
  });
}
