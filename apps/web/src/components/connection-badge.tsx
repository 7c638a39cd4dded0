import { useTranslation } from 'react-i18next';
import { useLinkStatus, type LinkStatus } from '@/lib/use-connection-state';
import styles from './connection-badge.module.css';

const LABEL_KEY = {
  connected: 'connection.connected',
  connecting: 'connection.connecting',
  reconnecting: 'connection.reconnecting',
  syncing: 'connection.syncing',
  offline: 'connection.offline',
} as const satisfies Record<LinkStatus, string>;

const TONE: Record<LinkStatus, string | undefined> = {
  connected: styles.connected,
  connecting: styles.retry,
  reconnecting: styles.retry,
  syncing: styles.retry,
  offline: styles.offline,
};

/**
 * The header's connection badge: a dot and a word, green "Connected" while prices stream
 * in, amber while the line is being restored or the screen catches up, grey offline. A
 * long word is cut short here (the title and <ReconnectingNotice> carry it whole). It
 * speaks of the connection only: nothing here may read as the kind of account (demo or
 * real money).
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const status = useLinkStatus();
  if (status === null) return null;
  const label = t(LABEL_KEY[status]);
  return (
    <span
      className={`${styles.badge} ${TONE[status]}`}
      data-testid="connection-badge"
      data-state={status}
      title={label}
    >
      <span className={styles.dot} aria-hidden />
      <span className={styles.text}>{label}</span>
    </span>
  );
}

/**
 * A small floating notice, on every page, while the live connection is being restored,
 * the screen's data fetched again after something was missed, or the device is offline.
 */
export function ReconnectingNotice({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const status = useLinkStatus();
  if (status !== 'reconnecting' && status !== 'syncing' && status !== 'offline') return null;
  return (
    <div
      className={`${styles.notice} ${status === 'offline' ? styles.noticeOffline : ''} ${aboveTabBar ? styles.aboveTabs : ''}`}
      role="status"
      data-testid="reconnecting"
      data-state={status}
    >
      {status === 'offline' ? (
        <span className={styles.offlineDot} aria-hidden />
      ) : (
        <span className={styles.spinner} aria-hidden />
      )}
      {t(LABEL_KEY[status])}
    </div>
  );
}
