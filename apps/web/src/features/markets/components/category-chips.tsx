import type { Category } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import styles from './category-chips.module.css';

interface Props {
  categories: readonly Category[];
  /** The chosen category, or null for All. */
  value: number | null;
  onChange: (value: number | null) => void;
}

/** The filter row: All, then each category. Tapping the chosen one again clears it (docs/product.md §2). */
export function CategoryChips({ categories, value, onChange }: Props) {
  const { t } = useTranslation();
  const chip = (id: number | null, label: string) => {
    const active = value === id;
    return (
      <button
        key={id ?? 'all'}
        type="button"
        className={`${styles.chip} ${active ? styles.active : ''}`}
        aria-pressed={active}
        data-testid="category-chip"
        data-category={id ?? 'all'}
        onClick={() => onChange(active ? null : id)}
      >
        {label}
      </button>
    );
  };
  return (
    <div className={styles.bar}>
      {chip(null, t('home.all'))}
      {categories.map((c) => chip(c.Id, c.NameShowTrans))}
    </div>
  );
}
