import type { LoginResult } from '@pipwise/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PasskeyIcon } from '@/components/passkey-icon';
import { browserHasPasskeys, passkeyProblem } from '@/lib/passkey-ceremony';
import { showToast } from '@/lib/toast';
import styles from './form.module.css';

interface Props {
  call: UseMutationResult<LoginResult, Error, void>;
  /** Another way in is under way. */
  disabled: boolean;
  onSignedIn: (result: LoginResult) => void;
}

/**
 * "Sign in with a passkey" under the password form (docs/passkeys.md): the device offers the
 * passkeys it holds for this site. Not shown where the browser cannot use passkeys.
 */
export function PasskeySignIn({ call, disabled, onSignedIn }: Props) {
  const { t } = useTranslation();
  if (!browserHasPasskeys()) return null;
  return (
    <Button
      block
      fill="outline"
      className={`${styles.submit} ${styles.passkey}`}
      loading={call.isPending}
      disabled={disabled}
      onClick={() =>
        call.mutate(undefined, {
          onSuccess: onSignedIn,
          onError: (error) => {
            const problem = passkeyProblem(error, t);
            if (problem) showToast(problem);
          },
        })
      }
      data-testid="passkey-sign-in"
    >
      <span className={styles.passkeyLabel}>
        <PasskeyIcon />
        {t('passkey.sign_in')}
      </span>
    </Button>
  );
}
