import { inboxNoticeEndpoint } from '@pipwise/shared';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { inboxKey } from './inbox-list';

/** GET /v1/api/inbox/notice?id= — one of the trader's notices (a receipt opened by link). */
export function useNotice(id: number) {
  return useQuery({
    queryKey: [...inboxKey, 'notice', id],
    queryFn: ({ signal }) => request(inboxNoticeEndpoint, { id }, { signal }),
    enabled: id > 0,
  });
}
