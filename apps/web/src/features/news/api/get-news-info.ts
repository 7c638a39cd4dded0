import { newsInfoEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';

export type NewsArticle = EndpointOutput<typeof newsInfoEndpoint>;

/** GET /api/news/info — one published article with its HTML. */
export function getNewsInfo(id: number, options?: CallOptions): Promise<NewsArticle> {
  return request(newsInfoEndpoint, { id }, options);
}

export function newsInfoQueryOptions(lang: string, id: number) {
  return queryOptions({
    queryKey: ['news', 'info', lang, id],
    // The page says "no longer available" itself: no toast on top of it.
    queryFn: ({ signal }) => getNewsInfo(id, { signal, silent: true }),
    staleTime: 60_000,
    retry: false,
  });
}

/** `id` null (a missing or malformed `?id=`) asks for nothing. */
export function useNewsInfo(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({
    ...newsInfoQueryOptions(i18n.resolvedLanguage ?? i18n.language, id ?? 0),
    enabled: id !== null,
  });
}
