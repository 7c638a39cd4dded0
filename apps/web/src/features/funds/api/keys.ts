/** Query keys of the funds feature: everything under `funds` is the trader's own money. */
export const fundsKey = ['funds'] as const;
export const chargeKey = [...fundsKey, 'charge'] as const;
export const drawKey = [...fundsKey, 'draw'] as const;
export const methodsKey = [...fundsKey, 'methods'] as const;

/** Infinite pages of `{data, total}`: the next page while fewer than `total` are loaded. */
export function nextPageOf(last: { data: unknown[]; total: number }, pages: { data: unknown[] }[]) {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}
