import { Switch } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOneTapSwitch } from './one-tap-switch';
import styles from './one-tap.module.css';

/**
 * Settings' "Trading" group: the one-tap switch (docs/money.md "One-tap trading"), the same
 * one the ticket carries — turned on through the risk note, off at once.
 */
export function OneTapSetting() {
  const { t } = useTranslation();
  const { on, available, change, sheet } = useOneTapSwitch();
  const labelId = useId();
  const hintId = useId();
  if (!available) return null;
  return (
    <section className={styles.group} data-testid="one-tap-setting">
      <h2 className={styles.groupTitle}>{t('one_tap.group')}</h2>
      <div className={styles.row}>
        <span className={styles.rowText}>
          <span id={labelId} className={styles.rowLabel}>
            {t('one_tap.setting')}
          </span>
          <span id={hintId} className={styles.rowHint}>
            {t('one_tap.setting_hint')}
          </span>
        </span>
        <Switch
          checked={on}
          onChange={change}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          data-testid="one-tap-setting-switch"
          data-checked={on ? '1' : '0'}
        />
      </div>
      {sheet}
    </section>
  );
}
