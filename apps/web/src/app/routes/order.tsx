import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountKindBadge } from '@/components/account-kind-badge';
import { ConnectionBadge } from '@/components/connection-badge';
import { PageNav } from '@/components/page-nav';
import { ROUTES } from '@/config/routes';
import { AccountFigures } from '@/features/account/components/account-figures';
import type { OrderTab } from '@/features/orders/api/get-my-deal';
import { OrderBoard } from '@/features/orders/components/order-board';
import { OrderTabs, parseOrderTab } from '@/features/orders/components/order-tabs';
import styles from './order.module.css';

/**
 * /order (docs/product.md §2, login): `?type=` 1 holding, 0 pending, 3 history. The holding tab's
 * summary carries the live account figures (equity, margin, free margin, ratios).
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = parseOrderTab(params.get('type'));
  const onTab = (next: OrderTab) => setParams({ type: String(next) }, { replace: true });

  return (
    <div className={styles.page} data-testid="order-page">
      <PageNav
        title={t('route.order')}
        backable={false}
        start={<AccountKindBadge />}
        right={<ConnectionBadge />}
      />
      <div className={styles.tabs}>
        <OrderTabs value={tab} onChange={onTab} />
      </div>
      <OrderBoard
        key={tab}
        tab={tab}
        figures={tab === 1 ? <AccountFigures omit={['balance', 'floating_profit']} /> : undefined}
        onTrade={() => void navigate(ROUTES.trade.path)}
      />
    </div>
  );
}
