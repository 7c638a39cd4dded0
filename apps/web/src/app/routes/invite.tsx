import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { RealAccountGate } from '@/components/real-account-gate';
import { ROUTES, type RouteDef } from '@/config/routes';
import { InviteCard } from '@/features/invite/components/invite-card';
import styles from './page.module.css';

/** /mine/invite (docs/product.md §2, login, real accounts): invite code, link and QR. */
export default function InvitePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="invite-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <RealAccountGate>
        {/* The link is for other people's phones: the page's own origin, where the app is. */}
        <InviteCard origin={window.location.origin} />
      </RealAccountGate>
    </div>
  );
}
