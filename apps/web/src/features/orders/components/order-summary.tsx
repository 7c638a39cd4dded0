import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountFigures } from '@/lib/account-figures';
import { formatMoney, trendOf } from '@/lib/format-money';
import { useDateTime } from '@/lib/use-date-time';
import type { OrderPage, OrderTab } from '../api/get-my-deal';
import styles from './order-summary.module.css';

interface Props {
  tab: OrderTab;
  /** The first page of the tab: its totals (live for holding). */
  page: OrderPage | undefined;
  /** More figures under the totals (the page puts the live account figures here). */
  children?: ReactNode;
}

/**
 * The tab's totals: profit (floating for holding; realised for history — since the last
 * demo reset, which it then names) and balance — the account's one live copy of it
 * (lib/account-figures.ts), the list's own until that is in.
 */
export function OrderSummary({ tab, page, children }: Props) {
  const { t } = useTranslation();
  const when = useDateTime();
  const figures = useAccountFigures();
  const balance = figures.data?.balance ?? page?.balance;
  const resetAt = tab === 3 ? (page?.reset_at ?? 0) : 0;
  const profit = page?.all_fact_profits;
  const trend = trendOf(profit);
  const profitLabel = tab === 3 ? 'orders.realised_pl' : 'orders.floating_pl';
  return (
    <section className={styles.summary} data-testid="order-summary">
      <div className={styles.main}>
        {tab === 0 ? (
          <div>
            <span className={styles.label}>{t('orders.pending_count')}</span>
            <span className={`pw-num ${styles.big}`}>{page ? page.total : '--'}</span>
          </div>
        ) : (
          <div>
            <span className={styles.label}>
              {t(profitLabel)} ({t('common.currency')})
            </span>
            <span className={`pw-num ${styles.big} ${styles[trend]}`} data-testid="summary-profit">
              {formatMoney(profit, { signed: true })}
            </span>
            {resetAt > 0 ? (
              <span className={styles.note} data-testid="summary-since-reset">
                {t('orders.since_reset', { time: when(resetAt) })}
              </span>
            ) : null}
          </div>
        )}
        <div className={styles.end}>
          <span className={styles.label}>{t('mine.balance')}</span>
          <span className={`pw-num ${styles.mid}`} data-testid="summary-balance">
            {formatMoney(balance)}
          </span>
        </div>
      </div>
      {children}
    </section>
  );
}
