import { Dec, WITHDRAW_AMOUNT_RANGE, type DrawCurrency } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { DecimalInput } from '@/components/decimal-input';
import { confirmDialog } from '@/components/dialog-focus';
import { FormField, fieldInput, fieldInputLtr } from '@/components/form-field';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { formatMoney } from '@/lib/format-money';
import { useDrawMethods } from '../api/get-draw-methods';
import { useDrawSymbols, type DrawKind } from '../api/get-draw-symbols';
import { useSubmitDraw, type DrawInput } from '../api/submit-draw';
import { useStepUp } from '../hooks/use-step-up';
import { StepUpSheet } from './step-up-sheet';
import { useLiveWithdrawable } from '../hooks/use-live-withdrawable';
import { useWithdrawEstimate } from '../hooks/use-withdraw-estimate';
import { amountForWire } from '../utils/amount-text';
import { bindOpeningState, readBoundMethod, type BoundMethod } from '../utils/bind-return';
import type { WithdrawProblem } from '../utils/withdraw-estimate';
import { withdrawSummary, type WithdrawSummary } from '../utils/withdraw-summary';
import { AmountText } from './amount-text';
import { ChoiceChips } from './choice-chips';
import styles from './funds.module.css';
import { Segmented } from './segmented';
import { WithdrawConfirmSheet } from './withdraw-confirm-sheet';
import form from './withdraw-form.module.css';
import { WithdrawMethodPicker } from './withdraw-method-picker';

/** Where "set up a payment account" leads for a withdraw type (docs/product.md §5). */
export function withdrawWayPath(type: DrawKind): string {
  return `${ROUTES.withdrawWay.path}?type=${type}`;
}

/** Asks for a payment account first and leads to its form (docs/product.md §5, §8). */
export function askForPaymentAccount(
  type: DrawKind,
  go: (path: string) => void,
  text: { message: string; setup: string; cancel: string },
) {
  void confirmDialog({
    label: text.message,
    content: <div data-testid="no-method-dialog">{text.message}</div>,
    cancelText: <span data-testid="no-method-cancel">{text.cancel}</span>,
    confirmText: <span data-testid="no-method-setup">{text.setup}</span>,
  }).then((setUp) => {
    if (setUp) go(withdrawWayPath(type));
  });
}

const PROBLEM_TEXT = {
  amount_required: 'funds.enter_amount',
  amount_invalid: 'funds.amount_invalid_usd',
  below_minimum: 'funds.below_minimum',
  above_withdrawable: 'funds.above_withdrawable',
  below_fee: 'funds.below_fee',
} as const satisfies Record<WithdrawProblem, string>;

/**
 * /mine/withdraw: coin or bank, the currency, the bound account to pay to and the amount
 * in USD. Fee and arrival follow every keystroke; the amount is held once requested.
 */
export function WithdrawForm({ onSubmitted }: { onSubmitted: (type: DrawKind) => void }) {
  const { t } = useTranslation();
  // Back from adding an account (utils/bind-return.ts): its type, currency and the account.
  const bound = readBoundMethod(useLocation().state);
  const [type, setType] = useState<DrawKind>(bound?.type ?? 1);
  return (
    <div className={styles.form}>
      <Segmented<DrawKind>
        label={t('funds.withdraw_type')}
        testId="withdraw-type"
        value={type}
        onChange={setType}
        options={[
          { value: 1, label: t('funds.type_coin') },
          { value: 2, label: t('funds.type_bank') },
        ]}
      />
      <WithdrawOfType
        key={type}
        type={type}
        bound={bound?.type === type ? bound : null}
        onSubmitted={() => onSubmitted(type)}
      />
    </div>
  );
}

