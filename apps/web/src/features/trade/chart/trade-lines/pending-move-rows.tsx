import { useTranslation } from 'react-i18next';
import { MoveAmount, MoveMoney, MovePriceRow } from './move-money';
import type { PendingMoveFigures, StopAcross, StopMove } from './stop-move-figures';
import styles from './stop-move-sheet.module.css';

/**
 * The rows of a pending order's price move (docs/chart.md "Trading from the chart"): the
 * price now and new, the money at its take-profit and stop-loss from each (they stay where
 * they are, the entry moves), and the margin it will hold once filled there.
 */
export function PendingMoveRows({
  move,
  figures,
  precision,
}: {
  move: StopMove;
  figures: PendingMoveFigures | null;
  precision: number;
}) {
  const { t } = useTranslation();
  const stop = (label: string, across: StopAcross | null | undefined, testId: string) =>
    across === null ? null : (
      <tr>
        <th scope="row">{label}</th>
        <td>
          <MoveMoney level={across?.now ?? null} />
        </td>
        <td className={styles.next}>
          <MoveMoney level={across?.next ?? null} testId={testId} />
        </td>
      </tr>
    );
  return (
    <tbody>
      <MovePriceRow
        label={t('trading.target_price')}
        now={move.order.Price}
        next={move.price}
        precision={precision}
      />
      {move.order.TargetProfitPrice > 0 ? stop(t('ticket.at_target'), figures?.tp, 'pending-move-tp') : null}
      {move.order.TargetLossPrice > 0 ? stop(t('ticket.at_stop'), figures?.sl, 'pending-move-sl') : null}
      <tr>
        <th scope="row">{t('chart_lines.margin')}</th>
        <td>
          <MoveAmount value={figures?.margin.now ?? null} />
        </td>
        <td className={styles.next}>
          <MoveAmount value={figures?.margin.next ?? null} testId="pending-move-margin" />
        </td>
      </tr>
    </tbody>
  );
}
