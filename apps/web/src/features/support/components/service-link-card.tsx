import { Button } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import styles from './service-link-card.module.css';

/** The customer-service link to copy or open (service_link_type 2). */
export function ServiceLinkCard({ url, onOpen }: { url: string; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} data-testid="service-link-card">
      <span className={styles.icon} aria-hidden>
        <MessageOutline />
      </span>
      <h2 className={styles.title}>{t('content.chat_link_title')}</h2>
      <p className={styles.desc}>{t('content.chat_link_desc')}</p>
      <ServiceLinkBox url={url} />
      <Button block color="primary" shape="rounded" className={styles.open} onClick={onOpen}>
        {t('content.chat_open_link')}
      </Button>
    </section>
  );
}

/** The link itself, selectable, with its copy button. */
export function ServiceLinkBox({ url, testId = 'service-link' }: { url: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={styles.box}>
      <span className={styles.url} dir="ltr" data-testid={testId}>
        {url}
      </span>
      <CopyButton text={url} label={t('content.copy_link')} testId={`${testId}-copy`} />
    </span>
  );
}
