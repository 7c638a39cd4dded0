import { passkeyLoginEndpoint, passkeyLoginOptionsEndpoint, type LoginResult } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { answerWithPasskey } from '@/lib/passkey-ceremony';

/**
 * Sign-in with any passkey of this site (docs/passkeys.md): the server's challenge, the
 * device's prompt offering the trader their passkeys, the signed answer back for a session.
 */
export function useSignInWithPasskey() {
  return useMutation({
    mutationFn: async (): Promise<LoginResult> => {
      const { challenge_id, options } = await request(passkeyLoginOptionsEndpoint, {});
      const credential = await answerWithPasskey(options);
      return request(passkeyLoginEndpoint, { challenge_id, credential }, { loading: true });
    },
  });
}
