import { adminLogoutEndpoint } from '@pipwise/shared';
import { request } from './api';
import { queryClient } from './query';
import { clearSession } from './session';

/** Ends the session on the server (whatever it answers), then forgets it and every cached answer here. */
export async function logOut(): Promise<void> {
  await request(adminLogoutEndpoint, {}, { silent: true }).catch(() => undefined);
  clearSession();
  queryClient.clear();
}
