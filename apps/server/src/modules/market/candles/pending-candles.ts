import type { Period } from '@pipwise/shared';
import type { CandlePoints } from './candle-builder.js';
import type { CandleRow } from './candle.repository.js';

interface Series {
  instrumentId: number;
  period: Period;
  byTime: Map<number, CandlePoints>;
}

/**
 * Candles waiting to be written, one per (instrument, period, time): a newer version of
 * a candle replaces the older one, so a batch never holds a key twice. Entries stay until
 * their write has committed, so `kline` sees them meanwhile.
 */
export class PendingCandles {
  private readonly series = new Map<string, Series>();

  put(instrumentId: number, period: Period, candle: CandlePoints): void {
    const key = `${instrumentId}|${period}`;
    let s = this.series.get(key);
    if (!s) {
      s = { instrumentId, period, byTime: new Map() };
      this.series.set(key, s);
    }
    s.byTime.set(candle.time, candle);
  }

  /** The pending candles of one series (unordered). */
  of(instrumentId: number, period: Period): Iterable<CandlePoints> {
    return this.series.get(`${instrumentId}|${period}`)?.byTime.values() ?? [];
  }

  /**
   * Everything pending as rows, and a `done` that forgets exactly those versions (a
   * candle updated while the write ran stays for the next one).
   */
  take(): { rows: CandleRow[]; done: () => void } {
    const rows: CandleRow[] = [];
    const taken: [Map<number, CandlePoints>, CandlePoints][] = [];
    for (const s of this.series.values()) {
      for (const c of s.byTime.values()) {
        rows.push({ instrument_id: s.instrumentId, period: s.period, ...c });
        taken.push([s.byTime, c]);
      }
    }
    const done = () => {
      for (const [byTime, c] of taken) if (byTime.get(c.time) === c) byTime.delete(c.time);
    };
    return { rows, done };
  }
}
