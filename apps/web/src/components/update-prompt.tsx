import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { applyUpdate, dismissUpdate, subscribeUpdate, updateOffered } from '@/lib/app-update';
import styles from './update-prompt.module.css';

/**
 * "A new version of Pipwise is ready" with Reload and Later, on every page, once a new
 * version has downloaded (lib/app-update.ts). Nothing changes under the trader until they
 * say so: an order being typed is not lost to a reload they did not ask for.
 */
export function UpdatePrompt({ aboveTabBar }: { aboveTabBar: boolean }) {
  const { t } = useTranslation();
  const offered = useSyncExternalStore(subscribeUpdate, updateOffered, () => false);
  const [reloading, setReloading] = useState(false);
  if (!offered) return null;
  const reload = () => {
    setReloading(true);
    void applyUpdate().catch(() => setReloading(false));
  };
  return (
    <div
      className={`${styles.prompt} ${aboveTabBar ? styles.aboveTabs : ''}`}
      role="status"
      data-testid="update-prompt"
    >
      <span className={styles.text}>{t('update.ready')}</span>
      <Button size="mini" fill="none" className={styles.later} onClick={dismissUpdate}>
        {t('update.later')}
      </Button>
      <Button size="mini" color="primary" loading={reloading} onClick={reload} data-testid="update-reload">
        {t('update.reload')}
      </Button>
    </div>
  );
}
