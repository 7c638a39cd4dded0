import { memo, useCallback, type Dispatch } from 'react';
import type { Dec } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { isolate } from '@/lib/bidi';
import { formatMoney } from '@/lib/format-money';
import {
  riskAmount,
  type RiskAction,
  type RiskChoice,
  type RiskMode,
  type RiskSizing,
} from '../utils/risk-sizing';
import styles from './risk-control.module.css';

interface Props {
  choice: RiskChoice;
  dispatch: Dispatch<RiskAction>;
  sizing: RiskSizing;
  /** The instrument's minimum lots, for "even the minimum … loses more". */
  minLots: number;
}

const MODES: readonly RiskMode[] = ['off', 'percent', 'usd'];

/**
 * Lots from risk (docs/money.md "The order ticket"): off, a share of equity, or an amount in
 * USD; with a stop-loss the form's lots follow the answer of the shared `lotsFromRisk`, and
 * this says what the lots lose at the stop — the fee and any commission the position pays
 * included, and said so — or why there are none. Memoised, and only the
 * answer follows the quotes clock: the choice above it renders when the choice changes.
 */
export const RiskControl = memo(function RiskControl({ choice, dispatch, sizing, minLots }: Props) {
  const { t } = useTranslation();
  const usd = (value: { toNumber(): number }) =>
    isolate(`${formatMoney(value.toNumber())} ${t('common.currency')}`);
  // The sentence carries the unit ("{{lots}} lots", "объём {{lots}}"): only the number is isolated.
  const lots = (value: { toString(): string }) => isolate(value.toString());

  // What the stop costs is the loss there plus the fee and the commission (both sides) the
  // position pays: the line under the answer says so, with the amounts (docs/money.md "The
  // order ticket", docs/trading-groups.md "Commission").
  const charges = (costs: { fee: Dec; commission: Dec }) =>
    costs.commission.gt(0)
      ? t('ticket.risk.includes_fee_commission', { fee: usd(costs.fee), commission: usd(costs.commission) })
      : t('ticket.risk.includes_fee', { fee: usd(costs.fee) });
  let result: { text: string; tone: 'ok' | 'warn' | 'muted'; fee?: string } | null = null;
  switch (sizing.kind) {
    case 'sized':
      result = {
        text: t(sizing.cappedByMargin ? 'ticket.risk.capped' : 'ticket.risk.sized', {
          budget: usd(sizing.budget),
          lots: lots(sizing.lots),
          loss: usd(sizing.costAtStop),
        }),
        tone: sizing.cappedByMargin ? 'warn' : 'ok',
        fee: charges(sizing),
      };
      break;
    case 'min_too_risky':
      result = {
        text: t('ticket.risk.min_too_risky', {
          min: lots(minLots),
          loss: usd(sizing.costAtStop),
          budget: usd(sizing.budget),
        }),
        tone: 'warn',
        fee: charges(sizing),
      };
      break;
    case 'no_margin':
      result = { text: t('trading.not_enough_margin_min', { min: minLots }), tone: 'warn' };
      break;
    case 'need_stop':
      result = { text: t('ticket.risk.need_stop'), tone: 'muted' };
      break;
    case 'need_amount':
      result = {
        text: t(choice.mode === 'percent' ? 'ticket.risk.need_percent' : 'ticket.risk.need_amount'),
        tone: 'muted',
      };
      break;
    case 'unavailable':
      result = { text: t('ticket.risk.unavailable'), tone: 'muted' };
      break;
    case 'off':
      break;
  }

  return (
    <div className={styles.risk} data-testid="risk-control" data-mode={choice.mode}>
      <RiskChoiceFields choice={choice} dispatch={dispatch} />
      {result ? (
        <p
          className={`${styles.result} ${styles[result.tone]}`}
          id="risk-result"
          role="status"
          data-testid="risk-result"
          data-kind={sizing.kind}
        >
          {result.text}
          {result.fee ? (
            <span className={styles.fee} data-testid="risk-fee">
              {result.fee}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
});

/** Off | % | USD, and the amount for the two that take one. */
const RiskChoiceFields = memo(function RiskChoiceFields({
  choice,
  dispatch,
}: Pick<Props, 'choice' | 'dispatch'>) {
  const { t } = useTranslation();
  const onAmount = useCallback((amount: string) => dispatch({ type: 'amount', amount }), [dispatch]);
  const amountLabel = t(choice.mode === 'percent' ? 'ticket.risk.amount_percent' : 'ticket.risk.amount_usd');
  return (
    <>
      <div className={styles.head}>
        <span className={styles.label} id="risk-label">
          {t('ticket.risk.label')}
        </span>
        <div className={styles.modes} role="radiogroup" aria-labelledby="risk-label">
          {MODES.map((mode) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={choice.mode === mode}
              className={`${styles.mode} ${choice.mode === mode ? styles.modeActive : ''}`}
              onClick={() => dispatch({ type: 'mode', mode })}
              data-testid={`risk-mode-${mode}`}
            >
              {t(`ticket.risk.mode_${mode}`)}
            </button>
          ))}
        </div>
      </div>
      {choice.mode !== 'off' ? (
        <label className={styles.amount}>
          <span className={styles.amountLabel}>{amountLabel}</span>
          <span className={styles.field}>
            <DecimalInput
              className={styles.input}
              value={riskAmount(choice)}
              onChange={onAmount}
              decimals={2}
              label={amountLabel}
              testId="risk-amount"
            />
            <span className={styles.unit} aria-hidden>
              {choice.mode === 'percent' ? '%' : t('common.currency')}
            </span>
          </span>
        </label>
      ) : null}
    </>
  );
});
