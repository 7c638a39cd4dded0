import { useUnreadCount } from '../hooks/use-unread-count';
import styles from './unread-badge.module.css';

/**
 * The unread notices' count as a small red badge (99+ past 99): on the board's Me button
 * (`corner`, over its icon) and on the Me page's Notifications entry. Nothing when all
 * are read or nobody is signed in.
 */
export function UnreadBadge({ corner = false }: { corner?: boolean }) {
  const unread = useUnreadCount();
  if (unread <= 0) return null;
  return (
    <span
      className={`pw-num ${styles.badge} ${corner ? styles.corner : ''}`}
      data-testid="unread-badge"
      data-count={unread}
      aria-hidden
    >
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
