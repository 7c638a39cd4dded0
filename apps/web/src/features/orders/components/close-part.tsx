import { Dec, type Order, type QuoteLookup, type TicketInstrument } from '@pipwise/shared';
import { alertDialog, confirmDialog } from '@/components/dialog-focus';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { formatPrice } from '@/lib/format';
import { formatMoney, trendOf } from '@/lib/format-money';
import { pairSymbol } from '@/lib/instrument-name';
import { useClosePart } from '../api/close-order';
import { firstPartLots, partEstimate, partRange, stepPartLots, validPartLots } from '../utils/close-figures';
import { FigureRows as Figures } from './figure-rows';
import detail from './order-detail.module.css';
import styles from './close-part.module.css';

interface Props {
  /** The open position as the list has it now (live price and profit). */
  order: Order;
  /** Its instrument as the board lists it (lot step, minimum, contract); undefined: not known. */
  instrument: TicketInstrument | undefined;
  /** The live quotes, for the USD rate of the estimate. */
  quotes: QuoteLookup | undefined;
  /** Offline: nothing can be sent. */
  paused: boolean;
}

/**
 * "Close part" in an open position's detail (docs/money.md "Partial close and close all"):
 * a lots stepper on the pair's step, from one step to what leaves the pair's minimum open;
 * the price it would close at now and the money that books (an estimate with the shared
 * math); a confirmation with those figures, then the result the server booked. One close per
 * tap (lib/use-submission.ts). Nothing shows for a position too small to split or whose
 * instrument the board does not list.
 */
export function ClosePart({ order, instrument, quotes, paused }: Props) {
  const { t } = useTranslation();
  const range = useMemo(
    () => (instrument ? partRange(order, instrument) : null),
    // The range moves with the position's lots, not with its live price.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order.Quantity, instrument],
  );
  // Its parent mounts it anew when the position's lots change (a partial close): it then
  // offers a part of what is left.
  const [text, setText] = useState(() => (range ? firstPartLots(range) : ''));

  const lots = range ? validPartLots(text, range) : null;
  const estimate = lots && instrument && quotes ? partEstimate({ order, lots, instrument, quotes }) : null;
  const p = order.ForexTradeLists.PricePrecision;
  const code = pairSymbol(order.ForexTradeLists);
  const usd = (value: number | null) =>
    value === null ? '--' : `${formatMoney(value, { signed: true })} ${t('common.currency')}`;
  const restOf = (closed: Dec | string) => new Dec(String(order.Quantity)).minus(new Dec(closed)).toFixed();

  const close = useClosePart({
    // The figures of the moment of the tap: the lots, the price now, what that books.
    confirm: (input) =>
      confirmDialog({
        label: t('orders.part.confirm_title', { code }),
        title: t('orders.part.confirm_title', { code }),
        content: (
          <div data-testid="part-confirm">
            <Figures
              rows={[
                [t('orders.part.lots'), input.lots, 'part-confirm-lots'],
                [t('orders.part.price'), formatPrice(order.UpdatePrice, p), 'part-confirm-price'],
                [
                  t('orders.part.money'),
                  usd(estimate ? estimate.toNumber() : null),
                  'part-confirm-money',
                  trendOf(estimate?.toNumber()),
                ],
                [t('orders.part.rest'), restOf(input.lots), 'part-confirm-rest'],
              ]}
            />
            {order.Commission ? <p className={styles.note}>{t('orders.part.commission')}</p> : null}
          </div>
        ),
        confirmText: t('orders.part.confirm'),
        cancelText: t('common.cancel'),
      }),
    onSuccess: (part, input) => {
      void alertDialog({
        label: t('orders.part.done_title'),
        title: t('orders.part.done_title'),
        content: (
          <div data-testid="part-result">
            <Figures
              rows={[
                [t('orders.part.lots'), String(part.Quantity), 'part-result-lots'],
                [t('orders.part.closed_at'), formatPrice(part.UpdatePrice, p), 'part-result-price'],
                [
                  t('orders.part.booked'),
                  usd(part.FactProfits),
                  'part-result-money',
                  trendOf(part.FactProfits),
                ],
                [t('orders.part.rest'), restOf(input.lots), 'part-result-rest'],
              ]}
            />
          </div>
        ),
        confirmText: t('common.ok'),
      });
    },
  });

  if (!range || !instrument) return null;
  const max = range.max.toFixed();
  const step = range.step.toFixed();
  return (
    <section className={styles.part} data-testid="close-part" aria-labelledby="close-part-title">
      <h4 className={detail.sectionTitle} id="close-part-title">
        {t('orders.part.title')}
      </h4>
      <p className={detail.hint}>{t('orders.part.hint')}</p>
      <div className={styles.lotsRow}>
        <span>{t('orders.part.lots')}</span>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.stepButton}
            onClick={() => setText(stepPartLots(text, range, -1))}
            disabled={paused || (lots !== null && lots.lte(range.step))}
            aria-label={t('trading.lots_decrease')}
            data-testid="part-minus"
          >
            <MinusOutline />
          </button>
          <DecimalInput
            className={styles.lots}
            value={text}
            onChange={setText}
            decimals={range.step.decimalPlaces()}
            label={t('orders.part.lots')}
            invalid={lots === null}
            describedBy="close-part-range"
            testId="part-lots"
          />
          <button
            type="button"
            className={styles.stepButton}
            onClick={() => setText(stepPartLots(text, range, 1))}
            disabled={paused || (lots !== null && lots.gte(range.max))}
            aria-label={t('trading.lots_increase')}
            data-testid="part-plus"
          >
            <AddOutline />
          </button>
        </div>
      </div>
      <p
        className={lots === null ? styles.invalid : detail.hint}
        id="close-part-range"
        data-testid="part-range"
      >
        {lots === null
          ? t('orders.part.invalid', { step, max })
          : t('orders.part.range', { step, max, lots: String(order.Quantity) })}
      </p>
      <Figures
        className={detail.costList}
        rows={[
          [t('orders.part.price'), formatPrice(order.UpdatePrice, p), 'part-price'],
          [
            t('orders.part.money'),
            usd(estimate ? estimate.toNumber() : null),
            'part-estimate',
            trendOf(estimate?.toNumber()),
          ],
          [t('orders.part.rest'), lots ? restOf(lots) : '--', 'part-rest'],
        ]}
      />
      <button
        type="button"
        className={detail.secondary}
        onClick={() => lots && void close.submit({ id: order.Id, lots: lots.toFixed() })}
        disabled={close.locked || paused || lots === null}
        data-testid="close-part-submit"
      >
        {t('orders.part.submit', { lots: lots ? lots.toFixed() : '--' })}
      </button>
    </section>
  );
}
