import {
  adminApproveIdentityEndpoint,
  adminIdentitiesEndpoint,
  adminIdentityDetailEndpoint,
  adminRejectIdentityEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { Success, withMessage } from '../../../http/route.js';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import type { IdentityReviewService } from './identity-review.service.js';

export function registerIdentityReviewRoutes(
  app: FastifyInstance,
  review: IdentityReviewService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminIdentitiesEndpoint, now, (input) =>
    review.list({ status: input.status, userId: input.user_id }, input.page),
  );
  registerAdminEndpoint(app, adminIdentityDetailEndpoint, now, ({ id }) => review.detail(id));
  registerAdminEndpoint(
    app,
    adminApproveIdentityEndpoint,
    now,
    async ({ id }, call) =>
      new Success(await review.approve(id, call.operator.operatorId, call.audit), 'admin.identity_approved'),
  );
  registerAdminEndpoint(app, adminRejectIdentityEndpoint, now, ({ id, reason }, call) =>
    withMessage(review.reject(id, call.operator.operatorId, reason, call.audit), 'admin.identity_rejected'),
  );
}
