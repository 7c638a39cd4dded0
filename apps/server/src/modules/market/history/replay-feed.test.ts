import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { points, type Points } from '@pipwise/shared';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimTick } from '../simulator.js';
import { ReplayFeed, ReplayTape } from './replay-feed.js';
import {
  instrumentOfFileName,
  loadReplayTape,
  ReplayFileError,
  type ReplayInstrument,
} from './replay-source.js';

const WALL = Date.parse('2026-03-04T15:00:00Z');
const FILE = Date.parse('2024-01-02T22:00:00Z');
const p = (n: number): Points => points(n);

interface Step {
  at: number;
  time: number;
  ticks: SimTick[];
}

/** A tape of EURUSD (1) ticks at the given file offsets (ms). */
function tape(...offsets: number[]): ReplayTape {
  const t = new ReplayTape();
  offsets.forEach((offset, i) => t.push(1, FILE + offset, p(110_000 + i), p(110_010 + i)));
  return t;
}

describe('ReplayFeed', () => {
  let steps: Step[];
  const record = (ticks: SimTick[], time: number) => steps.push({ at: Date.now(), time, ticks });
  /** The steps with ticks: [ms after `start`, their bids]. */
  const played = (start = WALL) =>
    steps.filter((s) => s.ticks.length > 0).map((s) => [s.time - start, s.ticks.map((t) => t.bid)]);

  beforeEach(() => {
    vi.useFakeTimers({ now: WALL });
    steps = [];
  });
  afterEach(() => vi.useRealTimers());

  it('plays the file in real time from now: each tick when its distance from the first has passed', () => {
    const feed = new ReplayFeed({ tape: tape(0, 1_200, 1_200, 4_000), speed: 1, heartbeatMs: 500 });
    feed.start(record);
    vi.advanceTimersByTime(5_000);
    // Ticks of one file instant go out together, stamped with the wall-clock time they are played at.
    expect(played()).toEqual([
      [0, [110_000]],
      [1_200, [110_001, 110_002]],
      [4_000, [110_003]],
    ]);
    feed.stop();
  });

  it('plays faster at REPLAY_SPEED: 60 plays an hour in a minute', () => {
    const feed = new ReplayFeed({ tape: tape(0, 60_000, 3_600_000), speed: 60, heartbeatMs: 500 });
    feed.start(record);
    vi.advanceTimersByTime(61_000);
    expect(played()).toEqual([
      [0, [110_000]],
      [1_000, [110_001]],
      [60_000, [110_002]],
    ]);
    feed.stop();
  });

  it('beats through the gaps of the file: never silent for longer than its heartbeat', () => {
    const feed = new ReplayFeed({ tape: tape(0, 30_000), speed: 1, heartbeatMs: 500 });
    feed.start(record);
    vi.advanceTimersByTime(29_999);
    expect(played()).toEqual([[0, [110_000]]]);
    const gaps = steps.slice(1).map((s, i) => s.at - steps[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(500);
    expect(steps.length).toBeGreaterThanOrEqual(60);
    // Every step's time moves forward with the wall clock.
    expect(steps.every((s, i) => i === 0 || s.time >= steps[i - 1]!.time)).toBe(true);
    expect(steps.every((s) => s.time <= s.at)).toBe(true);
    feed.stop();
  });

  it('falls silent at the end of the tape, or starts over with loop', () => {
    let ended = 0;
    const once = new ReplayFeed({ tape: tape(0, 1_000), speed: 1, heartbeatMs: 500, onEnd: () => ended++ });
    once.start(record);
    vi.advanceTimersByTime(1_000);
    expect(once.finished).toBe(true);
    expect(ended).toBe(1);
    const count = steps.length;
    vi.advanceTimersByTime(10_000);
    expect(steps.length).toBe(count);

    steps = [];
    const start = Date.now();
    const looping = new ReplayFeed({ tape: tape(0, 1_000), speed: 1, heartbeatMs: 500, loop: true });
    looping.start(record);
    vi.advanceTimersByTime(2_900);
    // After the end, a beat's pause, then the first tick again.
    expect(played(start)).toEqual([
      [0, [110_000]],
      [1_000, [110_001]],
      [1_500, [110_000]],
      [2_500, [110_001]],
    ]);
    expect(looping.finished).toBe(false);
    looping.stop();
  });

  it('stops cleanly: nothing more after stop()', () => {
    const feed = new ReplayFeed({ tape: tape(0, 1_000, 2_000), speed: 1, heartbeatMs: 500 });
    feed.start(record);
    feed.stop();
    const count = steps.length;
    vi.advanceTimersByTime(5_000);
    expect(steps.length).toBe(count);
  });

  it('gives a closed market no ticks, and the simulator moves every other instrument', () => {
    const others = {
      step: (): SimTick[] => [
        { id: 1, bid: p(1), ask: p(2) },
        { id: 2, bid: p(131_000), ask: p(131_014) },
      ],
      snapshot: (): SimTick[] => [
        { id: 1, bid: p(1), ask: p(2) },
        { id: 2, bid: p(131_000), ask: p(131_014) },
      ],
    };
    const closedUntil = WALL + 1_000;
    const feed = new ReplayFeed({
      tape: tape(0, 500, 1_500),
      speed: 1,
      heartbeatMs: 500,
      others,
      isOpen: (_id, ms) => ms >= closedUntil,
    });
    // Before the start, the tape's first prices stand for its instruments.
    expect(feed.snapshot()).toEqual([
      { id: 2, bid: 131_000, ask: 131_014 },
      { id: 1, bid: 110_000, ask: 110_010 },
    ]);
    feed.start(record);
    vi.advanceTimersByTime(2_000);
    expect(played().filter(([, bids]) => (bids as number[]).includes(110_002))).toEqual([[1_500, [110_002]]]);
    // The simulator's tick for the replayed instrument is dropped; the other's goes out.
    const simulated = steps.flatMap((s) => s.ticks).filter((t) => t.bid < 100_000 || t.id === 2);
    expect(simulated.length).toBeGreaterThan(0);
    expect(simulated.every((t) => t.id === 2)).toBe(true);
    expect(feed.snapshot().find((t) => t.id === 1)).toEqual({ id: 1, bid: 110_002, ask: 110_012 });
    feed.stop();
  });

  it('refuses an empty tape and a speed that is not positive', () => {
    expect(() => new ReplayFeed({ tape: new ReplayTape(), speed: 1, heartbeatMs: 500 })).toThrow(RangeError);
    expect(() => new ReplayFeed({ tape: tape(0), speed: 0, heartbeatMs: 500 })).toThrow(RangeError);
  });
});

describe('ReplayTape.merge', () => {
  it('interleaves several instruments in time order', () => {
    const a = new ReplayTape();
    a.push(1, 10, p(1), p(1));
    a.push(1, 30, p(3), p(3));
    const b = new ReplayTape();
    b.push(2, 10, p(2), p(2));
    b.push(2, 20, p(4), p(4));
    const m = ReplayTape.merge([a, b]);
    expect(m.times).toEqual([10, 10, 20, 30]);
    expect(m.ids).toEqual([1, 2, 2, 1]);
  });
});

describe('loading replay files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-replay-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const EURUSD: ReplayInstrument = { id: 1, code: 'EURUSD', precision: 5, session: 'forex' };
  const USDJPY: ReplayInstrument = { id: 3, code: 'USDJPY', precision: 3, session: 'forex' };
  const instrument = (code: string) => [EURUSD, USDJPY].find((i) => i.code === code);
  const write = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };

  it('reads the instrument from HistData and Dukascopy file names', () => {
    expect(instrumentOfFileName('/x/DAT_ASCII_EURUSD_T_202401.csv')).toBe('EURUSD');
    expect(instrumentOfFileName('usdjpy_Ticks_02.01.2024-02.01.2024.csv')).toBe('USDJPY');
    expect(instrumentOfFileName('ticks.csv')).toBeUndefined();
  });

  it('merges a HistData and a Dukascopy tick file, each checked with the import’s rules', async () => {
    const histdata = write('DAT_ASCII_EURUSD_T_202401.csv', [
      '20240102 170000100,1.103450,1.103550,0',
      '20240102 170001000,1.103460,1.103560,0',
    ]);
    const dukascopy = write('USDJPY_Ticks_02.01.2024-02.01.2024.csv', [
      'Gmt time,Ask,Bid,AskVolume,BidVolume',
      '02.01.2024 22:00:00.500,141.512,141.502,1,1',
    ]);
    const { tape: merged, instruments } = await loadReplayTape([{ file: histdata }, { file: dukascopy }], {
      instrument,
    });
    expect(instruments.map((i) => i.code)).toEqual(['EURUSD', 'USDJPY']);
    expect(merged.ids).toEqual([1, 3, 1]);
    expect(merged.bids).toEqual([110_345, 141_502, 110_346]);
    expect(merged.times[0]).toBe(Date.parse('2024-01-02T22:00:00.100Z'));
  });

  it('refuses a file with bad lines, naming them', async () => {
    const file = write('DAT_ASCII_EURUSD_T_202402.csv', [
      '20240102 170000100,1.103450,1.103550,0',
      '20240102 170001000,1.103600,1.103500,0',
    ]);
    await expect(loadReplayTape([{ file }], { instrument })).rejects.toThrow(
      /not a tick file to replay\n {2}line 2: bid 1.103600 is above ask 1.103500/,
    );
  });

  it('refuses an unnamed instrument, an unknown one and a missing file', async () => {
    const file = write('ticks.csv', ['20240102 170000100,1.103450,1.103550,0']);
    await expect(loadReplayTape([{ file }], { instrument })).rejects.toThrow(ReplayFileError);
    await expect(loadReplayTape([{ file, instrument: 'XXXYYY' }], { instrument })).rejects.toThrow(
      /no enabled instrument XXXYYY/,
    );
    expect((await loadReplayTape([{ file, instrument: 'eurusd' }], { instrument })).tape.length).toBe(1);
    await expect(
      loadReplayTape([{ file: path.join(dir, 'DAT_ASCII_EURUSD_T_none.csv') }], { instrument }),
    ).rejects.toThrow(/no such file/);
  });
});
