import { MAX_PASSKEYS, PASSKEY_NAME_MAX, type Passkey } from '@pipwise/shared';
import { Input } from 'antd-mobile';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirmDialog } from '@/components/dialog-focus';
import { PasskeyIcon } from '@/components/passkey-icon';
import { StatusView } from '@/components/status-view';
import { browserHasPasskeys, passkeyProblem } from '@/lib/passkey-ceremony';
import { showToast } from '@/lib/toast';
import { useDateTime } from '@/lib/use-date-time';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import styles from './passkey-list.module.css';

/**
 * /mine/passkeys (real accounts, docs/passkeys.md): what a passkey is, the trader's passkeys
 * (when added, when last used) each with Remove, and a named new one from this device.
 */
export function PasskeyList() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const titleId = useId();
  if (passkeys.isError && !passkeys.data) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('mine.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void passkeys.refetch() }}
      />
    );
  }
  const held = passkeys.data ?? [];
  return (
    <div className={styles.stack}>
      <p className={styles.intro}>{t('passkey.intro')}</p>
      <section className={styles.group} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('route.passkeys')}
        </h2>
        <ul className={styles.list} data-testid="passkey-list" aria-busy={passkeys.isPending}>
          {passkeys.data && held.length === 0 ? (
            <li className={styles.empty} data-testid="passkeys-empty">
              {t('passkey.empty')}
            </li>
          ) : null}
          {held.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      </section>
      {browserHasPasskeys() ? (
        <AddPasskey count={held.length} ready={!!passkeys.data} />
      ) : (
        <p className={styles.note} data-testid="passkeys-unsupported">
          {t('passkey.unsupported')}
        </p>
      )}
    </div>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const timeOf = useDateTime();
  const remove = useRemovePasskey();
  const confirmRemove = async () => {
    const question = t('passkey.remove_confirm', { name: passkey.name });
    const sure = await confirmDialog({
      label: question,
      content: question,
      confirmText: t('passkey.remove'),
      cancelText: t('common.cancel'),
    });
    if (sure) remove.mutate(passkey.id);
  };
  return (
    <li className={styles.row} data-testid="passkey-row">
      <PasskeyIcon className={styles.icon} />
      <span className={styles.text}>
        <bdi className={styles.name} data-testid="passkey-name">
          {passkey.name}
        </bdi>
        <span className={styles.hint}>{t('passkey.added_on', { date: timeOf(passkey.created_at) })}</span>
        <span className={styles.hint} data-testid="passkey-used">
          {passkey.last_used_at === null
            ? t('passkey.never_used')
            : t('passkey.last_used', { date: timeOf(passkey.last_used_at) })}
        </span>
      </span>
      <Button
        size="small"
        fill="none"
        color="danger"
        className={styles.remove}
        loading={remove.isPending}
        onClick={() => void confirmRemove()}
        data-testid="passkey-remove"
      >
        {t('passkey.remove')}
      </Button>
    </li>
  );
}

/** A name (prefilled "Passkey 2") and the button that asks this device for a new passkey. */
function AddPasskey({ count, ready }: { count: number; ready: boolean }) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const inputId = useId();
  const full = count >= MAX_PASSKEYS;
  const submit = () => {
    const chosen = name.trim() || t('passkey.default_name', { n: count + 1 });
    add.mutate(chosen, {
      onSuccess: () => setName(''),
      onError: (error) => {
        const problem = passkeyProblem(error, t);
        if (problem) showToast(problem);
      },
    });
  };
  return (
    <section className={styles.group}>
      <label htmlFor={inputId} className={styles.title}>
        {t('passkey.name')}
      </label>
      <div className={styles.field}>
        <Input
          id={inputId}
          value={name}
          onChange={setName}
          maxLength={PASSKEY_NAME_MAX}
          placeholder={t('passkey.name_placeholder')}
          disabled={full}
          data-testid="passkey-name-input"
        />
      </div>
      <Button
        block
        color="primary"
        className={styles.add}
        loading={add.isPending}
        disabled={!ready || full}
        onClick={submit}
        data-testid="passkey-add"
      >
        {t('passkey.add')}
      </Button>
      <p className={styles.hint}>{t('passkey.limit_note', { max: MAX_PASSKEYS })}</p>
    </section>
  );
}
