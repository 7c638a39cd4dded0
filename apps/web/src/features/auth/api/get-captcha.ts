import { captchaEndpoint, type EndpointOutput } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, type CallOptions } from '@/lib/api';

export type Captcha = EndpointOutput<typeof captchaEndpoint>;

/** GET /api/common/captcha — `id` goes back as `key`, `b64s` is an SVG data URI. */
export function getCaptcha(options?: CallOptions): Promise<Captcha> {
  return request(captchaEndpoint, {}, options);
}

export const captchaQueryOptions = queryOptions({
  queryKey: ['auth', 'captcha'],
  queryFn: ({ signal }) => getCaptcha({ signal }),
  // Each captcha allows one try and lives 5 minutes: never reuse one from the cache.
  staleTime: 4 * 60_000,
  gcTime: 0,
  refetchOnWindowFocus: false,
});

export function useCaptcha(enabled: boolean) {
  return useQuery({ ...captchaQueryOptions, enabled });
}
