import { ExclamationCircleFill } from 'antd-mobile-icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LotsStepper } from './lots-stepper';
import styles from './order-form.module.css';

interface Props {
  /** The order's lots: as typed, or as risk sized them. */
  lots: string;
  onLots: (lots: string) => void;
  /** The pair's `Pip` (the lot step) and `ForexMinCont` (the minimum lots). */
  step: number;
  min: number;
  /** The most lots free margin covers, when it covers any (order-estimate `affordability`). */
  maxLots: string | null;
  /** The lots typed cost more than free margin covers. */
  short: boolean;
}

/**
 * The lots row — the pair's minimum and step, "up to …" free margin covers (a tap fills it
 * in), the stepper — and, under it, why the lots cannot be ordered. Memoised: it renders
 * again when one of these changes, not on every tick of the quotes clock.
 */
export const LotsField = memo(function LotsField({ lots, onLots, step, min, maxLots, short }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.row}>
        <span className={styles.label}>
          {t('trading.lots')}
          <small className={styles.hint}>
            <bdi>{t('trading.lots_hint', { min, step })}</bdi>
          </small>
          {maxLots !== null ? (
            <button
              type="button"
              className={styles.maxLots}
              onClick={() => onLots(maxLots)}
              data-testid="max-lots"
            >
              <bdi>{t('trading.max_lots', { lots: maxLots })}</bdi>
            </button>
          ) : null}
        </span>
        <LotsStepper value={lots} onChange={onLots} step={step} invalid={short} describedBy="lots-short" />
      </div>
      {short ? (
        <p
          className={`${styles.notice} ${styles.short}`}
          role="alert"
          id="lots-short"
          data-testid="lots-short"
        >
          <ExclamationCircleFill />
          <span>
            {maxLots !== null
              ? t('trading.not_enough_margin', { lots: maxLots })
              : t('trading.not_enough_margin_min', { min })}
          </span>
        </p>
      ) : null}
    </>
  );
});
