import { areaListEndpoint, type Area } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';

/** GET /api/default/area_list — every calling code, named in the `lang` of the call. */
export function getAreaList(options?: CallOptions): Promise<Area[]> {
  return request(areaListEndpoint, {}, options);
}

export function areaListQueryOptions(lang: string) {
  return queryOptions({
    // Names change with the language, so it is part of the key.
    queryKey: ['auth', 'area-list', lang],
    queryFn: ({ signal }) => getAreaList({ signal }),
    staleTime: 60 * 60_000,
  });
}

export function useAreaList(enabled = true) {
  const { i18n } = useTranslation();
  return useQuery({ ...areaListQueryOptions(i18n.language), enabled });
}
