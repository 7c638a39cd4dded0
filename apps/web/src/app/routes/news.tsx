import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import type { RouteDef } from '@/config/routes';
import { AnnouncementTeaser } from '@/features/news/components/announcement-teaser';
import { NewsList } from '@/features/news/components/news-list';
import styles from './page.module.css';

/** /news (docs/product.md §2, tab): the announcement's headline, then the news list. */
export default function NewsPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="news-page">
      <PageNav title={t(route.title)} backable={false} />
      <AnnouncementTeaser />
      <NewsList />
    </div>
  );
}
