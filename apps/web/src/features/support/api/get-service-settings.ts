import { basicInfoEndpoint } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export interface ServiceSettings {
  service_link: string;
  service_link_type: number;
}

/** The customer-service link and how to open it, from GET /api/basicSet/getBasicInfo. */
export async function getServiceSettings(options?: CallOptions): Promise<ServiceSettings> {
  const info = await request(basicInfoEndpoint, {}, options);
  return { service_link: info.service_link, service_link_type: info.service_link_type };
}

export const serviceSettingsQueryOptions = queryOptions({
  queryKey: ['support', 'service-settings'],
  queryFn: ({ signal }) => getServiceSettings({ signal }),
  // Operators change the link rarely; a fresh copy on each visit of the page is enough.
  staleTime: 0,
});

export function useServiceSettings() {
  return useQuery(serviceSettingsQueryOptions);
}
