import type { AlertDirection, PriceAlert } from '@pipwise/shared';
import { AddOutline, DeleteOutline, DownOutline, MinusOutline, UpOutline } from 'antd-mobile-icons';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { DecimalInput } from '@/components/decimal-input';
import { confirmDialog } from '@/components/dialog-focus';
import { formatPercent, formatPrice } from '@/lib/format';
import { useDeleteAlert } from '../api/delete-alert';
import { armedOf, useAlerts } from '../api/list-alerts';
import { useSetAlert } from '../api/set-alert';
import { useLiveBid } from '../hooks/use-live-bid';
import {
  defaultDirection,
  distancePercent,
  priceText,
  priceToSend,
  stepPrice,
  typedPrice,
} from '../utils/alert-price';
import { initialMoveDraft, MoveFields, percentToSend, type MoveDraft } from './move-fields';
import { MoveSummary, rising } from './move-summary';
import type { AlertPair, BidSource } from './types';
import styles from './alert-sheet.module.css';

export interface AlertSheetProps {
  open: boolean;
  onClose: () => void;
  pair: AlertPair;
  bids: BidSource;
  /** An alert to move, or to set again once fired; none: a new alert. */
  editing?: PriceAlert | null;
  /** A new alert's price to start from (a price tapped on the chart); none: the bid. */
  initialPrice?: number | undefined;
}

const DIRECTIONS: readonly AlertDirection[] = ['above', 'below'];

/**
 * The alert sheet (docs/notifications.md "Price alerts"): which way the market's bid is
 * watched, the price (prefilled with the bid, stepped one point of the pair), the live bid,
 * and Save; under it, the pair's waiting alerts, each deletable. Opened from the trade
 * screen's bell and from the alerts page (to edit one). Its own chunk: the Popup and its
 * animation runtime load on the first tap.
 */
export default function AlertSheet({
  open,
  onClose,
  pair,
  bids,
  editing = null,
  initialPrice,
}: AlertSheetProps) {
  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      {/* A fresh form per alert: its field starts from that alert, the chart's price or the bid. */}
      <AlertForm
        key={editing?.id ?? `new-${initialPrice ?? ''}`}
        pair={pair}
        bids={bids}
        editing={editing}
        initialPrice={initialPrice}
        onClose={onClose}
      />
    </BottomSheet>
  );
}

export function AlertForm({
  pair,
  bids,
  editing,
  initialPrice,
  onClose,
}: {
  pair: AlertPair;
  bids: BidSource;
  editing: PriceAlert | null;
  initialPrice?: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { precision } = pair;
  const bid = useLiveBid(bids, pair.code);
  // The field starts at the alert's price, else the chart's, else the bid when the sheet
  // opens; before any bid is known it follows the first one, until the trader types.
  const [mode, setMode] = useState<'price' | 'move'>(editing?.kind === 'move' ? 'move' : 'price');
  const [move, setMove] = useState<MoveDraft>(() => initialMoveDraft(editing));
  const [typed, setTyped] = useState<string | null>(() => {
    const start = (editing?.kind === 'move' ? undefined : editing?.price) ?? initialPrice ?? bid;
    return start !== undefined ? priceText(start, precision) : null;
  });
  const price = typed ?? (bid !== undefined ? priceText(bid, precision) : '');
  // An armed alert keeps its direction; a fired one is likely past its price now, so it
  // is set again the way its price lies from the bid, unless the trader chooses.
  const [chosen, setChosen] = useState<AlertDirection | null>(
    editing && editing.fired_at === 0 && (editing.direction === 'above' || editing.direction === 'below')
      ? editing.direction
      : null,
  );
  const value = typedPrice(price);
  const direction = chosen ?? defaultDirection(value, bid, precision);
  const distance = distancePercent(value, bid);
  const toSend = priceToSend(price);
  const percent = percentToSend(move.percent);
  const ready = mode === 'move' ? percent !== null : toSend !== null;

  const save = useSetAlert({ onSuccess: onClose });
  const onSave = () => {
    const id = editing ? { id: editing.id } : {};
    if (mode === 'move') {
      if (percent === null) return;
      void save.submit({
        ...id,
        kind: 'move',
        forex_id: pair.forexId,
        direction: move.direction,
        window: move.window,
        percent,
      });
      return;
    }
    if (toSend === null) return;
    void save.submit({ ...id, forex_id: pair.forexId, direction, price: toSend });
  };
  const onPrice = useCallback((text: string) => setTyped(text), []);
  const step = (by: number) => setTyped(stepPrice(price, by, precision, bid));

  const title = editing ? t('alerts.edit') : t('alerts.new');
  const fired = editing !== null && editing.fired_at > 0;

  return (
    <div
      data-testid="alert-sheet"
      data-code={pair.code}
      data-mode={mode}
      data-direction={mode === 'move' ? move.direction : direction}
    >
      <div className={styles.header}>
        <div className={styles.heading}>
          <SheetTitle className={styles.title}>{title}</SheetTitle>
          <bdi className={styles.symbol}>{pair.symbol}</bdi>
        </div>
        <SheetClose className={styles.close} onClick={onClose} testId="alert-sheet-close" />
      </div>

      <div className={styles.body}>
        <CurrentBid text={t('alerts.current_bid', { price: SLOT })} bid={bid} precision={precision} />

        <div className={styles.modes} role="radiogroup" aria-label={t('alerts.set_alert')}>
          {(['price', 'move'] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={mode === m}
              className={`${styles.mode} ${mode === m ? styles.modeActive : ''}`}
              onClick={() => setMode(m)}
              data-testid={`alert-mode-${m}`}
            >
              {t(`alerts.kind_${m}`)}
            </button>
          ))}
        </div>

        {mode === 'move' ? <MoveFields draft={move} onChange={setMove} /> : null}

        {/* The price's fields, for a price alert only (the sheet keeps what was typed). */}
        {mode === 'price' ? (
          <>
            <div className={styles.directions} role="radiogroup" aria-label={t('alerts.set_alert')}>
              {DIRECTIONS.map((d) => (
                <button
                  key={d}
                  type="button"
                  role="radio"
                  aria-checked={direction === d}
                  className={`${styles.direction} ${styles[d]} ${direction === d ? styles.directionActive : ''}`}
                  onClick={() => setChosen(d)}
                  data-testid={`alert-direction-${d}`}
                >
                  {d === 'above' ? <UpOutline aria-hidden /> : <DownOutline aria-hidden />}
                  <span>{t(`alerts.${d}`)}</span>
                </button>
              ))}
            </div>

            <div className={styles.priceRow}>
              <span className={styles.priceLabel}>
                {t('alerts.price')}
                {distance !== null && Math.abs(distance) >= 0.005 ? (
                  <span className={`pw-num ${styles.distance}`} data-testid="alert-distance">
                    {formatPercent(distance)}
                  </span>
                ) : null}
              </span>
              <div className={styles.stepper}>
                <button
                  type="button"
                  className={styles.stepButton}
                  onClick={() => step(-1)}
                  aria-label={t('alerts.price_down')}
                  data-testid="alert-price-minus"
                >
                  <MinusOutline />
                </button>
                <DecimalInput
                  className={styles.input}
                  value={price}
                  onChange={onPrice}
                  decimals={precision}
                  label={t('alerts.price')}
                  testId="alert-price"
                />
                <button
                  type="button"
                  className={styles.stepButton}
                  onClick={() => step(1)}
                  aria-label={t('alerts.price_up')}
                  data-testid="alert-price-plus"
                >
                  <AddOutline />
                </button>
              </div>
            </div>
          </>
        ) : null}

        <Button
          block
          color="primary"
          className={styles.save}
          loading={save.locked}
          disabled={!ready}
          onClick={onSave}
          data-testid="alert-save"
        >
          {fired ? t('alerts.rearm') : t('alerts.set_alert')}
        </Button>

        <PairAlerts pair={pair} editingId={editing?.id ?? null} />
      </div>
    </div>
  );
}

