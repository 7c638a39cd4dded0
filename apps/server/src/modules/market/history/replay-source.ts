import fs from 'node:fs';
import path from 'node:path';
import type { MarketSession } from '@pipwise/shared';
import { isMarketOpen } from '../market-hours.js';
import { describeBadLines } from './bad-lines.js';
import { DUKASCOPY_TICK_HEADER } from './dukascopy.js';
import { historyParser, type HistoryFormat } from './formats.js';
import { fileLines } from './lines.js';
import { ReplayFeed, ReplayTape, type OtherInstruments } from './replay-feed.js';

/** A tick file to replay and, when its name does not say, the instrument it holds. */
export interface ReplaySource {
  file: string;
  instrument?: string;
}

/** What the replay needs to know of an instrument. */
export interface ReplayInstrument {
  id: number;
  code: string;
  precision: number;
  session: MarketSession;
}

/** A replay file that cannot be played: the server does not start with it. */
export class ReplayFileError extends Error {}

const NAMED_FILES = [
  /^DAT_ASCII_([A-Z0-9]{2,16})_T_/i, // HistData: DAT_ASCII_EURUSD_T_202401.csv
  /^([A-Z0-9]{2,16})_Ticks_/i, // Dukascopy: EURUSD_Ticks_02.01.2024-02.01.2024.csv
];

/** The instrument a HistData or Dukascopy tick file's own name gives, upper-case. */
export function instrumentOfFileName(file: string): string | undefined {
  const name = path.basename(file);
  for (const pattern of NAMED_FILES) {
    const code = pattern.exec(name)?.[1];
    if (code) return code.toUpperCase();
  }
  return undefined;
}

/** Dukascopy's tick export opens with its header; HistData's has none. */
function tickFormatOf(file: string): HistoryFormat {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(64);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    const text = head
      .subarray(0, n)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.startsWith(DUKASCOPY_TICK_HEADER) ? 'dukascopy-ticks' : 'histdata-tick';
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads and checks every file (HistData or Dukascopy ticks, told apart by Dukascopy's
 * header) with the import's rules; a single bad line refuses the replay with the file's
 * bad lines. Ticks of several files are merged in time order.
 */
export async function loadReplayTape(
  sources: readonly ReplaySource[],
  options: { instrument: (code: string) => ReplayInstrument | undefined; now?: number; maxJump?: number },
): Promise<{ tape: ReplayTape; instruments: ReplayInstrument[] }> {
  if (sources.length === 0) throw new ReplayFileError('no replay file given');
  const tapes: ReplayTape[] = [];
  const instruments: ReplayInstrument[] = [];
  for (const source of sources) {
    const code = source.instrument?.toUpperCase() ?? instrumentOfFileName(source.file);
    if (!code)
      throw new ReplayFileError(
        `${source.file}: which instrument? Set REPLAY_INSTRUMENT, or keep the file's HistData ` +
          `(DAT_ASCII_EURUSD_T_…) or Dukascopy (EURUSD_Ticks_…) name`,
      );
    const instrument = options.instrument(code);
    if (!instrument) throw new ReplayFileError(`${source.file}: no enabled instrument ${code}`);
    if (instruments.some((i) => i.id === instrument.id))
      throw new ReplayFileError(`${source.file}: ${code} is replayed from another file already`);
    if (!fs.existsSync(source.file)) throw new ReplayFileError(`${source.file}: no such file`);
    const read = historyParser(tickFormatOf(source.file), {
      precision: instrument.precision,
      now: options.now ?? Date.now(),
      ...(options.maxJump === undefined ? {} : { maxJump: options.maxJump }),
    });
    if (read.kind !== 'ticks') throw new Error('replay files are tick files');
    const tape = new ReplayTape();
    for await (const line of fileLines(source.file)) {
      const tick = read.parser.push(line);
      if (tick && read.parser.ok) tape.push(instrument.id, tick.time, tick.bid, tick.ask);
    }
    read.parser.end();
    if (!read.parser.ok) {
      const lines = describeBadLines(read.parser.bad, read.parser.badCount);
      throw new ReplayFileError(`${source.file}: not a tick file to replay\n${lines.join('\n')}`);
    }
    tapes.push(tape);
    instruments.push(instrument);
  }
  return { tape: ReplayTape.merge(tapes), instruments };
}

export interface CreateReplayFeedOptions {
  sources: readonly ReplaySource[];
  /** Instruments by code (the enabled ones: MarketService.instrumentByCode). */
  instrument: (code: string) => ReplayInstrument | undefined;
  speed: number;
  loop: boolean;
  heartbeatMs: number;
  others?: OtherInstruments;
  now?: () => number;
  onEnd?: () => void;
}

/** Loads the files and makes the feed that plays them (FEED=replay). */
export async function createReplayFeed(
  options: CreateReplayFeedOptions,
): Promise<{ feed: ReplayFeed; ticks: number; instruments: string[] }> {
  const now = options.now ?? Date.now;
  const { tape, instruments } = await loadReplayTape(options.sources, {
    instrument: options.instrument,
    now: now(),
  });
  const sessions = new Map(instruments.map((i) => [i.id, i.session]));
  const feed = new ReplayFeed({
    tape,
    speed: options.speed,
    heartbeatMs: options.heartbeatMs,
    loop: options.loop,
    now,
    isOpen: (id, ms) => isMarketOpen(sessions.get(id) ?? 'crypto', ms),
    ...(options.others ? { others: options.others } : {}),
    ...(options.onEnd ? { onEnd: options.onEnd } : {}),
  });
  return { feed, ticks: tape.length, instruments: instruments.map((i) => i.code) };
}
