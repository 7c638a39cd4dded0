import { userInfoEndpoint } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api';
import { useSession } from '@/lib/use-session';
import { fundsKey } from './keys';

const ownUidQueryOptions = queryOptions({
  queryKey: [...fundsKey, 'uid'],
  queryFn: ({ signal }) => request(userInfoEndpoint, {}, { signal }).then((user) => user.uid),
  staleTime: Infinity,
});

/**
 * The trader's UID, which a bank wire names in its payment reference: the signed-in session
 * has it from the login; GET /api/user/info answers for a session stored without it.
 */
export function useOwnUid(): string | undefined {
  const fromSession = useSession()?.user?.uid || undefined;
  const fetched = useQuery({ ...ownUidQueryOptions, enabled: fromSession === undefined });
  return fromSession ?? fetched.data;
}
