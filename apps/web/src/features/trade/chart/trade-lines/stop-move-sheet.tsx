import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { Button } from '@/components/button';
import { isolate } from '@/lib/bidi';
import { formatPrice } from '@/lib/format';
import { MoveMoney, MovePriceRow } from './move-money';
import { PendingMoveRows } from './pending-move-rows';
import type { PendingMoveFigures, StopMove, StopMoveFigures } from './stop-move-figures';
import { lotsText } from './trade-line-model';
import styles from './stop-move-sheet.module.css';

interface Props {
  move: StopMove | null;
  /** A stop's figures, or a pending order's price move's (`move.kind` says which). */
  figures: StopMoveFigures | PendingMoveFigures | null;
  symbol: string;
  precision: number;
  /** A confirmation is being sent. */
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const TITLES = {
  tp: 'chart_lines.move_tp',
  sl: 'chart_lines.move_sl',
  pending: 'chart_lines.move_pending',
} as const;

/**
 * The confirmation a dragged line asks for (docs/chart.md "Trading from the chart"): the
 * order, then for a take-profit or stop-loss the level and the money at it now and after;
 * for a pending order's price, that price now and after, the money at its stops from each
 * and the margin it will hold — the order ticket's risk-first figures, with distance and
 * share of equity. Confirm sends it (set_stop_price or set_pending_price); Cancel, the close
 * button or the mask put the line back.
 */
export default function StopMoveSheet({
  move,
  figures,
  symbol,
  precision,
  sending,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const order = move?.order;
  const pending = order?.Status === 0;
  const entry = order ? (pending ? order.Price : order.OriginPrice) : 0;
  const side = order?.OrderType === 1 ? 'buy' : 'sell';
  return (
    <BottomSheet open={move !== null} onClose={onCancel} bodyClassName={styles.sheet}>
      {move && order ? (
        <div
          data-testid="stop-move-sheet"
          data-kind={move.kind}
          data-order={order.Id}
          data-price={move.price}
        >
          <div className={styles.header}>
            <div className={styles.heading}>
              <SheetTitle className={styles.title}>{t(TITLES[move.kind])}</SheetTitle>
              <span className={styles.order}>
                <bdi>{symbol}</bdi>{' '}
                {t(pending ? `chart_lines.pending_${side}` : `chart_lines.${side}`, {
                  lots: isolate(lotsText(order.Quantity)),
                })}{' '}
                · {t(pending ? 'trading.target_price' : 'chart_lines.entry')}{' '}
                <bdi className="pw-num">{formatPrice(entry, precision)}</bdi>
              </span>
            </div>
            <SheetClose className={styles.close} onClick={onCancel} testId="stop-move-close" />
          </div>
          <div className={styles.body}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col" aria-label={t(TITLES[move.kind])} />
                  <th scope="col">{t('chart_lines.current')}</th>
                  <th scope="col">{t('chart_lines.proposed')}</th>
                </tr>
              </thead>
              {move.kind === 'pending' ? (
                <PendingMoveRows
                  move={move}
                  figures={figures && 'margin' in figures ? figures : null}
                  precision={precision}
                />
              ) : (
                <StopRows
                  move={move}
                  figures={figures && 'next' in figures ? figures : null}
                  precision={precision}
                />
              )}
            </table>
            <div className={styles.actions}>
              <Button block className={styles.button} onClick={onCancel} data-testid="stop-move-cancel">
                {t('common.cancel')}
              </Button>
              <Button
                block
                color="primary"
                className={styles.button}
                loading={sending}
                onClick={onConfirm}
                data-testid="stop-move-confirm"
              >
                {t('common.confirm')}
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </BottomSheet>
  );
}

/** A take-profit's or stop-loss's level and the money at it, now and new. */
function StopRows({
  move,
  figures,
  precision,
}: {
  move: StopMove;
  figures: StopMoveFigures | null;
  precision: number;
}) {
  const { t } = useTranslation();
  const tp = move.kind === 'tp';
  return (
    <tbody>
      <MovePriceRow
        label={t(tp ? 'trading.take_profit' : 'trading.stop_loss')}
        now={figures?.now ? figures.now.price.toNumber() : null}
        next={move.price}
        precision={precision}
      />
      <tr>
        <th scope="row">{t(tp ? 'ticket.at_target' : 'ticket.at_stop')}</th>
        <td>
          <MoveMoney level={figures?.now ?? null} />
        </td>
        <td className={styles.next}>
          <MoveMoney level={figures?.next ?? null} testId="stop-move-money" />
        </td>
      </tr>
    </tbody>
  );
}
