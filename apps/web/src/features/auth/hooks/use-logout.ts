import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '@/config/routes';
import { forgetPushOnThisDevice } from '@/lib/push-device';
import { clearSession } from '@/lib/session';
import { logout } from '../api/logout';
import { isSessionScopedQuery } from '../utils/session-queries';

/**
 * Logout (docs/product.md §4): the server forgets the session (failures ignored — the trader wants
 * out, online or not), the app forgets token and user — which logs the live socket out
 * and drops its private topics (lib/live.ts) — and the trader lands on the markets.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    // While the session still answers: this device stops receiving the account's notifications.
    await forgetPushOnThisDevice();
    await logout().catch(() => undefined);
    // Leave the login-only page first, committed at once (flushSync: a navigation is
    // otherwise a transition that the session change below would overtake): clearing the
    // session while it is still on screen would make the route guard send the trader to
    // /login instead of home.
    await navigate(ROUTES.home.path, { replace: true, flushSync: true });
    clearSession();
    // Removed, not refetched: as a guest they would only answer 999.
    queryClient.removeQueries({ predicate: (q) => isSessionScopedQuery(q.queryKey) });
    Toast.show({ content: t('system.logout_success') });
  };
}
