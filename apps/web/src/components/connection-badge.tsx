import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLinkStatus, type LinkStatus } from '@/lib/use-connection-state';
import { useDateTime } from '@/lib/use-date-time';
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
 * in, amber while the line is being restored or the screen catches up, grey offline. The
 * word is always whole, in every language: the badge never shrinks, and each header gives it
 * room (home puts it under the app's name). It speaks of the connection only: nothing here
 * may read as the kind of account (demo or real money).
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
      <span data-testid="connection-word">{label}</span>
    </span>
  );
}

/** The board's list (features/markets/api/get-trade-list.ts): its age is the screen's. */
const BOARD_KEY = ['markets', 'trade-list', {}] as const;

/**
 * A small floating notice, on every page, while the live connection is being restored,
 * the screen's data fetched again after something was missed, or the device is offline —
 * then with the time of the prices shown (the last kept: app/offline-cache.ts) and that
 * trading waits for the network.
 */
export function ReconnectingNotice({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const status = useLinkStatus();
  const when = useDateTime();
  const boardAt = useQueryClient().getQueryState(BOARD_KEY)?.dataUpdatedAt ?? 0;
  if (status !== 'reconnecting' && status !== 'syncing' && status !== 'offline') return null;
  const offline = status === 'offline';
  return (
    <div
      className={`${styles.notice} ${offline ? styles.noticeOffline : ''} ${aboveTabBar ? styles.aboveTabs : ''}`}
      role="status"
      data-testid="reconnecting"
      data-state={status}
    >
      {offline ? (
        <span className={styles.offlineDot} aria-hidden />
      ) : (
        <span className={styles.spinner} aria-hidden />
      )}
      {offline && boardAt > 0 ? (
        <span className={styles.asOf}>
          <span>{t('connection.offline_as_of', { time: when(boardAt) })}</span>
          <span className={styles.paused}>{t('connection.trading_paused')}</span>
        </span>
      ) : (
        t(LABEL_KEY[status])
      )}
    </div>
  );
}
