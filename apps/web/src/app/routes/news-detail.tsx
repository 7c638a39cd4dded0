import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageNav } from '@/components/page-nav';
import { ROUTES, type RouteDef } from '@/config/routes';
import { ArticleView } from '@/features/news/components/article-view';
import styles from './page.module.css';

/** The article of `?id=`: only plain digits are an id (anything else has no article). */
function articleId(raw: string | null): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** /news/detail?id= (docs/product.md §2): one article, its content as HTML. */
export default function NewsDetailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = articleId(params.get('id'));
  return (
    <div className={styles.page} data-testid="news-detail-page">
      <PageNav title={t(route.title)} fallback={ROUTES.news.path} />
      <ArticleView key={id} id={id} onBackToList={() => void navigate(ROUTES.news.path)} />
    </div>
  );
}
