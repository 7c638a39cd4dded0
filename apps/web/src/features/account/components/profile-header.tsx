import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { AccountKindBadge } from '@/components/account-kind-badge';
import type { SessionUser } from '@/lib/session';
import styles from './profile-header.module.css';

/** Who is logged in: e-mail (or UID), and a demo or real badge (docs/product.md §6). */
export function ProfileHeader({ user }: { user: SessionUser | null }) {
  const { t } = useTranslation();
  const demo = user?.is_demo === 1;
  const uid = user?.uid ? `${t('auth.uid')} ${user.uid}` : '';
  // Demo users have no e-mail: their UID is their name.
  const name = user?.email || uid;
  return (
    <section className={styles.profile} data-testid="profile">
      <span className={styles.avatar} aria-hidden>
        <UserOutline />
      </span>
      <span className={styles.who}>
        <span className={styles.name}>{name}</span>
        {user?.email && uid ? <span className={`pw-num ${styles.uid}`}>{uid}</span> : null}
      </span>
      <span className={styles.badge} data-testid="account-badge" data-demo={demo}>
        <AccountKindBadge long />
      </span>
    </section>
  );
}
