import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { useSupportEmail } from '../api/get-support-email';
import styles from './support-email.module.css';

/** The support e-mail from `/complaint_email`, with copy; nothing when none is configured. */
export function SupportEmail({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const email = useSupportEmail().data;
  if (!email) return null;
  return (
    <section className={`${styles.card} ${compact ? styles.compact : ''}`} data-testid="support-email">
      <span className={styles.icon} aria-hidden>
        <MailOutline />
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{t('content.support_email')}</span>
        <a className={styles.email} href={`mailto:${email}`} dir="ltr">
          {email}
        </a>
      </span>
      <CopyButton text={email} label={t('content.copy_email')} variant="icon" testId="copy-email" />
    </section>
  );
}
