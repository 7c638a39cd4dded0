import { categoriesEndpoint, type Category } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';

/** GET /v1/api/forex/getCategories — names come translated by the `lang` header. */
export function getCategories(options?: CallOptions): Promise<Category[]> {
  return request(categoriesEndpoint, {}, options);
}

export function categoriesQueryOptions(lang: string) {
  return queryOptions({
    // The language is part of the key: the names change with it.
    queryKey: ['markets', 'categories', lang],
    // A missing filter bar is no reason to interrupt the trader with a toast.
    queryFn: ({ signal }) => getCategories({ signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}

export function useCategories() {
  const { i18n } = useTranslation();
  return useQuery(categoriesQueryOptions(i18n.language));
}
