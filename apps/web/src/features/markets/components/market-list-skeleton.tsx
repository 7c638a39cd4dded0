import { Skeleton } from 'antd-mobile';
import rowStyles from './market-row.module.css';
import styles from './market-list-skeleton.module.css';

/** Spec §2: ten placeholder rows, the shape of real ones, while the list loads. */
export const SKELETON_ROWS = 10;

export function MarketListSkeleton() {
  return (
    <div aria-busy="true" data-testid="market-skeleton">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className={`${rowStyles.row} ${styles.row}`} data-testid="market-skeleton-row">
          <Skeleton animated className={styles.logo} />
          <Skeleton animated className={styles.code} />
          <Skeleton animated className={styles.sub} />
          <Skeleton animated className={styles.chart} />
          <Skeleton animated className={styles.price} />
          <Skeleton animated className={styles.pill} />
        </div>
      ))}
    </div>
  );
}
