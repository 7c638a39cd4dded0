import { SkeletonBlock } from '@/components/skeleton-block';
import { ROUTES } from '@/config/routes';
import { OrderListSkeleton } from '@/features/orders/components/order-list-skeleton';
import { TradeSkeleton } from '@/features/trade/components/trade-skeleton';
import styles from './route-fallback.module.css';

/**
 * What a page shows while its code downloads (the router's Suspense fallback): the shape
 * of that page — the trade screen, the order tabs, or a title and rows — instead of an
 * empty dark screen.
 */
export function RouteFallback({ pathname }: { pathname: string }) {
  if (pathname === ROUTES.trade.path) return <TradeSkeleton />;
  return (
    <div className={styles.page} aria-busy="true" data-testid="route-skeleton">
      <div className={styles.nav}>
        <SkeletonBlock width={96} height={18} />
      </div>
      {pathname === ROUTES.order.path ? (
        <>
          <SkeletonBlock className={styles.tabs} height={40} radius={12} />
          <SkeletonBlock className={styles.summary} height={150} radius={14} />
          <OrderListSkeleton />
        </>
      ) : (
        <div className={styles.rows}>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <span key={i} className={styles.row}>
              <SkeletonBlock width={28} height={28} radius="50%" />
              <SkeletonBlock width={`${40 + ((i * 17) % 35)}%`} height={14} />
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
