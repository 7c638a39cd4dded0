import { currentLang } from '@/lib/i18n';
import { getToken } from '@/lib/session';

/**
 * Downloads a report's CSV (docs/reports.md "CSV files"). The file needs the operator's
 * session, which a plain link cannot carry, so it is fetched with it and handed to the
 * browser as a file. A refusal comes back as the usual envelope: its message is thrown.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<void> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const response = await fetch(`${path}?${params.toString()}`, {
    headers: { lang: currentLang(), authorization: getToken() ?? '' },
  });
  if (!(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const body = (await response.json().catch(() => ({}))) as { msg?: string };
    throw new Error(body.msg || `HTTP ${response.status}`);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'report.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
