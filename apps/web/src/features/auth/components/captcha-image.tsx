import { useTranslation } from 'react-i18next';
import type { Captcha } from '../api/get-captcha';
import styles from './form.module.css';

interface Props {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh: () => void;
}

/** The image code at the end of its field; a tap fetches a new one. */
export function CaptchaImage({ captcha, loading, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.captcha} ${captcha && !loading ? '' : styles.captchaPending}`}
      aria-label={t('auth.captcha_refresh')}
      title={t('auth.captcha_refresh')}
      onClick={onRefresh}
      disabled={loading}
      data-testid="captcha-image"
    >
      {captcha ? <img src={captcha.b64s} alt={t('auth.captcha')} width={112} height={40} /> : null}
    </button>
  );
}
