import { useTranslation } from 'react-i18next';
import styles from './form.module.css';

interface Props {
  remaining: number;
  disabled: boolean;
  onClick: () => void;
  testId?: string;
}

/** "Get code", then "Resend in 59 s" … while it is disabled (docs/product.md §4). */
export function CodeButton({ remaining, disabled, onClick, testId = 'send-code' }: Props) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.codeButton}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      data-remaining={remaining}
      aria-live="polite"
    >
      {remaining > 0 ? t('auth.resend_in', { seconds: remaining }) : t('auth.get_code')}
    </button>
  );
}
