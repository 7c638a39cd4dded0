import type { DrawMethod } from '@pipwise/shared';
import { Button } from 'antd-mobile';
import { AddOutline, BankcardOutline, DeleteOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { confirmDialog } from '@/components/dialog-focus';
import { StatusView } from '@/components/status-view';
import { useDelDrawMethod } from '../api/del-draw-method';
import { useDrawMethods } from '../api/get-draw-methods';
import type { DrawKind } from '../api/get-draw-symbols';
import styles from './funds.module.css';
import list from './method-list.module.css';

/**
 * /mine/coin-address-list and /mine/bank-card-list: the bound accounts of one type, each
 * removable after a confirmation (docs/product.md §8 "confirm delete").
 */
export function MethodList({ type, onAdd }: { type: DrawKind; onAdd: () => void }) {
  const { t } = useTranslation();
  const methods = useDrawMethods(type);
  const del = useDelDrawMethod({
    confirm: () =>
      confirmDialog({
        label: t('funds.confirm_delete'),
        content: <div data-testid="delete-confirm">{t('funds.confirm_delete')}</div>,
        confirmText: <span data-testid="delete-confirm-ok">{t('funds.delete')}</span>,
        cancelText: t('common.cancel'),
      }),
  });

  if (methods.isPending) return <div className={styles.skeleton} aria-busy="true" />;
  if (methods.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void methods.refetch() }}
      />
    );
  }
  const addLabel = type === 1 ? t('funds.add_address') : t('funds.add_bank');
  if (methods.data.length === 0) {
    return (
      <StatusView
        testId="methods-empty"
        icon={<BankcardOutline />}
        title={type === 1 ? t('funds.no_addresses') : t('funds.no_banks')}
        description={t('funds.methods_empty_hint')}
        action={{ label: addLabel, onClick: onAdd }}
      />
    );
  }

  // The api client toasts why a removal was refused.
  const confirmDelete = (method: DrawMethod) => void del.submit(method.id);

  return (
    <div className={styles.body}>
      <ul className={list.list} data-testid="method-list" data-type={type}>
        {methods.data.map((method) => (
          <li key={method.id} className={list.item} data-testid="method-item" data-id={method.id}>
            <div className={list.head}>
              <span className={list.title}>
                <bdi>{method.type === 1 ? method.draw_currency.code : method.bank_name}</bdi>
                {method.type === 1 && method.draw_currency.protocol ? (
                  <bdi className={list.badge}>{method.draw_currency.protocol}</bdi>
                ) : (
                  <bdi className={list.badge}>{method.draw_currency.code}</bdi>
                )}
              </span>
              <button
                type="button"
                className={list.delete}
                aria-label={t('funds.delete')}
                data-testid="method-delete"
                disabled={del.locked}
                onClick={() => confirmDelete(method)}
              >
                <DeleteOutline />
              </button>
            </div>
            {method.type === 1 ? (
              <div className={styles.copyLine}>
                <span className={`${styles.copyValue} ${styles.code}`} data-testid="method-address">
                  {method.dc_address}
                </span>
                <CopyButton text={method.dc_address} variant="icon" label={t('funds.copy_address')} />
              </div>
            ) : (
              <dl className={list.bank}>
                <div className={styles.kv}>
                  <dt className={styles.kvLabel}>{t('funds.payee_name')}</dt>
                  <dd className={styles.kvValue} dir="auto">
                    {method.payee_name}
                  </dd>
                </div>
                <div className={styles.kv}>
                  <dt className={styles.kvLabel}>{t('funds.payee_account')}</dt>
                  <dd className={`${styles.kvValue} ${styles.code}`} data-testid="method-account">
                    {method.payee_account}
                  </dd>
                </div>
                {method.bank_swift ? (
                  <div className={styles.kv}>
                    <dt className={styles.kvLabel}>{t('funds.bank_swift')}</dt>
                    <dd className={`${styles.kvValue} ${styles.code}`}>{method.bank_swift}</dd>
                  </div>
                ) : null}
                {method.bank_address ? (
                  <div className={styles.kv}>
                    <dt className={styles.kvLabel}>{t('funds.bank_address')}</dt>
                    <dd className={styles.kvValue} dir="auto">
                      {method.bank_address}
                    </dd>
                  </div>
                ) : null}
              </dl>
            )}
          </li>
        ))}
      </ul>
      <Button
        block
        fill="outline"
        color="primary"
        className={styles.submit}
        onClick={onAdd}
        data-testid="method-add"
      >
        <span className={styles.buttonLabel}>
          <AddOutline /> {addLabel}
        </span>
      </Button>
    </div>
  );
}
