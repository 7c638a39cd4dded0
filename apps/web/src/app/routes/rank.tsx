import { useTranslation } from 'react-i18next';
import { PageNav } from '@/components/page-nav';
import type { RouteDef } from '@/config/routes';
import { TraderList } from '@/features/ranking/components/trader-list';
import styles from './page.module.css';

/** /rank (docs/product.md §2, tab): the follow-trader ranking, view only. */
export default function RankPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="rank-page">
      <PageNav title={t(route.title)} backable={false} />
      <TraderList />
    </div>
  );
}
