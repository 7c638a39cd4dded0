import { ExclamationCircleOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { contentLang } from '@/lib/content-lang';
import { StatusView } from '@/components/status-view';
import { useAnnouncement } from '../api/get-announcement';
import { formatArticleDate } from '../lib/format-date';
import { ArticleBody } from './article-body';
import styles from './announcement-view.module.css';

/** /mine/announcement: the operators' announcement in the trader's language. */
export function AnnouncementView() {
  const { t, i18n } = useTranslation();
  const announcement = useAnnouncement();

  if (announcement.isPending) {
    return <div className={styles.skeleton} aria-busy="true" data-testid="announcement-skeleton" />;
  }
  if (announcement.isError) {
    return (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('content.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void announcement.refetch() }}
      />
    );
  }
  const { title, content, updated_at, lang } = announcement.data;
  if (!title && !content) {
    return (
      <StatusView
        testId="announcement-empty"
        icon={<SoundOutline />}
        title={t('content.announcement_empty')}
      />
    );
  }
  return (
    <article className={styles.card} data-testid="announcement" lang={contentLang(lang)}>
      <header className={styles.head}>
        <span className={styles.icon} aria-hidden>
          <SoundOutline />
        </span>
        <span className={styles.titles}>
          <h1 className={styles.title}>{title}</h1>
          {updated_at > 0 ? (
            <time className={styles.date} dateTime={new Date(updated_at).toISOString()}>
              {t('content.updated_on', { date: formatArticleDate(updated_at, i18n.language) })}
            </time>
          ) : null}
        </span>
      </header>
      <ArticleBody html={content} testId="announcement-body" />
    </article>
  );
}
