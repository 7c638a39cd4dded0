import {
  passkeyListEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegisterOptionsEndpoint,
  passkeyRemoveEndpoint,
  type EndpointInput,
} from '@pipwise/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { createPasskey } from '@/lib/passkey-ceremony';

export const passkeysKey = ['passkeys'] as const;

/** GET /v1/api/passkey/list — the trader's passkeys, newest first. */
export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: () => request(passkeyListEndpoint, {}) });
}

/**
 * A new passkey: the server's challenge, the device's prompt (fingerprint, face, screen
 * lock), and the answer back to the server, which keeps it under `name`.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challenge_id, options } = await request(passkeyRegisterOptionsEndpoint, {});
      // The library's JSON, typed loosely (extension results); the server checks its shape.
      const credential = (await createPasskey(options)) as EndpointInput<
        typeof passkeyRegisterEndpoint
      >['credential'];
      return request(passkeyRegisterEndpoint, { challenge_id, name, credential }, { toastSuccess: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

/** POST /v1/api/passkey/remove. */
export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(passkeyRemoveEndpoint, { id }, { toastSuccess: true }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
