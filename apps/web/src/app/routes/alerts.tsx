import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { AlertList } from '@/features/alerts/components/alert-list';
import { useLivePairs } from '@/features/markets/hooks/use-live-pairs';
import { marketBids } from '@/features/markets/store/quotes-store';
import { symbolOfCode } from '@/lib/instrument-name';
import page from './page.module.css';

/**
 * /alerts (login, docs/notifications.md "Price alerts"): every alert of the trader. Composes
 * alerts (the list and its sheet) and markets (the pairs' symbols and the market's live bids
 * the sheet shows while an alert is moved).
 */
export default function AlertsPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const pairs = useLivePairs();
  const symbolOf = useCallback((code: string) => symbolOfCode(pairs.data, code), [pairs.data]);
  return (
    <div className={page.page} data-testid="alerts-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <AlertList bids={marketBids} symbolOf={symbolOf} />
    </div>
  );
}