function WithdrawOfType({
  type,
  bound,
  onSubmitted,
}: {
  type: DrawKind;
  bound: BoundMethod | null;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const currencies = useDrawSymbols(type);
  const [currencyId, setCurrencyId] = useState<number | null>(bound?.currencyId ?? null);

  if (currencies.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (currencies.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void currencies.refetch() }}
      />
    );
  }
  const currency = currencies.data.find((c) => c.id === currencyId) ?? currencies.data[0];
  if (!currency) {
    return (
      <StatusView
        testId="withdraw-no-currency"
        icon={<InformationCircleOutline />}
        title={t('funds.no_withdraw_currency')}
      />
    );
  }
  return (
    <>
      <div className={styles.group}>
        <span className={styles.groupLabel}>{t('funds.currency')}</span>
        <ChoiceChips
          label={t('funds.currency')}
          testId="withdraw-currency"
          value={currency.id}
          choices={currencies.data.map((c) => ({ value: c.id, label: c.code, sub: c.protocol || undefined }))}
          onChange={setCurrencyId}
        />
      </div>
      <CurrencyWithdraw
        key={currency.id}
        type={type}
        currency={currency}
        boundId={bound?.currencyId === currency.id ? bound.methodId : null}
        onSubmitted={onSubmitted}
      />
    </>
  );
}

/** A request waiting on the confirmation sheet: what is sent on Confirm, and what it shows. */
interface Pending {
  input: DrawInput;
  summary: WithdrawSummary;
}

