/**
 * The indicators the trade chart offers (docs/chart.md): what each is called, its
 * parameters with their sane ranges, and whether it overlays the prices or takes a pane of
 * its own under them. Only the catalog: the math is the `trading-signals` library's,
 * wrapped in indicator-calc.ts, which loads with the chart alone (this file also serves the
 * toolbar and the stored choices, which paint before the chart's code arrives).
 */

export const INDICATOR_KINDS = ['sma', 'ema', 'bb', 'rsi', 'macd', 'atr', 'stoch'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

export type ParamName = 'period' | 'deviation' | 'fast' | 'slow' | 'signal' | 'k' | 'd' | 'smoothing';

export interface ParamSpec {
  name: ParamName;
  min: number;
  max: number;
  default: number;
  /** Decimals a value may have: 0 for a count of candles, 1 for the bands' deviation. */
  decimals: 0 | 1;
}

export interface IndicatorSpec {
  kind: IndicatorKind;
  /** How traders know it, Latin in every language (RSI, MACD); the long name is translated. */
  abbr: string;
  /** Over the prices (same scale), or in a pane of its own under them. */
  place: 'overlay' | 'pane';
  params: readonly ParamSpec[];
}

const period = (dflt: number, min = 2, max = 200): ParamSpec => ({
  name: 'period',
  min,
  max,
  default: dflt,
  decimals: 0,
});

/*
 * The ranges: at least 2 candles where an average of one is the price itself (1 is allowed
 * where it still means something: ATR's true range, the Stochastic's smoothing), at most
 * what the chart's history can fill (get-kline.ts loads 300 candles).
 */
export const INDICATORS: Readonly<Record<IndicatorKind, IndicatorSpec>> = {
  sma: { kind: 'sma', abbr: 'SMA', place: 'overlay', params: [period(20)] },
  ema: { kind: 'ema', abbr: 'EMA', place: 'overlay', params: [period(50)] },
  bb: {
    kind: 'bb',
    abbr: 'BB',
    place: 'overlay',
    params: [period(20, 2, 100), { name: 'deviation', min: 0.5, max: 5, default: 2, decimals: 1 }],
  },
  rsi: { kind: 'rsi', abbr: 'RSI', place: 'pane', params: [period(14, 2, 100)] },
  macd: {
    kind: 'macd',
    abbr: 'MACD',
    place: 'pane',
    params: [
      { name: 'fast', min: 2, max: 100, default: 12, decimals: 0 },
      { name: 'slow', min: 3, max: 200, default: 26, decimals: 0 },
      { name: 'signal', min: 2, max: 100, default: 9, decimals: 0 },
    ],
  },
  atr: { kind: 'atr', abbr: 'ATR', place: 'pane', params: [period(14, 1, 100)] },
  stoch: {
    kind: 'stoch',
    abbr: 'Stoch',
    place: 'pane',
    params: [
      { name: 'k', min: 2, max: 100, default: 14, decimals: 0 },
      { name: 'd', min: 1, max: 50, default: 3, decimals: 0 },
      { name: 'smoothing', min: 1, max: 50, default: 3, decimals: 0 },
    ],
  },
};

/** At most this many indicators at once, and of them this many in panes under the prices. */
export const MAX_INDICATORS = 5;
export const MAX_PANES = 3;

export type IndicatorParams = Partial<Record<ParamName, number>>;

/** One indicator the trader put on the chart; `id` tells two SMAs apart. */
export interface IndicatorChoice {
  id: number;
  kind: IndicatorKind;
  params: IndicatorParams;
}

export const isIndicatorKind = (value: unknown): value is IndicatorKind =>
  typeof value === 'string' && (INDICATOR_KINDS as readonly string[]).includes(value);

/** The defaults of a kind's parameters. */
export function defaultParams(kind: IndicatorKind): IndicatorParams {
  return Object.fromEntries(INDICATORS[kind].params.map((p) => [p.name, p.default]));
}

/** A parameter's value, or its default when missing. */
export const paramOf = (choice: IndicatorChoice, name: ParamName): number =>
  choice.params[name] ?? INDICATORS[choice.kind].params.find((p) => p.name === name)?.default ?? 0;

/** "RSI 14", "BB 20 2", "MACD 12 26 9": the short label of the legend and the sheet. */
export function choiceLabel(choice: IndicatorChoice): string {
  const spec = INDICATORS[choice.kind];
  return [spec.abbr, ...spec.params.map((p) => String(paramOf(choice, p.name)))].join(' ');
}

/** Why a typed parameter is refused: a text key of chart_tools and its values. */
export interface ParamError {
  key: 'chart_tools.invalid_whole' | 'chart_tools.invalid_decimal' | 'chart_tools.macd_order';
  values?: Record<string, number>;
}

const WHOLE = /^\d{1,4}$/;
const ONE_DECIMAL = /^\d{1,2}(\.\d?)?$/;

/**
 * A value the trader typed: plain digits (a point and one digit where the parameter has a
 * decimal), within the range. No sign, exponent, hex, comma or spaces inside.
 */
export function parseParam(spec: ParamSpec, text: string): { value: number } | { error: ParamError } {
  const trimmed = text.trim();
  const shape = spec.decimals === 0 ? WHOLE : ONE_DECIMAL;
  const value = shape.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isFinite(value) || value < spec.min || value > spec.max) {
    return {
      error: {
        key: spec.decimals === 0 ? 'chart_tools.invalid_whole' : 'chart_tools.invalid_decimal',
        values: { min: spec.min, max: spec.max },
      },
    };
  }
  return { value };
}

/** A stored value the same rules would accept (a number, not text). */
export function isParamValue(spec: ParamSpec, value: unknown): value is number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  if (value < spec.min || value > spec.max) return false;
  const scaled = value * 10 ** spec.decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-9;
}

/** What the parameters break together (MACD's fast average must be the shorter one). */
export function crossCheck(kind: IndicatorKind, params: IndicatorParams): ParamError | null {
  if (kind === 'macd' && (params.fast ?? 0) >= (params.slow ?? 0)) return { key: 'chart_tools.macd_order' };
  return null;
}
