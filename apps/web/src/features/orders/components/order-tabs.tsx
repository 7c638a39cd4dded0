import { useTranslation } from 'react-i18next';
import type { OrderTab } from '../api/get-my-deal';
import styles from './order-tabs.module.css';

const TABS = [
  { tab: 1, label: 'orders.tab_holding' },
  { tab: 0, label: 'orders.tab_pending' },
  { tab: 3, label: 'orders.tab_history' },
] as const satisfies readonly { tab: OrderTab; label: string }[];

/** Holding, pending, history: docs/product.md §2's `type` 1, 0, 3. */
export function OrderTabs({ value, onChange }: { value: OrderTab; onChange: (tab: OrderTab) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tabs} role="tablist">
      {TABS.map(({ tab, label }) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === value}
          className={`${styles.tab} ${tab === value ? styles.active : ''}`}
          data-testid="order-tab"
          data-type={tab}
          onClick={() => onChange(tab)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}

/** `?type=` of /order: 1 holding (the default), 0 pending, 3 history. */
export function parseOrderTab(value: string | null): OrderTab {
  return value === '0' ? 0 : value === '3' ? 3 : 1;
}
