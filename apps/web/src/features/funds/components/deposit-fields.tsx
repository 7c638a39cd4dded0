import { DEPOSIT_AMOUNT_RANGE, Dec } from '@pipwise/shared';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DecimalInput } from '@/components/decimal-input';
import { FormField, fieldInputLtr } from '@/components/form-field';
import { ImageSlot, type SlotValue } from '@/components/image-slot';
import { formatMoney } from '@/lib/format-money';
import { useSubmission, type Submission } from '@/lib/use-submission';
import { checkDeposit, type DepositProblem } from '../utils/deposit-check';
import styles from './funds.module.css';

interface Props {
  /** The channel's currency (the amount's unit), once a channel is chosen. */
  currency: string | undefined;
  /** USD credited per unit, for the "≈ USD" line. */
  usdRate: string | undefined;
  proofLabel: string;
  /** Fields between the amount and the proof (the coin sender's address). */
  children?: ReactNode;
  /** A last check of the page's own (a chosen wire account); false stops the submit. */
  canSubmit?: () => boolean;
  /** Sends the declaration with its submission's `Idempotency-Key`. */
  submit: (fields: DepositFieldValues, key: string) => Promise<unknown>;
  testId: string;
}

const PROBLEM_TEXT = {
  amount_required: 'funds.enter_amount',
  amount_invalid: 'funds.amount_invalid',
  proof_required: 'funds.proof_required',
  proof_uploading: 'upload.still_uploading',
} as const satisfies Record<DepositProblem, string>;

export interface DepositFieldValues {
  number: string;
  proofImg: string;
}

/**
 * The end of every deposit form: the amount sent, the proof image, submit — one
 * declaration per tap (lib/use-submission.ts). A successful submit starts a fresh form (the
 * slot and the amount empty again).
 */
export function DepositFields(props: Props) {
  const [round, setRound] = useState(0);
  const submission = useSubmission<DepositFieldValues, unknown>(props.submit, {
    onSuccess: () => setRound((r) => r + 1),
  });
  return <DepositFieldsRound key={round} {...props} submission={submission} />;
}

function DepositFieldsRound({
  currency,
  usdRate,
  proofLabel,
  children,
  canSubmit,
  testId,
  submission,
}: Props & { submission: Submission<DepositFieldValues, unknown> }) {
  const { t } = useTranslation();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<SlotValue>({ url: null, uploading: false });
  const [problem, setProblem] = useState<{ field: 'amount' | 'proof'; key: DepositProblem } | null>(null);

  const credited = usdEstimate(amount, usdRate);
  const onSubmit = () => {
    if (submission.locked || (canSubmit && !canSubmit())) return;
    const checked = checkDeposit({ amount, proof });
    if (!checked.ok) {
      setProblem({ field: checked.field, key: checked.problem });
      return;
    }
    // A failure was toasted by the api client; a success starts the next round.
    void submission.submit({ number: checked.number, proofImg: checked.proofImg });
  };

  return (
    <form
      className={styles.form}
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <FormField
        id={amountId}
        label={t('funds.amount')}
        error={problem?.field === 'amount' ? t(PROBLEM_TEXT[problem.key]) : null}
        hint={
          credited ? (
            <>
              {t('funds.credited_estimate')} <span className="pw-num">{credited}</span> {t('common.currency')}
            </>
          ) : undefined
        }
        end={currency ? <bdi className={styles.strong}>{currency}</bdi> : undefined}
      >
        <DecimalInput
          className={fieldInputLtr}
          value={amount}
          decimals={DEPOSIT_AMOUNT_RANGE.maxDecimals}
          label={t('funds.amount')}
          placeholder={t('funds.amount_placeholder')}
          testId={`${testId}-amount`}
          onChange={(value) => {
            setAmount(value);
            if (problem?.field === 'amount') setProblem(null);
          }}
        />
      </FormField>
      {children}
      <div className={styles.group}>
        <span className={styles.groupLabel}>{t('funds.proof')}</span>
        <ImageSlot
          className={styles.proofSlot}
          label={proofLabel}
          invalid={problem?.field === 'proof'}
          testId={`${testId}-proof`}
          onChange={(value) => {
            setProof(value);
            if (value.url) setProblem((p) => (p?.field === 'proof' ? null : p));
          }}
        />
        {problem?.field === 'proof' ? (
          <p className={styles.errorLine} role="alert" data-testid="field-error">
            {t(PROBLEM_TEXT[problem.key])}
          </p>
        ) : null}
      </div>
      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={submission.locked}
        data-testid={`${testId}-submit`}
      >
        {t('funds.submit_deposit')}
      </Button>
    </form>
  );
}

/** "≈ 1,234.50" USD for a typed amount, or null while it is not a number. */
function usdEstimate(amount: string, usdRate: string | undefined): string | null {
  if (!usdRate || !/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  try {
    const usd = new Dec(amount.trim()).mul(usdRate);
    return usd.gt(0) ? formatMoney(Number(usd.toFixed(2))) : null;
  } catch {
    return null;
  }
}
