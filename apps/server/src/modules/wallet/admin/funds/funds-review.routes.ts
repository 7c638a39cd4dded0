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
import { withMessage } from '../../../../http/route.js';
import { registerAdminEndpoint } from '../../../../http/admin-endpoint.js';
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
  registerAdminEndpoint(app, adminApproveDepositEndpoint, now, ({ id }, call) =>
    withMessage(funds.approveDeposit(id, call.operator.operatorId, call.audit), 'admin.deposit_approved'),
  );
  registerAdminEndpoint(app, adminRejectDepositEndpoint, now, ({ id, remark }, call) =>
    withMessage(
      funds.rejectDeposit(id, call.operator.operatorId, remark, call.audit),
      'admin.deposit_rejected',
    ),
  );
  registerAdminEndpoint(app, adminInvalidateDepositEndpoint, now, ({ id, remark }, call) =>
    withMessage(
      funds.invalidateDeposit(id, call.operator.operatorId, remark, call.audit),
      'admin.deposit_invalidated',
    ),
  );

  registerAdminEndpoint(app, adminWithdrawalsEndpoint, now, (input) =>
    funds.listWithdrawals({ status: input.status, type: input.type, userId: input.user_id }, input.page),
  );
  registerAdminEndpoint(app, adminWithdrawalDetailEndpoint, now, ({ id }) => funds.withdrawal(id));
  registerAdminEndpoint(app, adminApproveWithdrawalEndpoint, now, ({ id, payout_reference }, call) =>
    withMessage(
      funds.approveWithdrawal(id, call.operator.operatorId, payout_reference, call.audit),
      'admin.withdrawal_paid',
    ),
  );
  registerAdminEndpoint(app, adminRejectWithdrawalEndpoint, now, ({ id, notes }, call) =>
    withMessage(
      funds.rejectWithdrawal(id, call.operator.operatorId, notes, call.audit),
      'admin.withdrawal_rejected',
    ),
  );
}
