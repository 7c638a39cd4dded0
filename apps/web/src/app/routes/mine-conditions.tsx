import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { TradingConditionsView } from '@/features/account/components/trading-conditions';
import page from './page.module.css';

/** /mine/conditions (login): the account's trading group and its terms on every instrument. */
export default function MineConditionsPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={page.page} data-testid="conditions-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <TradingConditionsView />
    </div>
  );
}
