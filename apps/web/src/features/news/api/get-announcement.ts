import { announcementEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type CallOptions } from '@/lib/api';

export type Announcement = EndpointOutput<typeof announcementEndpoint>;

/** GET /api/news/announcement — the announcement in the caller's language. */
export function getAnnouncement(options?: CallOptions): Promise<Announcement> {
  return request(announcementEndpoint, {}, options);
}

export function announcementQueryOptions(lang: string) {
  return queryOptions({
    queryKey: ['news', 'announcement', lang],
    queryFn: ({ signal }) => getAnnouncement({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAnnouncement() {
  const { i18n } = useTranslation();
  return useQuery(announcementQueryOptions(i18n.resolvedLanguage ?? i18n.language));
}
