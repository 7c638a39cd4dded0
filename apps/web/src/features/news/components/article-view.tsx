import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { contentLang } from '@/lib/content-lang';
import { StatusView } from '@/components/status-view';
import { useNewsInfo } from '../api/get-news-info';
import { safeImageSrc } from '@pipwise/client';
import { formatArticleDate } from '../lib/format-date';
import { ArticleBody } from './article-body';
import styles from './article-view.module.css';

interface Props {
  /** The article's id from `?id=`, or null when the link has none. */
  id: number | null;
  onBackToList: () => void;
}

/** /news/detail: the title, date and cover, then the article's HTML (docs/product.md §3 "content"). */
export function ArticleView({ id, onBackToList }: Props) {
  const { t, i18n } = useTranslation();
  const article = useNewsInfo(id);

  if (id !== null && article.isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true" data-testid="article-skeleton">
        <span className={`${styles.shimmer} ${styles.title}`} />
        <span className={`${styles.shimmer} ${styles.titleShort}`} />
        <span className={`${styles.shimmer} ${styles.cover}`} />
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={`${styles.shimmer} ${styles.text}`} />
        ))}
      </div>
    );
  }
  if (id === null || !article.data) {
    return (
      <StatusView
        fill
        testId="article-missing"
        icon={<FileOutline />}
        title={t('content.article_missing')}
        action={{ label: t('content.back_to_news'), onClick: onBackToList }}
      />
    );
  }
  const { title, created_at, logo, content, lang } = article.data;
  const cover = safeImageSrc(logo);
  // Articles that show their cover in the text already do not get it twice.
  const showCover = cover !== '' && !content.includes(`src="${cover}"`);
  return (
    <article className={styles.article} data-testid="article" lang={contentLang(lang)}>
      <h1 className={styles.heading}>{title}</h1>
      <time className={styles.date} dateTime={new Date(created_at).toISOString()}>
        {formatArticleDate(created_at, i18n.language)}
      </time>
      {showCover ? <img className={styles.coverImage} src={cover} alt="" /> : null}
      <ArticleBody html={content} />
    </article>
  );
}
