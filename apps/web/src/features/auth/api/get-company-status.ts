import { companyStatusEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type CompanyStatus = EndpointOutput<typeof companyStatusEndpoint>;

/** GET /api/company/getCompanyStatus — a non-zero status sends the browser to loss_url. */
export function getCompanyStatus(options?: CallOptions): Promise<CompanyStatus> {
  return request(companyStatusEndpoint, {}, options);
}

export const companyStatusQueryOptions = queryOptions({
  queryKey: ['auth', 'company-status'],
  queryFn: ({ signal }) => getCompanyStatus({ signal, init: true, silent: true }),
  staleTime: 5 * 60_000,
});

export function useCompanyStatus() {
  return useQuery(companyStatusQueryOptions);
}
