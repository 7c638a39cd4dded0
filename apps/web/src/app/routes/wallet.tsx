import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import { WalletMenu } from '@/features/funds/components/wallet-menu';
import styles from './page.module.css';

/** /mine/wallet (docs/product.md §2, login, real accounts): bound accounts and where to add them. */
export default function WalletPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-testid="wallet-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        <WalletMenu onNavigate={(path) => void navigate(path)} />
      </RealAccountGate>
    </div>
  );
}
