import { SkeletonBlock } from '@/components/skeleton-block';
import styles from './trade-ticket-skeleton.module.css';

/**
 * Where the order ticket will be while its code downloads (app/routes/trade.tsx), in the
 * form's shape: buy and sell, the order kinds, the price, lots and leverage rows, the stops,
 * the ticket's figures and the submit. The screen reads as loading, not as missing a part.
 */
export function TicketSkeleton() {
  return (
    <section className={styles.ticket} aria-busy="true" data-testid="ticket-skeleton">
      <div className={styles.twin}>
        <SkeletonBlock height={59} radius={10} />
        <SkeletonBlock height={59} radius={10} />
      </div>
      <div className={styles.modes}>
        <SkeletonBlock width={64} height={18} />
        <SkeletonBlock width={72} height={18} />
      </div>
      {[0, 1, 2].map((row) => (
        <div key={row} className={styles.row}>
          <SkeletonBlock width={72} height={16} />
          <SkeletonBlock width={168} height={40} radius={8} />
        </div>
      ))}
      <div className={styles.twin}>
        <SkeletonBlock height={66} radius={10} />
        <SkeletonBlock height={66} radius={10} />
      </div>
      <SkeletonBlock height={105} radius={12} />
      <SkeletonBlock height={48} radius={12} />
    </section>
  );
}
