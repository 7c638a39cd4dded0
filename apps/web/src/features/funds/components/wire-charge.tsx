import type { WireOption } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { CheckCircleFill, ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { StatusView } from '@/components/status-view';
import { useOwnUid } from '../api/get-own-uid';
import { useWireInfo } from '../api/get-wire-info';
import { useSubmitCharge } from '../api/submit-charge';
import { DepositFields } from './deposit-fields';
import styles from './funds.module.css';
import wire from './wire-charge.module.css';

/**
 * Bank wire deposit: choose the account to pay into, copy its details and the payment
 * reference into the bank's app, then tell the amount and upload the transfer slip.
 * Submitting with no account chosen shows the spec's no-pay-way message (§5).
 */
export function WireCharge() {
  const { t } = useTranslation();
  const options = useWireInfo();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const submitCall = useSubmitCharge();

  if (options.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (options.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void options.refetch() }}
      />
    );
  }
  const chosen = options.data.find((o) => o.id === chosenId) ?? null;
  const noPayWay = () => {
    Toast.show({ content: t('funds.no_pay_way') });
    return false;
  };

  return (
    <div className={styles.form}>
      <div className={styles.group} role="radiogroup" aria-label={t('funds.wire_account')}>
        <span className={styles.groupLabel}>{t('funds.wire_account')}</span>
        {options.data.length === 0 ? (
          <p className={`${styles.notice} ${styles.warn}`} data-testid="wire-none">
            <InformationCircleOutline />
            <span>{t('funds.no_wire_account')}</span>
          </p>
        ) : (
          options.data.map((option) => (
            <WireAccount
              key={option.id}
              option={option}
              chosen={option.id === chosen?.id}
              onChoose={() => setChosenId(option.id)}
            />
          ))
        )}
      </div>
      <DepositFields
        testId="wire-deposit"
        currency={chosen?.currency_code}
        usdRate={chosen?.usd_rate}
        proofLabel={t('funds.proof_wire')}
        canSubmit={() => (chosen ? true : noPayWay())}
        submit={({ number, proofImg }, key) =>
          chosen
            ? submitCall({ kind: 'wire', input: { number, proofImg, wire_id: chosen.id } }, key)
            : Promise.reject(new Error('no wire account'))
        }
      />
    </div>
  );
}

function WireAccount({
  option,
  chosen,
  onChoose,
}: {
  option: WireOption;
  chosen: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const fields = [
    { key: 'payee_name', label: t('funds.payee_name'), value: option.payee_name },
    { key: 'payee_account', label: t('funds.payee_account'), value: option.payee_account, code: true },
    { key: 'bank_name', label: t('funds.bank_name'), value: option.bank_name },
    { key: 'bank_swift', label: t('funds.bank_swift'), value: option.bank_swift, code: true },
    { key: 'bank_address', label: t('funds.bank_address'), value: option.bank_address },
  ].filter((f) => f.value);
  return (
    <div
      className={`${wire.account} ${chosen ? wire.chosen : ''}`}
      data-testid="wire-account"
      data-chosen={chosen}
    >
      <button type="button" role="radio" aria-checked={chosen} className={wire.head} onClick={onChoose}>
        <span className={wire.radio} aria-hidden>
          {chosen ? <CheckCircleFill /> : null}
        </span>
        <span className={wire.title}>
          <span className={wire.bank} dir="auto">
            {option.bank_name}
          </span>
          <bdi className={wire.currency}>{option.currency_code}</bdi>
        </span>
      </button>
      {chosen ? (
        <div className={wire.details} data-testid="wire-details">
          {fields.map((field) => (
            <div key={field.key} className={styles.copyRow}>
              <span className={styles.groupLabel}>{field.label}</span>
              <div className={styles.copyLine}>
                <span className={`${styles.copyValue} ${field.code ? styles.code : ''}`} dir="auto">
                  {field.value}
                </span>
                <CopyButton text={field.value} variant="icon" label={`${t('common.copy')} ${field.label}`} />
              </div>
            </div>
          ))}
          <WireReference />
          {option.bank_remark ? (
            <p className={styles.notice}>
              <InformationCircleOutline />
              <span dir="auto">{option.bank_remark}</span>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The payment reference: the trader's UID, which finance matches a transfer to its sender by
 * (the operators' instructions ask for it), with a copy button like the account's details.
 */
function WireReference() {
  const { t } = useTranslation();
  const uid = useOwnUid();
  if (!uid) return null;
  return (
    <div className={styles.copyRow} data-testid="wire-reference">
      <span className={styles.groupLabel}>{t('funds.wire_reference')}</span>
      <div className={styles.copyLine}>
        <span className={`${styles.copyValue} ${styles.code}`} data-testid="wire-uid">
          {uid}
        </span>
        <CopyButton text={uid} variant="icon" label={t('funds.copy_uid')} testId="copy-uid" />
      </div>
      <span className={styles.hintLine}>{t('funds.wire_reference_hint')}</span>
    </div>
  );
}
