import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { AnnouncementView } from '@/features/news/components/announcement-view';
import styles from './page.module.css';

/** /mine/announcement (docs/product.md §2): the operators' announcement. */
export default function AnnouncementPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="announcement-page">
      <PageNav title={t(route.title)} fallback={ROUTES.user.path} />
      <AnnouncementView />
    </div>
  );
}
