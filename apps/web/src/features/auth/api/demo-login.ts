import { demoLoginEndpoint, type EndpointOutput } from '@pipwise/shared';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { readStorage, StorageKey, writeStorage } from '@/lib/storage';
import { demoLoginFlow } from '../utils/demo-login-flow';

export type DemoLoginResult = EndpointOutput<typeof demoLoginEndpoint>;

/**
 * GET /api/user/createAccountDemoForU — this device's demo account: the stored demo_id
 * brings the same one back, the first visit creates it.
 */
export function demoLogin(): Promise<DemoLoginResult> {
  return demoLoginFlow({
    readDemoId: () => readStorage(StorageKey.demoId),
    writeDemoId: (id) => writeStorage(StorageKey.demoId, id),
    createOrResume: (demoId) => request(demoLoginEndpoint, { demo_id: demoId }, { loading: true }),
  });
}

export function useDemoLogin() {
  return useMutation({ mutationFn: demoLogin });
}
