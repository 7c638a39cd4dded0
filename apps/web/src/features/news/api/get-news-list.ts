import { NEWS_DEFAULT_CATEGORY, newsListEndpoint, type EndpointOutput } from '@pipwise/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';

export type NewsPage = EndpointOutput<typeof newsListEndpoint>;
export type NewsListItem = NewsPage['data'][number];

/** GET /api/news/list — published articles of a category, newest first, 10 a page. */
export function getNewsList(categoryId: number, page: number, options?: CallOptions): Promise<NewsPage> {
  return request(newsListEndpoint, { category_id: categoryId, page }, options);
}

/** Each language has its own texts: the language is part of the key. */
export function newsListQueryOptions(lang: string, categoryId = NEWS_DEFAULT_CATEGORY) {
  return infiniteQueryOptions({
    queryKey: ['news', 'list', lang, categoryId],
    queryFn: ({ pageParam, signal }) => getNewsList(categoryId, pageParam, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    staleTime: 60_000,
  });
}

export function useNewsList() {
  const { i18n } = useTranslation();
  return useInfiniteQuery(newsListQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
