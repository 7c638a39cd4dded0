import type { Dec } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { Button } from '@/components/button';
import { isolate } from '@/lib/bidi';
import { formatPercent, formatPrice } from '@/lib/format';
import { formatMoney, trendOf } from '@/lib/format-money';
import { distanceText } from '../../utils/ticket-format';
import type { StopLevel, StopMove, StopMoveFigures } from './stop-move-figures';
import { lotsText } from './trade-line-model';
import styles from './stop-move-sheet.module.css';

interface Props {
  move: StopMove | null;
  figures: StopMoveFigures | null;
  symbol: string;
  precision: number;
  /** A confirmation is being sent. */
  sending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The confirmation a dragged take-profit or stop-loss asks for (docs/chart.md "Trading from
 * the chart"): the order, then the level and the money at it now and after — the order
 * ticket's risk-first figures, with its distance and share of equity. Confirm sends it
 * (set_stop_price); Cancel, the close button or the mask put the line back.
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
  const tp = move?.kind === 'tp';
  const entry = order ? (order.Status === 1 ? order.OriginPrice : order.Price) : 0;
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
              <SheetTitle className={styles.title}>
                {t(tp ? 'chart_lines.move_tp' : 'chart_lines.move_sl')}
              </SheetTitle>
              <span className={styles.order}>
                <bdi>{symbol}</bdi>{' '}
                {t(order.OrderType === 1 ? 'chart_lines.buy' : 'chart_lines.sell', {
                  lots: isolate(lotsText(order.Quantity)),
                })}{' '}
                · {t(order.Status === 1 ? 'chart_lines.entry' : 'trading.target_price')}{' '}
                <bdi className="pw-num">{formatPrice(entry, precision)}</bdi>
              </span>
            </div>
            <SheetClose className={styles.close} onClick={onCancel} testId="stop-move-close" />
          </div>
          <div className={styles.body}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col" aria-label={t(tp ? 'trading.take_profit' : 'trading.stop_loss')} />
                  <th scope="col">{t('chart_lines.current')}</th>
                  <th scope="col">{t('chart_lines.proposed')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t(tp ? 'trading.take_profit' : 'trading.stop_loss')}</th>
                  <td>
                    <bdi className="pw-num">
                      {figures?.now ? formatPrice(figures.now.price.toNumber(), precision) : '--'}
                    </bdi>
                  </td>
                  <td className={styles.next}>
                    <bdi className="pw-num" data-testid="stop-move-level">
                      {formatPrice(Number(move.price), precision)}
                    </bdi>
                  </td>
                </tr>
                <tr>
                  <th scope="row">{t(tp ? 'ticket.at_target' : 'ticket.at_stop')}</th>
                  <td>
                    <Money level={figures?.now ?? null} />
                  </td>
                  <td className={styles.next}>
                    <Money level={figures?.next ?? null} testId="stop-move-money" />
                  </td>
                </tr>
              </tbody>
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

/** Money at a level, its distance from the entry and share of equity under it. */
function Money({ level, testId }: { level: StopLevel | null; testId?: string }) {
  const { t } = useTranslation();
  if (!level) return <span className={styles.none}>--</span>;
  const money = level.money.toNumber();
  const share = (value: Dec | null) =>
    value ? ` · ${t('ticket.of_equity', { value: isolate(formatPercent(value.toNumber())) })}` : '';
  return (
    <>
      <bdi
        className={`pw-num ${styles[trendOf(money)] ?? ''}`}
        data-testid={testId}
        data-money={level.money.toString()}
      >
        {formatMoney(money, { signed: true })} {t('common.currency')}
      </bdi>
      <small className={styles.note}>
        <bdi>
          {distanceText(t, level)}
          {share(level.percentOfEquity)}
        </bdi>
      </small>
    </>
  );
}
