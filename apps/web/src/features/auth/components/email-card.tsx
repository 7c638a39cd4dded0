import { ExclamationCircleOutline, MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { StatusView } from '@/components/status-view';
import { useUserInfo } from '../api/get-user-info';
import notice from './notice.module.css';
import styles from './settings.module.css';

/** /mine/email: the e-mail bound to the account, and what it is used for. */
export function EmailCard() {
  const { t } = useTranslation();
  const info = useUserInfo();
  if (info.isError) {
    return (
      <StatusView
        fill
        icon={<ExclamationCircleOutline />}
        title={t('access.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void info.refetch() }}
      />
    );
  }
  const email = info.data?.email;
  return (
    <section className={styles.section} data-testid="email-card">
      <div className={`${notice.notice} ${styles.emailCard}`}>
        <span className={notice.icon} aria-hidden>
          <MailOutline />
        </span>
        <span className={notice.text}>
          <span className={notice.label}>{t('auth.email_bound')}</span>
          {info.isPending ? (
            <span className={notice.placeholder} aria-busy="true" />
          ) : email ? (
            <span className={notice.target} data-testid="bound-email">
              <bdi dir="ltr">{email}</bdi>
            </span>
          ) : (
            <span className={styles.muted} data-testid="bound-email">
              {t('access.email_none')}
            </span>
          )}
        </span>
      </div>
      <p className={styles.note}>{t('auth.email_hint')}</p>
    </section>
  );
}
