import { operatorMayCall, type Endpoint, type OperatorProfile } from '@pipwise/shared';

/**
 * Whether the operator may call an endpoint: the contract's `operator` list (admin always),
 * the same question the server's hook asks. Menus hide what this says no to; a screen
 * reached anyway shows "not allowed".
 */
export function mayCall(operator: OperatorProfile | null | undefined, endpoint: Endpoint): boolean {
  if (!operator || !endpoint.operator) return false;
  return operatorMayCall(operator.role, endpoint.operator);
}
