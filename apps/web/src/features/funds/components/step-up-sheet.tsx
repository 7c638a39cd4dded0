import { Button } from 'antd-mobile';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { fieldInputLtr, FormField } from '@/components/form-field';
import { PasskeyIcon } from '@/components/passkey-icon';
import { browserHasPasskeys, passkeyProblem } from '@/lib/passkey-ceremony';
import { showToast } from '@/lib/toast';
import { holdsPasskeys, stepUpWithPasskey, stepUpWithPassword } from '../api/step-up';
import styles from './step-up-sheet.module.css';

interface Props {
  open: boolean;
  onProven: () => void;
  onClose: () => void;
}

/**
 * "Confirm it's you" before a withdrawal (docs/passkeys.md "Step-up before a withdrawal"):
 * one of the trader's passkeys, where they have one and the browser can use it, or the
 * password. The server's refusals (a wrong password, too many tries) are toasted by the
 * API client; a prompt closed on the device is told apart.
 */
export function StepUpSheet({ open, onProven, onClose }: Props) {
  return (
    <BottomSheet open={open} onClose={onClose} bodyClassName={styles.sheet}>
      <StepUpForm onProven={onProven} onClose={onClose} />
    </BottomSheet>
  );
}

export function StepUpForm({ onProven, onClose }: Omit<Props, 'open'>) {
  const { t } = useTranslation();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [withPasskey, setWithPasskey] = useState(false);

  useEffect(() => {
    if (!browserHasPasskeys()) return;
    let live = true;
    void holdsPasskeys().then((held) => live && setWithPasskey(held));
    return () => {
      live = false;
    };
  }, []);

  const prove = async (how: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await how();
      onProven();
    } catch (error) {
      const problem = passkeyProblem(error, t);
      if (problem) showToast(problem);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The sheet is portalled, but React bubbles its events to the withdraw form's tree.
    event.stopPropagation();
    if (password !== '') void prove(() => stepUpWithPassword(password));
  };

  return (
    <div data-testid="step-up-sheet">
      <div className={styles.header}>
        <SheetTitle className={styles.title}>{t('step_up.title')}</SheetTitle>
        <SheetClose className={styles.close} onClick={onClose} />
      </div>
      <form className={styles.body} onSubmit={submit} noValidate>
        <p className={styles.lead}>{t('step_up.lead')}</p>
        {withPasskey ? (
          <>
            <Button
              block
              color="primary"
              disabled={busy}
              onClick={() => void prove(stepUpWithPasskey)}
              data-testid="step-up-passkey"
            >
              <span className={styles.passkeyLabel}>
                <PasskeyIcon />
                {t('step_up.use_passkey')}
              </span>
            </Button>
            <p className={styles.or}>{t('step_up.or_password')}</p>
          </>
        ) : null}
        <FormField id={passwordId} label={t('step_up.password')}>
          <input
            id={passwordId}
            className={fieldInputLtr}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="step-up-password"
          />
        </FormField>
        <Button
          block
          type="submit"
          color={withPasskey ? 'default' : 'primary'}
          disabled={busy || password === ''}
          data-testid="step-up-confirm"
        >
          {t('step_up.confirm')}
        </Button>
      </form>
    </div>
  );
}
