import { useTranslation } from 'react-i18next';
import { useConnectionState } from '@/lib/use-connection-state';
import styles from './connection-badge.module.css';

/**
 * The header's "Live" badge. While the socket is being restored it shrinks to an amber
 * dot; the words go to <ReconnectingNotice>, which has room for any language.
 */
export function ConnectionBadge() {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state === 'open') {
    return (
      <span className={`${styles.badge} ${styles.live}`} data-testid="connection-badge" data-state={state}>
        <span className={styles.dot} aria-hidden />
        <span className={styles.text}>{t('home.live')}</span>
      </span>
    );
  }
  if (state === 'reconnecting') {
    return (
      <span
        className={`${styles.badge} ${styles.retry}`}
        data-testid="connection-badge"
        data-state={state}
        title={t('home.reconnecting')}
      >
        <span className={styles.dot} aria-hidden />
      </span>
    );
  }
  return null;
}

/** A small floating notice, on every page, while the live connection is being restored. */
export function ReconnectingNotice({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const state = useConnectionState();
  if (state !== 'reconnecting') return null;
  return (
    <div
      className={`${styles.notice} ${aboveTabBar ? styles.aboveTabs : ''}`}
      role="status"
      data-testid="reconnecting"
    >
      <span className={styles.spinner} aria-hidden />
      {t('home.reconnecting')}
    </div>
  );
}
