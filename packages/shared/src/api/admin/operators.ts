import { z } from 'zod';
import { OPERATOR_ROLES } from '../../domain/operators.js';
import { defineEndpoint } from '../endpoint.js';
import { idField, requiredText } from '../fields.js';
import { OperatorSchema } from './auth.js';
import { flagField, operatorAccess, ROLES } from './common.js';

const role = z.enum(OPERATOR_ROLES);
/** Taken as typed; 10–64 characters with a letter and a digit (checked by the server). */
const password = z.string().min(1).max(128);

/** GET /api/admin/operators/list — every operator, active or not. */
export const adminOperatorsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operators/list',
  input: z.object({}),
  output: z.array(OperatorSchema),
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/operators/create — a new operator with a role and an initial password,
 * which they must replace at their first login (`must_change_password`).
 */
export const adminCreateOperatorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operators/create',
  input: z.object({ email: requiredText(254), name: requiredText(60), role, password }),
  output: OperatorSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/operators/set_role — changes an operator's role (their sessions go on with
 * the new role). An admin cannot change their own role, nor remove the last active admin.
 */
export const adminSetOperatorRoleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operators/set_role',
  input: z.object({ id: idField, role }),
  output: OperatorSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/operators/set_active — `active` 0 deactivates (every session ends at
 * once), 1 reactivates. Not oneself, nor the last active admin.
 */
export const adminSetOperatorActiveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operators/set_active',
  input: z.object({ id: idField, active: flagField }),
  output: OperatorSchema,
  ...operatorAccess(ROLES.adminOnly),
});

/**
 * POST /api/admin/operators/reset — for an operator who lost their password or
 * authenticator: sets a new initial password (to replace at their next login), turns
 * two-factor off and ends their sessions. Not for oneself (use `auth/password`).
 */
export const adminResetOperatorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operators/reset',
  input: z.object({ id: idField, password }),
  output: OperatorSchema,
  ...operatorAccess(ROLES.adminOnly),
});
