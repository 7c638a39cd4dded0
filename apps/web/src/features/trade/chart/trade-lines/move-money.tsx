import type { Dec } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { formatPercent, formatPrice } from '@/lib/format';
import { formatMoney, trendOf } from '@/lib/format-money';
import { distanceText } from '../../utils/ticket-format';
import type { StopLevel } from './stop-move-figures';
import styles from './stop-move-sheet.module.css';

/** Money at a level, its distance from the entry and share of equity under it. */
export function MoveMoney({ level, testId }: { level: StopLevel | null; testId?: string }) {
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

/** An amount of the account's money (a margin), unsigned. */
export function MoveAmount({ value, testId }: { value: Dec | null; testId?: string }) {
  const { t } = useTranslation();
  if (!value) return <span className={styles.none}>--</span>;
  return (
    <bdi className="pw-num" data-testid={testId} data-money={value.toString()}>
      {formatMoney(value.toNumber())} {t('common.currency')}
    </bdi>
  );
}

/**
 * A row of the level a move changes: its price now ("--" when none is set) and the new one
 * (test id `stop-move-level`), shared by a stop's and a pending order's confirmation.
 */
export function MovePriceRow({
  label,
  now,
  next,
  precision,
}: {
  label: string;
  now: number | null;
  /** The new level as decimal text, as the move holds it. */
  next: string;
  precision: number;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>
        <bdi className="pw-num">{now === null ? '--' : formatPrice(now, precision)}</bdi>
      </td>
      <td className={styles.next}>
        <bdi className="pw-num" data-testid="stop-move-level">
          {formatPrice(Number(next), precision)}
        </bdi>
      </td>
    </tr>
  );
}
