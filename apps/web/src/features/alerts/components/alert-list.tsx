import type { PriceAlert } from '@pipwise/shared';
import {
  BellOutline,
  DeleteOutline,
  DownOutline,
  EditSOutline,
  ExclamationCircleOutline,
  UpOutline,
} from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/dialog-focus';
import { SkeletonBlock } from '@/components/skeleton-block';
import { StatusView } from '@/components/status-view';
import { isolate } from '@/lib/bidi';
import { formatPercent, formatPrice } from '@/lib/format';
import { useDateTime } from '@/lib/use-date-time';
import { useDeleteAlert } from '../api/delete-alert';
import { isArmed, useAlerts } from '../api/list-alerts';
import { useLiveBid } from '../hooks/use-live-bid';
import { distancePercent } from '../utils/alert-price';
import { MoveSummary, rising } from './move-summary';
import type { AlertPair, BidSource } from './types';
import styles from './alert-list.module.css';

const AlertSheet = lazy(() => import('./alert-sheet'));

interface Props {
  bids: BidSource;
  /** The pair's short symbol (EUR/USD) from its code, as the board shows it. */
  symbolOf: (code: string) => string;
}

/**
 * Every alert of the trader (docs/notifications.md "Price alerts"): how many are armed of
 * the most allowed, what alerts watch, then the waiting ones and the triggered ones with the
 * bid that reached them and when. Each opens the alert sheet to move it (or set it again),
 * and each can be deleted after a confirmation.
 */
export function AlertList({ bids, symbolOf }: Props) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const del = useDeleteAlert({
    confirm: () =>
      confirmDialog({
        label: t('alerts.delete_confirm'),
        content: <div data-testid="alert-delete-confirm">{t('alerts.delete_confirm')}</div>,
        confirmText: <span data-testid="alert-delete-ok">{t('alerts.delete')}</span>,
        cancelText: t('common.cancel'),
      }),
  });

  if (alerts.isPending) {
    return (
      <div className={styles.body} aria-busy="true">
        <SkeletonBlock height={74} radius={12} />
        <SkeletonBlock height={92} radius={12} />
        <SkeletonBlock height={92} radius={12} />
      </div>
    );
  }
  if (alerts.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void alerts.refetch() }}
      />
    );
  }
  const { data, max } = alerts.data;
  // Armed first (the server's order too), each part as listed: newest first.
  const rows = [...data.filter(isArmed), ...data.filter((a) => !isArmed(a))];
  const armed = data.filter(isArmed).length;
  const pairOf = (alert: PriceAlert): AlertPair => ({
    forexId: alert.forex_id,
    code: alert.code,
    symbol: symbolOf(alert.code),
    precision: alert.precision,
  });
  const edit = (alert: PriceAlert) => {
    setEditing(alert);
    setSheetOpen(true);
  };

  return (
    <div className={styles.body}>
      <section className={styles.summary} data-testid="alerts-summary">
        <p className={styles.count} data-testid="alerts-count">
          <BellOutline aria-hidden className={styles.countIcon} />
          <span>{t('alerts.count', { count: armed, max })}</span>
        </p>
        <p className={styles.hint}>{t('alerts.hint')}</p>
      </section>

      {rows.length === 0 ? (
        <StatusView testId="alerts-empty" icon={<BellOutline />} title={t('alerts.empty')} />
      ) : (
        <ul className={styles.list} data-testid="alert-list">
          {rows.map((alert) => (
            <AlertRow
              key={alert.id}
              alert={alert}
              bids={bids}
              symbol={symbolOf(alert.code)}
              onEdit={() => edit(alert)}
              onDelete={() => void del.submit(alert.id)}
              deleting={del.locked}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <Suspense fallback={null}>
          <AlertSheet
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            pair={pairOf(editing)}
            bids={bids}
            editing={editing}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function AlertRow({
  alert,
  bids,
  symbol,
  onEdit,
  onDelete,
  deleting,
}: {
  alert: PriceAlert;
  bids: BidSource;
  symbol: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  const timeOf = useDateTime();
  const armed = isArmed(alert);
  const price = (value: number) => formatPrice(value, alert.precision);
  return (
    <li
      className={`${styles.row} ${armed ? '' : styles.fired}`}
      data-testid="alert-row"
      data-id={alert.id}
      data-state={armed ? 'armed' : 'fired'}
    >
      <span className={`${styles.icon} ${styles[rising(alert) ? 'above' : 'below']}`} aria-hidden>
        {rising(alert) ? <UpOutline /> : <DownOutline />}
      </span>
      <div className={styles.column}>
        <button type="button" className={styles.main} onClick={onEdit} data-testid="alert-edit-row">
          <span className={styles.top}>
            <bdi className={styles.symbol}>{symbol}</bdi>
            <span className={`${styles.state} ${armed ? styles.stateArmed : styles.stateFired}`}>
              {armed ? t('alerts.armed') : t('alerts.fired')}
            </span>
          </span>
          <span className={styles.level}>
            {alert.kind === 'move' ? (
              <MoveSummary alert={alert} />
            ) : (
              <>
                {t(rising(alert) ? 'alerts.above' : 'alerts.below')}{' '}
                <bdi className={`pw-num ${styles.price}`}>{price(alert.price)}</bdi>
              </>
            )}
          </span>
          {armed ? (
            alert.kind === 'move' ? null : (
              <LiveDistance alert={alert} bids={bids} />
            )
          ) : (
            <>
              <span className={styles.firedAt} data-testid="alert-fired-price">
                {alert.kind === 'move'
                  ? t('alerts.fired_move', {
                      price: isolate(price(alert.fired_price)),
                      reference: isolate(price(alert.fired_reference)),
                    })
                  : t('alerts.fired_at', { price: isolate(price(alert.fired_price)) })}
              </span>
              <span className={styles.time}>
                <bdi>{timeOf(alert.fired_at)}</bdi>
              </span>
            </>
          )}
        </button>
        {armed ? null : (
          // A triggered alert's way back: under its text, which keeps the row's width.
          <button type="button" className={styles.rearm} onClick={onEdit} data-testid="alert-rearm">
            {t('alerts.rearm')}
          </button>
        )}
      </div>
      <span className={styles.actions}>
        {armed ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('alerts.edit')}
            onClick={onEdit}
            data-testid="alert-edit"
          >
            <EditSOutline />
          </button>
        ) : null}
        <button
          type="button"
          className={`${styles.iconButton} ${styles.delete}`}
          aria-label={t('alerts.delete')}
          disabled={deleting}
          onClick={onDelete}
          data-testid="alert-delete"
        >
          <DeleteOutline />
        </button>
      </span>
    </li>
  );
}

/**
 * A waiting alert's distance: the market's bid now and how far the alert's price is from
 * it. Its own component, so a tick redraws this line, not the list.
 */
function LiveDistance({ alert, bids }: { alert: PriceAlert; bids: BidSource }) {
  const { t } = useTranslation();
  const bid = useLiveBid(bids, alert.code);
  if (bid === undefined) return null;
  const distance = distancePercent(alert.price, bid);
  return (
    <span className={styles.now} data-testid="alert-distance">
      {t('alerts.current_bid', { price: isolate(formatPrice(bid, alert.precision)) })}
      {distance !== null ? (
        <>
          <span className={styles.dot} aria-hidden>
            ·
          </span>
          <span className="pw-num">{formatPercent(distance)}</span>
        </>
      ) : null}
    </span>
  );
}
