import {
  inboxSettingsEndpoint,
  inboxSwitchEndpoint,
  type EndpointOutput,
  type NoticeKind,
} from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { inboxKey } from './inbox-list';

export type NoticeSwitches = EndpointOutput<typeof inboxSettingsEndpoint>;

const settingsKey = [...inboxKey, 'settings'] as const;

/** GET /v1/api/inbox/settings — per kind, 1 when the inbox keeps it (all on until turned off). */
export function useNoticeSwitches() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => request(inboxSettingsEndpoint, {}, { signal }),
  });
}

/**
 * POST /v1/api/inbox/switch: one kind on or off. Optimistic: the switch moves at once, and
 * goes back to what the server holds when the save fails (the client toasts why).
 */
export function useSwitchNoticeKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NoticeKind; on: boolean }) =>
      request(inboxSwitchEndpoint, { kind, enabled: on ? 1 : 0 }),
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<NoticeSwitches>(settingsKey);
      if (before) queryClient.setQueryData(settingsKey, { ...before, [kind]: on ? 1 : 0 });
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(settingsKey, context.before);
      void queryClient.invalidateQueries({ queryKey: settingsKey });
    },
  });
}
