import {
  pushKeyEndpoint,
  pushSettingsEndpoint,
  pushSubscribeEndpoint,
  pushSwitchEndpoint,
  pushUnsubscribeEndpoint,
  type EndpointOutput,
  type NoticeKind,
} from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';
import { inboxKey } from './inbox-list';

export type PushSettings = EndpointOutput<typeof pushSettingsEndpoint>;

/** What the server keeps of one browser's subscription (docs/api.md "Web push"). */
export interface PushSubscriptionBody {
  endpoint: string;
  p256dh: string;
  auth: string;
  show_amounts: 0 | 1;
}

export const pushSettingsKey = [...inboxKey, 'push'] as const;

/** GET /v1/api/push/key — the server's VAPID public key (base64url). */
export function getPushKey(): Promise<string> {
  return request(pushKeyEndpoint, {}).then((r) => r.public_key);
}

/** POST /v1/api/push/subscribe — this browser, again with the same endpoint replaces it. */
export function subscribePush(body: PushSubscriptionBody, options?: CallOptions) {
  return request(pushSubscribeEndpoint, body, options);
}

/** POST /v1/api/push/unsubscribe — forgets this browser (an unknown one is refused "not found"). */
export function unsubscribePush(endpoint: string, options?: CallOptions) {
  return request(pushUnsubscribeEndpoint, { endpoint }, options);
}

/** The push settings are read again (a browser was added or removed). */
export function invalidatePushSettings(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: pushSettingsKey });
}

/** GET /v1/api/push/settings — how many browsers receive pushes, and per kind 1 when pushed. */
export function usePushSettings(enabled: boolean) {
  return useQuery({
    queryKey: pushSettingsKey,
    queryFn: ({ signal }) => request(pushSettingsEndpoint, {}, { signal }),
    enabled,
  });
}

/**
 * POST /v1/api/push/switch: one kind pushed or not (the inbox keeps it either way).
 * Optimistic like the inbox's switches: back to what the server holds when it fails.
 */
export function useSwitchPushKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NoticeKind; on: boolean }) =>
      request(pushSwitchEndpoint, { kind, enabled: on ? 1 : 0 }),
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: pushSettingsKey });
      const before = queryClient.getQueryData<PushSettings>(pushSettingsKey);
      if (before)
        queryClient.setQueryData(pushSettingsKey, {
          ...before,
          kinds: { ...before.kinds, [kind]: on ? 1 : 0 },
        });
      return { before };
    },
    onSuccess: (saved) => queryClient.setQueryData(pushSettingsKey, saved),
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(pushSettingsKey, context.before);
      void invalidatePushSettings(queryClient);
    },
  });
}
