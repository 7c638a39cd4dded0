import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { RouteDef } from '@/config/routes';
import { safeFromPath } from '@/features/auth/utils/from-path';
import { loginPath } from '@/lib/navigation';
import type { Session } from '@/lib/session';
import { useSession } from '@/lib/use-session';

/**
 * Spec §2: a login route visited without a session goes to /login?from=<path+search>.
 * It reads the session store, so a logout on such a page leaves it at once.
 *
 * The other way round, a trader signed in to a real account who opens /login or /register
 * lands where logging in would have taken them (`from`, else home) instead of a form that
 * has nothing left to do. A demo session keeps both pages: they are its way to a real
 * account ("please register or log in to a real account", docs/product.md §6).
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (route.needsLogin && !session) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  if (route.signedOutOnly && isRealSession(session)) {
    const from = new URLSearchParams(location.search).get('from');
    return <Navigate to={safeFromPath(from)} replace />;
  }
  return children;
}

const isRealSession = (session: Session | null) => session !== null && session.user?.is_demo !== 1;
