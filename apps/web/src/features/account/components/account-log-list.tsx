import { PULL_REFRESH_CLOSE_MS } from '@pipwise/shared';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { FileOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { formatMoney } from '@/lib/format-money';
import { useDateTime } from '@/lib/use-date-time';
import { useAccountLog, type AccountLogEntry } from '../api/get-account-log';
import { ledgerRowDisplay } from '../utils/ledger-row';
import styles from './account-log-list.module.css';

/**
 * /mine/history (docs/product.md §2): the account log, newest first — what each entry is (MemoTran,
 * in the trader's language), when (the trader's zone, like every date of the app), the
 * signed amount and the balance after it, to the cent. A withdrawal's hold and release show
 * the amount set aside or returned (utils/ledger-row.ts), with a line saying so.
 */
export function AccountLogList() {
  const { t } = useTranslation();
  const log = useAccountLog();
  const entries = useMemo(() => {
    const seen = new Set<number>();
    return (log.data?.pages ?? []).flatMap((p) => p.data).filter((e) => !seen.has(e.Id) && !!seen.add(e.Id));
  }, [log.data]);

  let body;
  if (log.isPending) {
    body = (
      <div className={styles.skeleton} aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className={styles.skeletonRow} />
        ))}
      </div>
    );
  } else if (log.isError && !log.data) {
    body = (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void log.refetch() }}
      />
    );
  } else if (entries.length === 0) {
    body = <StatusView testId="ledger-empty" icon={<FileOutline />} title={t('mine.history_empty')} />;
  } else {
    body = (
      <>
        <ul className={styles.list} data-testid="ledger-list">
          {entries.map((entry) => (
            <LogRow key={entry.Id} entry={entry} />
          ))}
        </ul>
        <InfiniteScroll
          hasMore={log.hasNextPage}
          loadMore={async () => {
            await log.fetchNextPage({ throwOnError: true });
          }}
        />
      </>
    );
  }

  return (
    <PullToRefresh
      onRefresh={async () => {
        await log.refetch();
      }}
      completeDelay={PULL_REFRESH_CLOSE_MS}
    >
      {body}
    </PullToRefresh>
  );
}

function LogRow({ entry }: { entry: AccountLogEntry }) {
  const { t } = useTranslation();
  const when = useDateTime();
  const shown = ledgerRowDisplay(entry);
  return (
    <li className={styles.row} data-testid="ledger-row" data-type={entry.Type}>
      <span className={styles.what}>
        <span className={styles.memo}>{entry.MemoTran}</span>
        <bdi className={styles.when}>{when(entry.CreatedAt)}</bdi>
        {shown.note ? (
          <span className={styles.note} data-testid="ledger-note">
            {t(shown.note === 'ledger_held' ? 'mine.ledger_held' : 'mine.ledger_released')}
          </span>
        ) : null}
        {/* Fees and profits belong to an order: the row opens its details (docs/money.md). */}
        {entry.OrderId > 0 ? (
          <Link
            className={styles.order}
            to={`${ROUTES.order.path}?order=${entry.OrderId}`}
            data-testid="ledger-order-link"
            data-order-id={entry.OrderId}
          >
            <bdi>{t('ticket.log.order_link', { id: entry.OrderId })}</bdi>
          </Link>
        ) : null}
        {/* Closed by a stop-out: its receipt says which positions went, in which order, why. */}
        {entry.ReceiptId > 0 ? (
          <Link
            className={styles.order}
            to={`${ROUTES.inboxNotice.path}?id=${entry.ReceiptId}`}
            data-testid="ledger-receipt-link"
          >
            {t('mine.stop_out_receipt')}
          </Link>
        ) : null}
      </span>
      <span className={styles.amounts}>
        <span className={`pw-num ${styles.value} ${styles[shown.tone]}`} data-testid="ledger-value">
          {formatMoney(shown.amount, { signed: true })}
        </span>
        <span className={styles.after}>
          {t('mine.balance_after')} <span className="pw-num">{formatMoney(entry.BalanceAfter)}</span>
        </span>
      </span>
    </li>
  );
}
