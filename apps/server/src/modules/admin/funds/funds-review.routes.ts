import {
  adminApproveDepositEndpoint,
  adminApproveWithdrawalEndpoint,
  adminDepositDetailEndpoint,
  adminDepositsEndpoint,
  adminInvalidateDepositEndpoint,
  adminRejectDepositEndpoint,
  adminRejectWithdrawalEndpoint,
  adminWithdrawalDetailEndpoint,
  adminWithdrawalsEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success } from '../../../http/route.js';
import { registerAdminEndpoint } from '../admin-route.js';
import type { FundsReviewService } from './funds-review.service.js';

/** Finance: deposit and withdrawal review (docs/api.md "Back office API"). */
export function registerFundsReviewRoutes(
  app: FastifyInstance,
  funds: FundsReviewService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminDepositsEndpoint, now, (input) =>
    funds.listDeposits({ status: input.status, type: input.type, userId: input.user_id }, input.page),
  );
  registerAdminEndpoint(app, adminDepositDetailEndpoint, now, ({ id }) => funds.deposit(id));
  registerAdminEndpoint(
    app,
    adminApproveDepositEndpoint,
    now,
    async ({ id }, call) =>
      new Success(
        await funds.approveDeposit(id, call.operator.operatorId, call.audit),
        'admin.deposit_approved',
      ),
  );
  registerAdminEndpoint(
    app,
    adminRejectDepositEndpoint,
    now,
    async ({ id, remark }, call) =>
      new Success(
        await funds.rejectDeposit(id, call.operator.operatorId, remark, call.audit),
        'admin.deposit_rejected',
      ),
  );
  registerAdminEndpoint(
    app,
    adminInvalidateDepositEndpoint,
    now,
    async ({ id, remark }, call) =>
      new Success(
        await funds.invalidateDeposit(id, call.operator.operatorId, remark, call.audit),
        'admin.deposit_invalidated',
      ),
  );

  registerAdminEndpoint(app, adminWithdrawalsEndpoint, now, (input) =>
    funds.listWithdrawals({ status: input.status, type: input.type, userId: input.user_id }, input.page),
  );
  registerAdminEndpoint(app, adminWithdrawalDetailEndpoint, now, ({ id }) => funds.withdrawal(id));
  registerAdminEndpoint(
    app,
    adminApproveWithdrawalEndpoint,
    now,
    async ({ id }, call) =>
      new Success(
        await funds.approveWithdrawal(id, call.operator.operatorId, call.audit),
        'admin.withdrawal_paid',
      ),
  );
  registerAdminEndpoint(
    app,
    adminRejectWithdrawalEndpoint,
    now,
    async ({ id, notes }, call) =>
      new Success(
        await funds.rejectWithdrawal(id, call.operator.operatorId, notes, call.audit),
        'admin.withdrawal_rejected',
      ),
  );
}
