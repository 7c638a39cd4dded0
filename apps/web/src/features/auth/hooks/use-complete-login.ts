import type { LoginResult } from '@pipwise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { getLiveSocket } from '@/lib/live';
import { setSession, type SessionUser } from '@/lib/session';
import { safeFromPath } from '../utils/from-path';
import { isSessionScopedQuery } from '../utils/session-queries';

/** The login response's user as the session store keeps it (no nulls). */
function toSessionUser(user: LoginResult['user']): SessionUser {
  return {
    ...user,
    email: user.email ?? undefined,
    area_code: user.area_code ?? undefined,
    mobile: user.mobile ?? undefined,
  };
}

/**
 * After a password or demo login (docs/product.md §4): store token and user, let the live socket log
 * in (lib/live.ts follows the session), and go back to `from` — or home.
 */
export function useCompleteLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  return (result: LoginResult) => {
    // Made before the session changes, so its session listener sees the login.
    getLiveSocket();
    setSession({ token: result.token, user: toSessionUser(result.user) });
    // Nothing of an earlier session (or a guest's 999s) may show: pages fetch afresh.
    queryClient.removeQueries({ predicate: (q) => isSessionScopedQuery(q.queryKey) });
    void navigate(safeFromPath(params.get('from')), { replace: true });
  };
}
