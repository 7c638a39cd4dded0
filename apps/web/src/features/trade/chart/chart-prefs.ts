import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/use-session';
import {
  crossCheck,
  INDICATORS,
  isIndicatorKind,
  isParamValue,
  MAX_INDICATORS,
  MAX_PANES,
  type IndicatorChoice,
  type IndicatorParams,
} from './indicator-catalog';

/**
 * The trader's chart choices — the chart type and the indicators with their parameters —
 * kept on this device per signed-in user, or as 'guest' (docs/chart.md "Preferences"):
 * localStorage `pipwise.chart.<user id>` / `pipwise.chart.guest`. What is read back is
 * checked as strictly as what the sheet accepts; anything else is dropped.
 */

export const CHART_TYPES = ['candles', 'line', 'area', 'heikin_ashi'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export interface ChartPrefs {
  type: ChartType;
  indicators: readonly IndicatorChoice[];
}

export const DEFAULT_CHART_PREFS: ChartPrefs = { type: 'candles', indicators: [] };

/** The storage key of a user's choices (lib/session.ts: the user of the login answer). */
export const chartPrefsKey = (userId: number | null): string =>
  `pipwise.chart.${userId !== null && Number.isSafeInteger(userId) && userId > 0 ? userId : 'guest'}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored indicator, or null when anything in it is not what the sheet would save. */
function readChoice(value: unknown): IndicatorChoice | null {
  if (!isRecord(value) || !isIndicatorKind(value.kind)) return null;
  const { id, kind } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || !isRecord(value.params)) return null;
  const params: IndicatorParams = {};
  for (const spec of INDICATORS[kind].params) {
    const v = value.params[spec.name];
    if (!isParamValue(spec, v)) return null;
    params[spec.name] = v;
  }
  if (crossCheck(kind, params)) return null;
  return { id, kind, params };
}

/** The choices stored as `raw`: bad JSON gives the defaults; bad parts are dropped. */
export function parseChartPrefs(raw: string | null): ChartPrefs {
  if (raw === null) return DEFAULT_CHART_PREFS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_CHART_PREFS;
  }
  if (!isRecord(value)) return DEFAULT_CHART_PREFS;
  const type = CHART_TYPES.find((t) => t === value.type) ?? DEFAULT_CHART_PREFS.type;
  const indicators: IndicatorChoice[] = [];
  const ids = new Set<number>();
  let panes = 0;
  for (const item of Array.isArray(value.indicators) ? value.indicators : []) {
    const choice = readChoice(item);
    if (!choice || ids.has(choice.id) || indicators.length >= MAX_INDICATORS) continue;
    const pane = INDICATORS[choice.kind].place === 'pane';
    if (pane && panes >= MAX_PANES) continue;
    if (pane) panes += 1;
    ids.add(choice.id);
    indicators.push(choice);
  }
  return { type, indicators };
}

/** How many of the choices take a pane under the prices. */
export const paneCount = (indicators: readonly IndicatorChoice[]): number =>
  indicators.filter((c) => INDICATORS[c.kind].place === 'pane').length;

/** Whether one more indicator of `kind` fits: the total and the panes are capped. */
export function canAdd(indicators: readonly IndicatorChoice[], kind: IndicatorChoice['kind']): boolean {
  if (indicators.length >= MAX_INDICATORS) return false;
  return INDICATORS[kind].place !== 'pane' || paneCount(indicators) < MAX_PANES;
}

// localStorage behind the same guard as lib/storage.ts (blocked in some webviews): the
// key is per user, which that module's fixed list of keys does not hold.
function readRaw(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeRaw(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choices hold for this visit.
  }
}

/** Read once per key and kept: the toolbar and the chart read the same object. */
const cache = new Map<string, ChartPrefs>();
const listeners = new Set<() => void>();

export function readChartPrefs(key: string): ChartPrefs {
  let prefs = cache.get(key);
  if (!prefs) {
    prefs = parseChartPrefs(readRaw(key));
    cache.set(key, prefs);
  }
  return prefs;
}

export function writeChartPrefs(key: string, prefs: ChartPrefs): void {
  cache.set(key, prefs);
  writeRaw(key, JSON.stringify({ type: prefs.type, indicators: prefs.indicators }));
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tests only: forget what was read, so the next read is from storage again. */
export function forgetChartPrefs(): void {
  cache.clear();
}

/**
 * The signed-in trader's chart choices (the guest's before login), and a setter that
 * stores them. Logging in or out switches to that user's.
 */
export function useChartPrefs(): [ChartPrefs, (update: (prefs: ChartPrefs) => ChartPrefs) => void] {
  const session = useSession();
  const key = chartPrefsKey(session?.user?.id ?? null);
  const read = useCallback(() => readChartPrefs(key), [key]);
  const prefs = useSyncExternalStore(subscribe, read, read);
  const update = useCallback(
    (fn: (prefs: ChartPrefs) => ChartPrefs) => writeChartPrefs(key, fn(readChartPrefs(key))),
    [key],
  );
  return [prefs, update];
}
