import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/use-session';
import styles from './account-kind-badge.module.css';

/**
 * Which account the trader is using — "Demo" (play money) or "Real" — on every trading
 * screen (docs/product.md §6). Drawn as a square-cornered tag with a border and no dot, so it cannot
 * be read as the round, dotted connection badge beside it ("Connected"), and says the
 * whole thing ("Demo account") to screen readers. Nothing while logged out.
 */
export function AccountKindBadge({ long = false }: { long?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const user = session?.user;
  if (!user) return null;
  const demo = user.is_demo === 1;
  const full = t(demo ? 'auth.demo_account' : 'auth.real_account');
  return (
    <span
      className={`${styles.badge} ${demo ? styles.demo : styles.real}`}
      data-testid="account-kind"
      data-kind={demo ? 'demo' : 'real'}
      title={full}
      aria-label={long ? undefined : full}
    >
      {long ? full : t(demo ? 'trading.account_demo' : 'trading.account_real')}
    </span>
  );
}
