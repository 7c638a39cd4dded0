import type { DrawMethod } from '@pipwise/shared';
import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormField, fieldInput, fieldInputLtr } from '@/components/form-field';
import { StatusView } from '@/components/status-view';
import { useBindDrawMethod } from '../api/bind-draw-method';
import { useDrawSymbols, type DrawKind } from '../api/get-draw-symbols';
import {
  BIND_MAX_LENGTH,
  checkBankBinding,
  checkCoinBinding,
  type BankField,
  type BindField,
  type BindProblem,
} from '../utils/bind-check';
import { ChoiceChips } from './choice-chips';
import styles from './funds.module.css';

/** `?type=` of /mine/withdraw-way: 1 coin address (default), 2 bank account. */
export function parseBindType(value: string | null): DrawKind {
  return value === '2' ? 2 : 1;
}

/**
 * /mine/withdraw-way: binds a coin address for one coin and network, or a bank account
 * for one fiat currency, as a place withdrawals can be paid to.
 */
export function BindMethodForm({
  type,
  initialCurrencyId,
  onDone,
}: {
  type: DrawKind;
  /** The currency to start on (the withdraw form's), else the first. */
  initialCurrencyId?: number;
  onDone: (method: DrawMethod) => void;
}) {
  const { t } = useTranslation();
  const currencies = useDrawSymbols(type);
  const [currencyId, setCurrencyId] = useState<number | null>(initialCurrencyId ?? null);
  const [values, setValues] = useState<Record<BindField, string>>({
    dc_address: '',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
  });
  const [problem, setProblem] = useState<BindProblem | null>(null);
  const ids = { currency: useId(), field: useId() };
  const bind = useBindDrawMethod({ onSuccess: onDone });

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
  if (currencies.data.length === 0) {
    return (
      <StatusView
        testId="bind-no-currency"
        icon={<InformationCircleOutline />}
        title={t('funds.no_withdraw_currency')}
      />
    );
  }
  const currency = currencies.data.find((c) => c.id === currencyId) ?? currencies.data[0] ?? null;

  const set = (field: BindField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };
  const errorFor = (field: BindField | 'currency') => {
    if (problem?.field !== field) return null;
    if (problem.kind === 'required') return t('funds.field_required');
    if (problem.kind === 'too_long')
      return t('funds.field_too_long', { max: BIND_MAX_LENGTH[field as BindField] });
    return field === 'bank_swift' ? t('funds.swift_invalid') : t('funds.address_invalid');
  };

  const submit = () => {
    if (bind.locked) return;
    const id = currency?.id ?? null;
    const found =
      type === 1
        ? checkCoinBinding({ currencyId: id, address: values.dc_address })
        : checkBankBinding({ currencyId: id, ...values });
    setProblem(found);
    if (found || id === null) return;
    const trimmed = (field: BindField) => values[field].trim() || undefined;
    void bind.submit(
      type === 1
        ? { type, draw_id: id, dc_address: trimmed('dc_address') }
        : {
            type,
            draw_id: id,
            bank_name: trimmed('bank_name'),
            payee_name: trimmed('payee_name'),
            payee_account: trimmed('payee_account'),
            bank_swift: values.bank_swift.trim().toUpperCase() || undefined,
            bank_address: trimmed('bank_address'),
          },
    );
  };

  const bankField = (
    field: BankField,
    label: string,
    options: { ltr?: boolean; optional?: boolean } = {},
  ) => (
    <FormField key={field} id={`${ids.field}-${field}`} label={label} error={errorFor(field)}>
      <input
        id={`${ids.field}-${field}`}
        className={options.ltr ? fieldInputLtr : fieldInput}
        value={values[field]}
        maxLength={BIND_MAX_LENGTH[field]}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize={field === 'bank_swift' ? 'characters' : undefined}
        placeholder={options.optional ? t('funds.optional') : undefined}
        data-testid={`bind-${field}`}
        onChange={(e) => set(field, e.target.value)}
      />
    </FormField>
  );

  return (
    <form
      className={styles.form}
      noValidate
      data-testid="bind-form"
      data-type={type}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className={styles.group}>
        <span className={styles.groupLabel} id={ids.currency}>
          {type === 1 ? t('funds.coin_network') : t('funds.currency')}
        </span>
        <ChoiceChips
          label={type === 1 ? t('funds.coin_network') : t('funds.currency')}
          testId="bind-currency"
          value={currency?.id ?? null}
          choices={currencies.data.map((c) => ({ value: c.id, label: c.code, sub: c.protocol || undefined }))}
          onChange={setCurrencyId}
        />
      </div>

      {type === 1 ? (
        <>
          <FormField
            id={`${ids.field}-dc_address`}
            label={t('funds.address')}
            error={errorFor('dc_address')}
            hint={
              currency
                ? t('funds.address_hint', { coin: currency.code, network: currency.protocol })
                : undefined
            }
          >
            <textarea
              id={`${ids.field}-dc_address`}
              className={`${fieldInputLtr} ${styles.addressInput}`}
              value={values.dc_address}
              maxLength={BIND_MAX_LENGTH.dc_address}
              rows={2}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('funds.address_placeholder')}
              data-testid="bind-dc_address"
              onChange={(e) => set('dc_address', e.target.value.replace(/\s+/g, ''))}
            />
          </FormField>
          <p className={`${styles.notice} ${styles.warn}`}>
            <ExclamationCircleOutline />
            <span>{t('funds.address_warning')}</span>
          </p>
        </>
      ) : (
        <>
          {bankField('payee_name', t('funds.payee_name'))}
          {bankField('payee_account', t('funds.payee_account'), { ltr: true })}
          {bankField('bank_name', t('funds.bank_name'))}
          {bankField('bank_swift', t('funds.bank_swift'), { ltr: true, optional: true })}
          {bankField('bank_address', t('funds.bank_address'), { optional: true })}
        </>
      )}

      <Button
        block
        type="submit"
        color="primary"
        className={styles.submit}
        loading={bind.locked}
        data-testid="bind-submit"
      >
        {t('funds.bind_submit')}
      </Button>
    </form>
  );
}
