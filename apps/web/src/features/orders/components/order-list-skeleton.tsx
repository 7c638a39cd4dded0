import { SkeletonBlock } from '@/components/skeleton-block';
import styles from './order-list-skeleton.module.css';

/** Three cards the shape of real ones (side, pair, profit; prices; time) while a tab loads. */
export function OrderListSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid="orders-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className={styles.skeletonCard}>
          <span className={styles.skeletonLine}>
            <SkeletonBlock width={34} height={18} />
            <SkeletonBlock width={80} height={18} />
            <SkeletonBlock className={styles.skeletonEnd} width={64} height={20} />
          </span>
          <SkeletonBlock width="55%" height={14} />
          <span className={styles.skeletonLine}>
            <SkeletonBlock width="40%" height={11} />
            <SkeletonBlock className={styles.skeletonEnd} width="25%" height={11} />
          </span>
        </div>
      ))}
    </div>
  );
}