/** Where the live bid goes in its translated sentence ("Current bid {{price}}"). */
const SLOT = '\u0000';

/** "Current bid 1.08345": the sentence in the reader's language, the bid as a live figure in it. */
function CurrentBid({ text, bid, precision }: { text: string; bid: number | undefined; precision: number }) {
  const at = text.indexOf(SLOT);
  const before = at < 0 ? text : text.slice(0, at);
  const after = at < 0 ? '' : text.slice(at + SLOT.length);
  return (
    <p className={styles.bid}>
      {before}
      <bdi className={`pw-num ${styles.bidFigure}`} data-testid="alert-current-bid">
        {bid !== undefined ? formatPrice(bid, precision) : '--'}
      </bdi>
      {after}
    </p>
  );
}

/** The pair's waiting alerts, each with delete (after a confirmation). */
function PairAlerts({ pair, editingId }: { pair: AlertPair; editingId: number | null }) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  // Highest first, as a price ladder reads.
  // Highest first, as a price ladder reads; move alerts after them.
  const armed = armedOf(alerts.data, pair.forexId).sort(
    (a, b) => Number(a.kind === 'move') - Number(b.kind === 'move') || b.price - a.price,
  );
  const del = useDeleteAlert({
    confirm: () =>
      confirmDialog({
        label: t('alerts.delete_confirm'),
        content: <div data-testid="alert-delete-confirm">{t('alerts.delete_confirm')}</div>,
        confirmText: <span data-testid="alert-delete-ok">{t('alerts.delete')}</span>,
        cancelText: t('common.cancel'),
      }),
  });
  if (armed.length === 0) return null;
  return (
    <section className={styles.armed} data-testid="sheet-alerts">
      <h3 className={styles.armedTitle}>
        {t('alerts.armed')} <bdi className="pw-num">{armed.length}</bdi>
      </h3>
      <ul className={styles.armedList}>
        {armed.map((alert) => (
          <li
            key={alert.id}
            className={`${styles.armedRow} ${alert.id === editingId ? styles.armedEditing : ''}`}
            data-testid="sheet-alert"
            data-id={alert.id}
          >
            <span className={`${styles.armedIcon} ${styles[rising(alert) ? 'above' : 'below']}`} aria-hidden>
              {rising(alert) ? <UpOutline /> : <DownOutline />}
            </span>
            {alert.kind === 'move' ? (
              <span className={styles.armedText}>
                <MoveSummary alert={alert} />
              </span>
            ) : (
              <>
                <span className={styles.armedText}>{t(rising(alert) ? 'alerts.above' : 'alerts.below')}</span>
                <span className={`pw-num ${styles.armedPrice}`}>
                  {formatPrice(alert.price, alert.precision)}
                </span>
              </>
            )}
            <button
              type="button"
              className={styles.delete}
              aria-label={t('alerts.delete')}
              disabled={del.locked}
              onClick={() => void del.submit(alert.id)}
              data-testid="sheet-alert-delete"
            >
              <DeleteOutline />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
