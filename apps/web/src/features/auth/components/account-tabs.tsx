import { useTranslation } from 'react-i18next';
import type { AccountMode } from '../utils/validation';
import styles from './form.module.css';

/** E-mail | Mobile, shown when the operator enables phone accounts (is_show_mobile 1 or 3). */
export function AccountTabs({
  mode,
  onChange,
}: {
  mode: AccountMode;
  onChange: (mode: AccountMode) => void;
}) {
  const { t } = useTranslation();
  const tabs: { mode: AccountMode; label: string }[] = [
    { mode: 'email', label: t('auth.tab_email') },
    { mode: 'mobile', label: t('auth.tab_mobile') },
  ];
  return (
    <div className={styles.tabs} role="tablist" data-testid="account-tabs">
      {tabs.map((tab) => (
        <button
          key={tab.mode}
          type="button"
          role="tab"
          aria-selected={mode === tab.mode}
          className={`${styles.tab} ${mode === tab.mode ? styles.tabActive : ''}`}
          data-testid={`tab-${tab.mode}`}
          onClick={() => onChange(tab.mode)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
