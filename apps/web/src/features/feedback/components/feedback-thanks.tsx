import { Button } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import styles from './feedback-thanks.module.css';

/** What the trader sees once the feedback is in the support queue. */
export function FeedbackThanks({ onAnother, onDone }: { onAnother: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.thanks} data-testid="feedback-thanks" role="status">
      <span className={styles.icon} aria-hidden>
        <CheckCircleOutline />
      </span>
      <h2 className={styles.title}>{t('content.feedback_thanks_title')}</h2>
      <p className={styles.desc}>{t('content.feedback_thanks_desc')}</p>
      <Button block color="primary" shape="rounded" className={styles.button} onClick={onDone}>
        {t('content.feedback_done')}
      </Button>
      <Button block fill="none" className={styles.another} onClick={onAnother} data-testid="feedback-another">
        {t('content.feedback_send_another')}
      </Button>
    </section>
  );
}
