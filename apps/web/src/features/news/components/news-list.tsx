import { PULL_REFRESH_CLOSE_MS } from '@pipwise/shared';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contentLang } from '@/lib/content-lang';
import { StatusView } from '@/components/status-view';
import { ROUTES } from '@/config/routes';
import { useNewsList, type NewsListItem } from '../api/get-news-list';
import { safeImageSrc } from '@pipwise/client';
import { formatArticleDate } from '../lib/format-date';
import styles from './news-list.module.css';

const detailPath = (id: number) => `${ROUTES.newsDetail.path}?id=${id}`;

/**
 * /news: the newest article as a large card, the rest as rows with a thumbnail; more load
 * as the trader scrolls (10 a page), pull down to refresh.
 */
export function NewsList() {
  const { t } = useTranslation();
  const news = useNewsList();
  const items = useMemo(() => {
    const seen = new Set<number>();
    return (news.data?.pages ?? []).flatMap((p) => p.data).filter((n) => !seen.has(n.id) && !!seen.add(n.id));
  }, [news.data]);

  let body;
  if (news.isPending) {
    body = <NewsSkeleton />;
  } else if (news.isError && !news.data) {
    body = (
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('content.load_failed')}
        action={{ label: t('common.retry'), onClick: () => void news.refetch() }}
      />
    );
  } else if (items.length === 0) {
    body = <StatusView testId="news-empty" icon={<FileOutline />} title={t('content.news_empty')} />;
  } else {
    const [first, ...rest] = items;
    body = (
      <>
        <div className={styles.list} data-testid="news-list">
          {first ? <HeroCard item={first} /> : null}
          {rest.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </div>
        <InfiniteScroll
          hasMore={news.hasNextPage}
          loadMore={async () => {
            await news.fetchNextPage({ throwOnError: true });
          }}
        />
      </>
    );
  }
  return (
    <PullToRefresh
      onRefresh={async () => {
        await news.refetch();
      }}
      completeDelay={PULL_REFRESH_CLOSE_MS}
    >
      {body}
    </PullToRefresh>
  );
}

function Cover({ src, className = '' }: { src: string; className?: string | undefined }) {
  const safe = safeImageSrc(src);
  return safe ? (
    <img className={className} src={safe} alt="" loading="lazy" />
  ) : (
    <span className={`${className} ${styles.noCover}`} aria-hidden />
  );
}

function HeroCard({ item }: { item: NewsListItem }) {
  const { i18n } = useTranslation();
  return (
    <Link to={detailPath(item.id)} className={styles.hero} data-testid="news-item" data-id={item.id}>
      <Cover src={item.logo} className={styles.heroImage} />
      <span className={styles.heroText} lang={contentLang(item.lang)}>
        <span className={styles.heroTitle}>{item.title}</span>
        {item.desc ? <span className={styles.heroDesc}>{item.desc}</span> : null}
        <time className={styles.date} dateTime={new Date(item.created_at).toISOString()}>
          {formatArticleDate(item.created_at, i18n.language)}
        </time>
      </span>
    </Link>
  );
}

function NewsRow({ item }: { item: NewsListItem }) {
  const { i18n } = useTranslation();
  return (
    <Link to={detailPath(item.id)} className={styles.row} data-testid="news-item" data-id={item.id}>
      <span className={styles.rowText} lang={contentLang(item.lang)}>
        <span className={styles.rowTitle}>{item.title}</span>
        {item.desc ? <span className={styles.rowDesc}>{item.desc}</span> : null}
        <time className={styles.date} dateTime={new Date(item.created_at).toISOString()}>
          {formatArticleDate(item.created_at, i18n.language)}
        </time>
      </span>
      <Cover src={item.logo} className={styles.thumb} />
    </Link>
  );
}

function NewsSkeleton() {
  return (
    <div className={styles.list} aria-busy="true" data-testid="news-skeleton">
      <div className={`${styles.shimmer} ${styles.heroSkeleton}`} />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={styles.rowSkeleton}>
          <span className={styles.lines}>
            <span className={`${styles.shimmer} ${styles.line}`} />
            <span className={`${styles.shimmer} ${styles.line} ${styles.short}`} />
            <span className={`${styles.shimmer} ${styles.line} ${styles.tiny}`} />
          </span>
          <span className={`${styles.shimmer} ${styles.thumb}`} />
        </div>
      ))}
    </div>
  );
}
