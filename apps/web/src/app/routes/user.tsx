import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { BalanceCard } from '@/features/account/components/balance-card';
import { DemoReset } from '@/features/account/components/demo-reset';
import { MineLinks } from '@/features/account/components/mine-links';
import { ProfileHeader } from '@/features/account/components/profile-header';
import { UnreadBadge } from '@/features/inbox/components/unread-badge';
import { invalidateOrders } from '@/features/orders/api/get-my-deal';
import { useSession } from '@/lib/use-session';
import styles from './page.module.css';

/**
 * /user (docs/product.md §2, login): who is logged in, the balance with its eye toggle and the live
 * account figures, the demo reset for demo users, and the links of the mine page (the inbox's
 * with its unread count).
 */
export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const demo = session?.user?.is_demo === 1;
  return (
    <div className={styles.page} data-testid="user-page" data-demo={demo}>
      <PageNav title={t('route.user')} />
      <ProfileHeader user={session?.user ?? null} />
      <BalanceCard />
      {/* The history's totals start again from the reset. */}
      {demo ? <DemoReset onReset={() => void invalidateOrders(queryClient)} /> : null}
      <MineLinks demo={demo} onNavigate={(path) => void navigate(path)} badges={{ inbox: <UnreadBadge /> }} />
    </div>
  );
}
