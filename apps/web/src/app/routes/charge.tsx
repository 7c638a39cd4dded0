import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import type { ChargeKind } from '@/features/funds/api/get-charge-records';
import { ChargeBoard, parseChargeKind } from '@/features/funds/components/charge-board';
import styles from './page.module.css';

/** /mine/charge (docs/product.md §2, login, real accounts): `?type=` 0 coin, 1 bank wire, 2 card. */
export default function ChargePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = parseChargeKind(params.get('type'));
  const onKind = (next: ChargeKind) => setParams({ type: String(next) }, { replace: true });
  return (
    <div className={styles.page} data-testid="charge-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        <ChargeBoard kind={kind} onKind={onKind} />
      </RealAccountGate>
    </div>
  );
}
