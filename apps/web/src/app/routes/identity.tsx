import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import { IdentityCenter } from '@/features/identity/components/identity-center';
import body from './funds-page.module.css';
import styles from './page.module.css';

/** /mine/auth (docs/product.md §2, login, real accounts): identity verification. */
export default function IdentityPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="identity-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        <div className={body.body}>
          <IdentityCenter />
        </div>
      </RealAccountGate>
    </div>
  );
}
