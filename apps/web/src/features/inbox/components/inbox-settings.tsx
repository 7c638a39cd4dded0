import { MarginLevelsForm } from './margin-levels-form';
import { NoticeSwitches } from './notice-switches';
import { PushSettings } from './push-settings';
import styles from './inbox-settings.module.css';

/**
 * The notification settings (/inbox/settings, a page loaded on demand): what the inbox
 * keeps, the margin warning levels, and push notifications on this device. The push code
 * and the service worker stay off the first screen: they load with this page.
 */
export function InboxSettings() {
  return (
    <div className={styles.stack}>
      <NoticeSwitches />
      <MarginLevelsForm />
      <PushSettings />
    </div>
  );
}
