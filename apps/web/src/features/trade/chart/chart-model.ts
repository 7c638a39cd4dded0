import { heikinAshi, heikinAshiBar, type Ohlc } from './heikin-ashi';
import { createCalc, type Bar, type IndicatorCalc } from './indicator-calc';
import type { IndicatorChoice } from './indicator-catalog';

/** A candle as the chart keeps it: its start time in UTC seconds, and its prices. */
export interface ChartCandle extends Bar {
  time: number;
}

/** What a push did: a new candle, the forming one moved, or nothing (older than the last). */
export type PushKind = 'add' | 'replace' | null;

/**
 * One indicator on the chart: its calculator, fed once per candle, and its values per
 * candle (null while it is not stable yet), index for index with the model's candles.
 */
export class IndicatorTrack {
  values: (number[] | null)[] = [];
  private calc: IndicatorCalc;

  constructor(
    readonly choice: IndicatorChoice,
    candles: readonly ChartCandle[],
  ) {
    this.calc = createCalc(choice);
    this.feed(candles);
  }

  /** New history: a fresh calculator fed every candle once. */
  reset(candles: readonly ChartCandle[]): void {
    this.calc = createCalc(this.choice);
    this.values = [];
    this.feed(candles);
  }

  private feed(candles: readonly ChartCandle[]): void {
    for (const candle of candles) this.values.push(this.calc.update(candle, false));
  }

  push(candle: ChartCandle, kind: 'add' | 'replace'): number[] | null {
    const value = this.calc.update(candle, kind === 'replace');
    if (kind === 'replace') this.values[this.values.length - 1] = value;
    else this.values.push(value);
    return value;
  }
}

/**
 * The chart's data, apart from its drawing (docs/chart.md "The incremental rule"): the
 * candles, their Heikin-Ashi bars and the indicators' values. The history is fed once when
 * it arrives; a push of the forming candle replaces the last candle and updates only the
 * last value of each, a new candle adds one. Nothing here recomputes the history per tick.
 */
export class ChartModel {
  candles: ChartCandle[] = [];
  heikinAshi: Ohlc[] = [];
  /** The indicators, in the trader's order. */
  tracks: IndicatorTrack[] = [];

  /** New history (another pair or period, a refetch): everything starts again from it. */
  reset(candles: readonly ChartCandle[]): void {
    this.candles = candles.slice();
    this.heikinAshi = heikinAshi(this.candles);
    for (const track of this.tracks) track.reset(this.candles);
  }

  /** The forming candle, live: replaces the last candle or adds one after it. */
  push(candle: ChartCandle): PushKind {
    const last = this.candles[this.candles.length - 1];
    const kind: PushKind =
      !last || candle.time > last.time ? 'add' : candle.time === last.time ? 'replace' : null;
    if (kind === null) return null;
    if (kind === 'replace') {
      this.candles[this.candles.length - 1] = candle;
      this.heikinAshi[this.heikinAshi.length - 1] = heikinAshiBar(
        candle,
        this.heikinAshi[this.heikinAshi.length - 2] ?? null,
      );
    } else {
      this.candles.push(candle);
      this.heikinAshi.push(heikinAshiBar(candle, this.heikinAshi[this.heikinAshi.length - 1] ?? null));
    }
    for (const track of this.tracks) track.push(candle, kind);
    return kind;
  }

  /**
   * The trader's indicators now: a track is kept while its choice is the same (same id and
   * parameters), computed from the history once when it is new or its parameters changed.
   */
  setIndicators(choices: readonly IndicatorChoice[]): void {
    const kept = new Map(this.tracks.map((track) => [track.choice.id, track]));
    this.tracks = choices.map((choice) => {
      const track = kept.get(choice.id);
      return track && sameChoice(track.choice, choice) ? track : new IndicatorTrack(choice, this.candles);
    });
  }

  /** The index of the candle at `time` (UTC seconds), or -1. */
  indexAt(time: number): number {
    let lo = 0;
    let hi = this.candles.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.candles[mid]!.time;
      if (at === time) return mid;
      if (at < time) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

export function sameChoice(a: IndicatorChoice, b: IndicatorChoice): boolean {
  if (a.id !== b.id || a.kind !== b.kind) return false;
  const keys = new Set([...Object.keys(a.params), ...Object.keys(b.params)]) as Set<
    keyof IndicatorChoice['params']
  >;
  for (const key of keys) if (a.params[key] !== b.params[key]) return false;
  return true;
}
