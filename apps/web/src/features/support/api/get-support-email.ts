import { complaintEmailEndpoint, settingEndpoint } from '@pipwise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '@/config/env';
import { request } from '@/lib/api';

/**
 * The support e-mail (docs/product.md §7: `GET /complaint_email` on a separate host). The host is the
 * `complaint_host` setting; empty means this app's own server. Another host gets a plain
 * request — no session token or language header leaves for it — and a failure just hides
 * the e-mail.
 */
export async function getSupportEmail(signal?: AbortSignal): Promise<string> {
  const host = await request(
    settingEndpoint,
    { key: 'complaint_host' },
    { signal, silent: true, init: true },
  );
  const origin = typeof host === 'string' && /^https?:\/\//i.test(host) ? new URL(host).origin : env.apiBase;
  const response = await fetch(new URL(complaintEmailEndpoint.path, origin), {
    signal,
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  const body = (await response.json()) as { code?: unknown; data?: unknown };
  if (body.code !== 1) return '';
  // Checked by hand: the web bundle carries no endpoint schemas (build/endpoint-descriptors.ts).
  const email = (body.data as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email : '';
}

export const supportEmailQueryOptions = queryOptions({
  queryKey: ['support', 'email'],
  queryFn: ({ signal }) => getSupportEmail(signal).catch(() => ''),
  staleTime: 5 * 60_000,
});

export function useSupportEmail() {
  return useQuery(supportEmailQueryOptions);
}
