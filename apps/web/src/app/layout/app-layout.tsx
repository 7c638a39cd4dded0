import { useQueryClient } from '@tanstack/react-query';
import { Activity, Suspense, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ReconnectingNotice } from '@/components/connection-badge';
import { UpdatePrompt } from '@/components/update-prompt';
import { findRoute, ROUTES } from '@/config/routes';
import { invalidateAlerts } from '@/features/alerts/api/keys';
import { useInboxPushes } from '@/features/inbox/hooks/use-inbox-pushes';
import { tradeListQueryOptions } from '@/features/markets/api/get-trade-list';
import { useAccountPrices } from '@/features/markets/hooks/use-account-prices';
import { symbolOfCode } from '@/lib/instrument-name';
import HomePage from '../routes/home';
import { RouteFallback } from './route-fallback';
import { AppTabBar } from './tab-bar';
import { useNavigationEffects } from './use-navigation-effects';
import styles from './app-layout.module.css';

/**
 * The frame of every page. The home page lives here, outside the router outlet, inside
 * <Activity>: once visited it stays mounted — hidden, its effects (live subscription)
 * paused — so coming back shows the same filter and scroll position at once.
 */
export function AppLayout() {
  const location = useLocation();
  const isHome = location.pathname === ROUTES.home.path;
  const [homeVisited, setHomeVisited] = useState(isHome);
  if (isHome && !homeVisited) setHomeVisited(true);
  const route = findRoute(location.pathname);
  const homeRef = useRef<HTMLDivElement>(null);
  useNavigationEffects(location, isHome, homeRef);
  useAccountPrices();
  const queryClient = useQueryClient();
  // The inbox's badge and toasts on every page; a fired alert makes the alerts stale.
  useInboxPushes({
    symbols: () =>
      queryClient
        .ensureQueryData(tradeListQueryOptions())
        .then((pairs) => (code: string) => symbolOfCode(pairs, code)),
    onNotice: (notice) => {
      if (notice.kind === 'price_alert') void invalidateAlerts(queryClient);
    },
  });

  return (
    <div className={styles.shell}>
      {homeVisited ? (
        <Activity mode={isHome ? 'visible' : 'hidden'}>
          <div ref={homeRef}>
            <HomePage />
          </div>
        </Activity>
      ) : null}
      {isHome ? null : (
        <main className={styles.main}>
          <Suspense fallback={<RouteFallback pathname={location.pathname} />}>
            <Outlet />
          </Suspense>
        </main>
      )}
      {route?.showFooter ? <AppTabBar /> : null}
      <ReconnectingNotice aboveTabBar={route?.showFooter === true} />
      <UpdatePrompt aboveTabBar={route?.showFooter === true} />
    </div>
  );
}
