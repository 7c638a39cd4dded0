import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import type { DrawKind } from '@/features/funds/api/get-draw-symbols';
import { MethodList } from '@/features/funds/components/method-list';
import { withdrawWayPath } from '@/features/funds/components/withdraw-form';
import nav from './nav-action.module.css';
import styles from './page.module.css';

/** The bound coin addresses (type 1) or bank accounts (type 2), with "add" in the bar. */
export function MethodListPage({ route, type }: { route: RouteDef; type: DrawKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = () => void navigate(withdrawWayPath(type));
  const addLabel = type === 1 ? t('funds.add_address') : t('funds.add_bank');
  return (
    <div className={styles.page} data-testid={type === 1 ? 'coin-address-page' : 'bank-card-page'}>
      <PageNav
        title={t(route.title)}
        fallback={ROUTES.wallet.path}
        right={
          <button
            type="button"
            className={nav.action}
            aria-label={addLabel}
            onClick={add}
            data-testid="nav-add"
          >
            <AddOutline />
          </button>
        }
      />
      <RealAccountGate>
        <MethodList type={type} onAdd={add} />
      </RealAccountGate>
    </div>
  );
}
