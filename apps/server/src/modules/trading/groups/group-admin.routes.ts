import {
  adminDeleteGroupConditionEndpoint,
  adminDeleteGroupEndpoint,
  adminGroupConditionsEndpoint,
  adminGroupsEndpoint,
  adminLeverageCapsEndpoint,
  adminSaveGroupConditionEndpoint,
  adminSaveGroupEndpoint,
  adminSaveLeverageCapEndpoint,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import { Success } from '../../../http/route.js';
import type { GroupAdminService } from './group-admin.service.js';

/** Trading groups, their conditions and the leverage caps (docs/trading-groups.md); edits audited. */
export function registerGroupAdminRoutes(
  app: FastifyInstance,
  groups: GroupAdminService,
  now: () => number,
): void {
  registerAdminEndpoint(app, adminGroupsEndpoint, now, () => groups.list());
  registerAdminEndpoint(
    app,
    adminSaveGroupEndpoint,
    now,
    async (input, call) => new Success(await groups.save(input, call.audit), 'admin.group_saved'),
  );
  registerAdminEndpoint(
    app,
    adminDeleteGroupEndpoint,
    now,
    async (input, call) => new Success(await groups.delete(input.id, call.audit), 'admin.group_deleted'),
  );
  registerAdminEndpoint(app, adminGroupConditionsEndpoint, now, (input) => groups.conditions(input.group_id));
  registerAdminEndpoint(
    app,
    adminSaveGroupConditionEndpoint,
    now,
    async (input, call) =>
      new Success(await groups.saveCondition(input, call.audit), 'admin.group_condition_saved'),
  );
  registerAdminEndpoint(
    app,
    adminDeleteGroupConditionEndpoint,
    now,
    async (input, call) =>
      new Success(await groups.deleteCondition(input.id, call.audit), 'admin.group_condition_deleted'),
  );
  registerAdminEndpoint(app, adminLeverageCapsEndpoint, now, () => groups.caps());
  registerAdminEndpoint(
    app,
    adminSaveLeverageCapEndpoint,
    now,
    async (input, call) =>
      new Success(await groups.saveCap(input.asset_class, input.cap, call.audit), 'admin.leverage_cap_saved'),
  );
}
