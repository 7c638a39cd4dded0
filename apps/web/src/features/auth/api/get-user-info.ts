import { userInfoEndpoint, type User } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

/** GET /api/user/info — the logged-in user (e-mail, phone, demo flag). */
export function getUserInfo(options?: CallOptions): Promise<User> {
  return request(userInfoEndpoint, {}, options);
}

export const userInfoQueryOptions = queryOptions({
  queryKey: ['auth', 'user-info'],
  queryFn: ({ signal }) => getUserInfo({ signal }),
});

export function useUserInfo() {
  return useQuery(userInfoQueryOptions);
}
