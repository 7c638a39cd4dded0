import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cleanArticleHtml } from '../lib/clean-article';
import styles from './article-body.module.css';

interface Props {
  html: string;
  testId?: string;
}

/**
 * Operator-written HTML, cleaned by DOMPurify (lib/article-html.ts) before React puts it
 * in the page. In-app links (`/trade`) move within the app instead of reloading it.
 */
export function ArticleBody({ html, testId = 'article-body' }: Props) {
  const navigate = useNavigate();
  const clean = useMemo(() => cleanArticleHtml(html), [html]);
  const followInAppLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href') ?? '';
    if (link && href.startsWith('/') && !href.startsWith('//') && !event.metaKey && !event.ctrlKey) {
      event.preventDefault();
      void navigate(href);
    }
  };
  return (
    <div
      className={styles.body}
      data-testid={testId}
      onClick={followInAppLink}
      // Cleaned above by DOMPurify with the article allow-list.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
