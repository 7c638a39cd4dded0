import type { DrawMethod } from '@pipwise/shared';
import { AddOutline, CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DrawKind } from '../api/get-draw-symbols';
import { methodSummary } from '../utils/method-summary';
import styles from './funds.module.css';
import form from './withdraw-form.module.css';

interface Props {
  type: DrawKind;
  /** The bound accounts of the currency; undefined while they load. */
  methods: DrawMethod[] | undefined;
  chosenId: number | undefined;
  onChoose: (id: number) => void;
  /** Opens the add-account form straight away (it comes back with the new one chosen). */
  onAdd: () => void;
}

/** The withdraw form's "pay to": one of the bound accounts of the currency, or a new one. */
export function WithdrawMethodPicker({ type, methods, chosenId, onChoose, onAdd }: Props) {
  const { t } = useTranslation();
  const addLabel = type === 1 ? t('funds.add_address') : t('funds.add_bank');
  return (
    <div className={styles.group}>
      <span className={styles.groupLabel}>
        {type === 1 ? t('funds.pay_to_address') : t('funds.pay_to_bank')}
      </span>
      {methods === undefined ? (
        <div className={form.methodSkeleton} aria-busy="true" />
      ) : methods.length === 0 ? (
        <button type="button" className={form.addMethod} data-testid="no-method" onClick={onAdd}>
          <AddOutline />
          <span>{addLabel}</span>
        </button>
      ) : (
        <>
          <div role="radiogroup" className={form.methods} aria-label={t('funds.pay_to')}>
            {methods.map((m) => (
              <MethodOption
                key={m.id}
                method={m}
                chosen={m.id === chosenId}
                onChoose={() => onChoose(m.id)}
              />
            ))}
          </div>
          <button
            type="button"
            className={`${styles.link} ${form.addAnother}`}
            data-testid="add-method"
            onClick={onAdd}
          >
            <AddOutline />
            <span>{addLabel}</span>
          </button>
        </>
      )}
    </div>
  );
}

function MethodOption({
  method,
  chosen,
  onChoose,
}: {
  method: DrawMethod;
  chosen: boolean;
  onChoose: () => void;
}) {
  const summary = methodSummary(method);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={chosen}
      className={`${form.method} ${chosen ? form.chosen : ''}`}
      data-testid="withdraw-method"
      data-id={method.id}
      onClick={onChoose}
    >
      <span className={form.radio} aria-hidden>
        {chosen ? <CheckCircleFill /> : null}
      </span>
      <span className={form.methodText}>
        <span className={form.methodTitle}>{summary.title}</span>
        <span className={`${form.methodDetail} ${summary.code ? form.code : ''}`}>{summary.detail}</span>
      </span>
    </button>
  );
}