function CurrencyWithdraw({
  type,
  currency,
  boundId,
  onSubmitted,
}: {
  type: DrawKind;
  currency: DrawCurrency;
  /** The account just added for this currency, chosen at first. */
  boundId: number | null;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const amountId = useId();
  const memoId = useId();
  const methods = useDrawMethods(type, currency.id);
  const withdrawable = useLiveWithdrawable();
  const [methodId, setMethodId] = useState<number | null>(boundId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [tried, setTried] = useState(false);
  const estimate = useWithdrawEstimate(amount, currency, withdrawable);
  const stepUp = useStepUp();
  const submitCall = useSubmitDraw({
    stepUp: stepUp.ask,
    onSuccess: () => {
      setAmount('');
      setMemo('');
      setTried(false);
      onSubmitted();
    },
  });

  const list = methods.data ?? [];
  const method = list.find((m) => m.id === methodId) ?? list[0] ?? null;
  const noChannel = type === 2 && !currency.has_channel;
  // Required-field problems wait for a submit; range problems show as the trader types.
  const problem = estimate.problem === 'amount_required' && !tried ? null : estimate.problem;
  // The add-account form opens for this currency and comes back here with the new one chosen.
  const openBindForm = (path: string) =>
    void navigate(path, {
      state: bindOpeningState({ back: location.pathname + location.search, currencyId: currency.id }),
    });
  const askForAccount = () =>
    askForPaymentAccount(type, openBindForm, {
      message: t('funds.setup_payment_first'),
      setup: t('funds.go_setup'),
      cancel: t('common.cancel'),
    });

  const submit = () => {
    setTried(true);
    if (submitCall.locked) return;
    if (noChannel) {
      Toast.show({ content: t('funds.no_fiat_channel') });
      return;
    }
    if (methods.isSuccess && list.length === 0) {
      askForAccount();
      return;
    }
    if (!method || estimate.problem) return;
    const wire = amountForWire(amount, WITHDRAW_AMOUNT_RANGE);
    const summary = withdrawSummary(estimate, currency, method);
    if ('problem' in wire || !summary) return;
    // Nothing is sent, and no step-up asked, before the trader confirms on the sheet.
    setPending({
      input: {
        draw_currency_id: currency.id,
        draw_method_id: method.id,
        number: wire.value,
        memo: memo.trim() || undefined,
      },
      summary,
    });
    setConfirming(true);
  };
  const confirm = () => {
    setConfirming(false);
    if (pending) void submitCall.submit(pending.input);
  };

  return (
    <>
      <form
        className={styles.form}
        noValidate
        data-testid="withdraw-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {noChannel ? (
          <p className={`${styles.notice} ${styles.danger}`} data-testid="no-fiat-channel">
            <ExclamationCircleOutline />
            <span>{t('funds.no_fiat_channel')}</span>
          </p>
        ) : null}

        <WithdrawMethodPicker
          type={type}
          methods={methods.isPending ? undefined : list}
          chosenId={method?.id}
          onChoose={setMethodId}
          onAdd={() => openBindForm(withdrawWayPath(type))}
        />

        <FormField
          id={amountId}
          label={t('funds.withdraw_amount')}
          error={
            problem
              ? t(PROBLEM_TEXT[problem], {
                  minimum: currency.minimum,
                  max: formatMoney(withdrawable),
                })
              : null
          }
          end={
            <>
              <span className={styles.strong}>{t('common.currency')}</span>
              <button
                type="button"
                className={styles.link}
                data-testid="withdraw-all"
                disabled={withdrawable === undefined}
                onClick={() => withdrawable !== undefined && setAmount(allOf(withdrawable))}
              >
                {t('funds.all')}
              </button>
            </>
          }
        >
          <DecimalInput
            className={fieldInputLtr}
            value={amount}
            decimals={WITHDRAW_AMOUNT_RANGE.maxDecimals}
            label={t('funds.withdraw_amount')}
            placeholder={t('funds.min_amount', { minimum: currency.minimum })}
            testId="withdraw-amount"
            onChange={setAmount}
          />
        </FormField>

        <dl className={form.figures} data-testid="withdraw-figures">
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.withdrawable')}</dt>
            <dd className={styles.kvValue}>
              <AmountText
                value={formatMoney(withdrawable)}
                unit={t('common.currency')}
                testId="withdrawable"
              />
            </dd>
          </div>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>
              {t('funds.fee')}
              {currency.fee_type === 1 ? null : (
                <>
                  {' '}
                  <span className={`${form.rate} pw-num`}>({percentOf(currency.draw_rate)})</span>
                </>
              )}
            </dt>
            <dd className={styles.kvValue}>
              <AmountText
                value={estimate.fee ? formatMoney(estimate.fee.toNumber(), { max: 6 }) : '--'}
                unit={estimate.fee ? t('common.currency') : undefined}
                testId="withdraw-fee"
              />
            </dd>
          </div>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.arrival')}</dt>
            <dd className={`${styles.kvValue} ${form.arrival}`}>
              <AmountText
                value={estimate.arrival ? formatMoney(estimate.arrival.toNumber()) : '--'}
                unit={estimate.arrival ? currency.code : undefined}
                testId="withdraw-arrival"
              />
            </dd>
          </div>
          <div className={`${styles.kv} ${form.rateRow}`}>
            <dt className={styles.kvLabel}>{t('funds.usd_price')}</dt>
            <dd className={styles.kvValue}>
              <AmountText value={`1 ${t('common.currency')} = ${currency.usd_price}`} unit={currency.code} />
            </dd>
          </div>
        </dl>

        <FormField id={memoId} label={t('funds.memo')}>
          <input
            id={memoId}
            className={fieldInput}
            value={memo}
            maxLength={200}
            placeholder={t('funds.optional')}
            data-testid="withdraw-memo"
            onChange={(e) => setMemo(e.target.value)}
          />
        </FormField>

        <Button
          block
          type="submit"
          color="primary"
          className={styles.submit}
          loading={submitCall.locked}
          data-testid="withdraw-submit"
        >
          {t('funds.submit_withdraw')}
        </Button>
        <p className={styles.hintLine}>{t('funds.withdraw_hold_hint')}</p>
      </form>
      <WithdrawConfirmSheet
        open={confirming}
        summary={pending?.summary ?? null}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
      <StepUpSheet open={stepUp.open} onProven={stepUp.onProven} onClose={stepUp.onClose} />
    </>
  );
}

/** "All": what can be withdrawn, cut (never rounded up) to the cent the form takes. */
function allOf(withdrawable: number): string {
  return new Dec(withdrawable).toDecimalPlaces(WITHDRAW_AMOUNT_RANGE.maxDecimals, Dec.ROUND_DOWN).toFixed();
}

/** "0.002" → "0.2%" (the fee rate as people read it). */
function percentOf(rate: string): string {
  const n = Number(rate) * 100;
  return `${Number.isFinite(n) ? Number(n.toFixed(4)) : rate}%`;
}
