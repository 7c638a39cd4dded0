import { logoutEndpoint } from '@pipwise/shared';
import { request } from '@/lib/api';

/**
 * POST /api/user/logout — ends this session on the server. Silent: logging out must work
 * offline or with an already expired session, so the caller ignores any failure.
 */
export function logout(): Promise<null> {
  return request(logoutEndpoint, {}, { silent: true, init: true });
}
