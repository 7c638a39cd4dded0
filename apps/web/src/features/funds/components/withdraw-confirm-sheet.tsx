import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import type { WithdrawSummary } from '../utils/withdraw-summary';
import { AmountText } from './amount-text';
import styles from './funds.module.css';
import sheet from './withdraw-confirm-sheet.module.css';

interface Props {
  open: boolean;
  /** Kept while the sheet slides away, so its figures do not blank as it closes. */
  summary: WithdrawSummary | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The last look before a withdrawal is requested: the amount, the fee, what arrives and
 * where. Nothing is sent (nor any step-up asked) until Confirm.
 */
export function WithdrawConfirmSheet({ open, summary, onConfirm, onCancel }: Props) {
  return (
    <BottomSheet open={open} onClose={onCancel} bodyClassName={sheet.sheet}>
      {summary ? <WithdrawConfirmation summary={summary} onConfirm={onConfirm} onCancel={onCancel} /> : null}
    </BottomSheet>
  );
}

export function WithdrawConfirmation({
  summary,
  onConfirm,
  onCancel,
}: Omit<Props, 'open' | 'summary'> & { summary: WithdrawSummary }) {
  const { t } = useTranslation();
  const usd = t('common.currency');
  return (
    <div data-testid="withdraw-confirm">
      <div className={sheet.header}>
        <SheetTitle className={sheet.title}>{t('funds.confirm_withdraw_title')}</SheetTitle>
        <SheetClose className={sheet.close} onClick={onCancel} />
      </div>
      <div className={sheet.body}>
        <dl className={sheet.figures}>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.withdraw_amount')}</dt>
            <dd className={styles.kvValue}>
              <AmountText value={summary.amount} unit={usd} testId="confirm-amount" />
            </dd>
          </div>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.fee')}</dt>
            <dd className={styles.kvValue}>
              <AmountText value={summary.fee} unit={usd} testId="confirm-fee" />
            </dd>
          </div>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.arrival')}</dt>
            <dd className={`${styles.kvValue} ${sheet.arrival}`}>
              <AmountText value={summary.arrival} unit={summary.currency} testId="confirm-arrival" />
            </dd>
          </div>
          <div className={styles.kv}>
            <dt className={styles.kvLabel}>{t('funds.pay_to')}</dt>
            <dd className={`${styles.kvValue} ${sheet.to}`} data-testid="confirm-to">
              <bdi>{summary.to.title}</bdi>
              <span className={`${sheet.toDetail} ${summary.to.code ? styles.code : ''}`} dir="auto">
                {summary.to.detail}
              </span>
            </dd>
          </div>
        </dl>
        <p className={styles.hintLine}>{t('funds.withdraw_hold_hint')}</p>
        <div className={sheet.actions}>
          <Button
            block
            color="primary"
            className={styles.submit}
            onClick={onConfirm}
            data-testid="withdraw-confirm-ok"
          >
            {t('common.confirm')}
          </Button>
          <Button block fill="none" onClick={onCancel} data-testid="withdraw-confirm-cancel">
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    </div>
  );
}
