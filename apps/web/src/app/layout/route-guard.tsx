import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { RouteDef } from '@/config/routes';
import { loginPath } from '@/lib/navigation';
import { useSession } from '@/lib/use-session';

/**
 * Spec §2: a login route visited without a session goes to /login?from=<path+search>.
 * It reads the session store, so a logout on such a page leaves it at once.
 */
export function RouteGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (route.needsLogin && !session) {
    return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  }
  return children;
}
