import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './order-form.module.css';

type Mode = 'market' | 'pending';

/** Market | Pending order. Memoised: the quotes clock does not re-render it. */
export const ModeTabs = memo(function ModeTabs({
  mode,
  onMode,
}: {
  mode: Mode;
  onMode: (mode: Mode) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.modes} role="tablist">
      {(['market', 'pending'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={mode === m}
          className={`${styles.mode} ${mode === m ? styles.modeActive : ''}`}
          data-testid={`mode-${m}`}
          onClick={() => onMode(m)}
        >
          {t(m === 'market' ? 'trading.market_order' : 'trading.pending_order')}
        </button>
      ))}
    </div>
  );
});
