import type { Category } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import type { BoardFilter } from './board-filter';
import styles from './category-chips.module.css';

interface Props {
  categories: readonly Category[];
  value: BoardFilter;
  onChange: (value: BoardFilter) => void;
  /** Whether the trader starred anything: then Favourites comes first after All. */
  favourites?: boolean;
}

/**
 * The filter row: All, Favourites (once something is starred), then each category.
 * Tapping the chosen one again clears it (docs/product.md §2).
 */
export function CategoryChips({ categories, value, onChange, favourites = false }: Props) {
  const { t } = useTranslation();
  const chip = (id: BoardFilter, label: string) => {
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
      {favourites || value === 'favourites' ? chip('favourites', t('home.favourites')) : null}
      {categories.map((c) => chip(c.Id, c.NameShowTrans))}
    </div>
  );
}
