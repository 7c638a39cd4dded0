import { inboxReadEndpoint } from '@pipwise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { invalidateInboxList, markReadInList, setUnread } from './inbox-list';

/** POST /v1/api/inbox/read — one notice read, or (no id) all; answers the unread count left. */
export function readNotices(id?: number): Promise<{ unread: number }> {
  return request(inboxReadEndpoint, id === undefined ? {} : { id });
}

/**
 * Marks read at once on screen (the dot goes, the row dims), then takes the server's count.
 * A failure reads the list again, so the screen shows what the server holds.
 */
export function useReadNotices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | undefined) => readNotices(id),
    onMutate: (id) => markReadInList(queryClient, id),
    onSuccess: ({ unread }) => setUnread(queryClient, unread),
    onError: () => void invalidateInboxList(queryClient),
  });
}
