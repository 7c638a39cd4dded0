import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './order-form.module.css';

type Mode = 'market' | 'pending';

/**
 * Market | Pending order, and at the row's end what the form puts there (the one-tap
 * switch). Memoised: the quotes clock does not re-render it (the form keeps `children` one
 * element from render to render).
 */
export const ModeTabs = memo(function ModeTabs({
  mode,
  onMode,
  children,
}: {
  mode: Mode;
  onMode: (mode: Mode) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.modes}>
      <div className={styles.tabs} role="tablist">
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
      {children}
    </div>
  );
});
