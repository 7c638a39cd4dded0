import { companyListEndpoint, type Company } from '@pipwise/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/** GET /api/company/getCompany?name= — service providers whose name contains `name`. */
export function getCompanies(name: string, options?: CallOptions): Promise<Company[]> {
  return request(companyListEndpoint, name ? { name } : {}, options);
}

export function companiesQueryOptions(name: string) {
  return queryOptions({
    queryKey: ['companies', 'list', name],
    queryFn: ({ signal }) => getCompanies(name, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCompanies(name: string) {
  return useQuery({ ...companiesQueryOptions(name), placeholderData: keepPreviousData });
}
