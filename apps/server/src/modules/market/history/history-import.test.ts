import { points } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../../../test/helper.js';
import { prepareDatabase } from '../../../app.js';
import { silentLog } from '../../../core/index.js';
import type { Db } from '../../../core/db/database.js';
import { textLines } from './formats.js';
import { importHistory, type HistoryImportResult } from './history-import.js';

const NOW = Date.parse('2025-01-01T00:00:00Z');
/** Seeded instruments: EURUSD (5 digits) and GBPUSD. */
const EURUSD = 1;
const GBPUSD = 2;
const at = (iso: string) => Date.parse(iso);

/** 2 January 2024, 17:00–17:05 EST (22:00–22:05 UTC), with a gap at 17:02–17:03. */
const M1_FILE = [
  '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
  '20240102 170100;1.103500;1.103655;1.103300;1.103600;0',
  '20240102 170400;1.103600;1.103900;1.103500;1.103800;0',
  '20240102 170500;1.103800;1.103800;1.103100;1.103200;0',
].join('\n');

type CandleRecord = { instrument_id: number; period: string; time: number; open: number; close: number };

async function candlesOf(db: Db, instrumentId: number, period?: string): Promise<CandleRecord[]> {
  let query = db
    .selectFrom('candles')
    .select(['instrument_id', 'period', 'time', 'open', 'close'])
    .where('instrument_id', '=', instrumentId);
  if (period) query = query.where('period', '=', period);
  const rows = await query.orderBy('period').orderBy('time').execute();
  return rows.map((r) => ({ ...r, time: Number(r.time), open: Number(r.open), close: Number(r.close) }));
}

async function insertCandle(db: Db, instrumentId: number, period: string, iso: string, price: number) {
  const p = points(price);
  await db
    .insertInto('candles')
    .values({
      instrument_id: instrumentId,
      period,
      time: at(iso),
      open: p,
      high: p,
      low: p,
      close: p,
      volume: 1,
    })
    .execute();
}

function imported(result: HistoryImportResult) {
  if (result.status !== 'imported') throw new Error(`not imported: ${JSON.stringify(result)}`);
  return result;
}

describe.each(DIALECTS)('importing recorded history (%s)', (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.handle.db;
    await prepareDatabase(database.handle, { SIM_TICK_MS: 500 }, NOW, silentLog);
  });
  afterAll(() => database.drop());

  it('writes the candles of every period, rounded to the instrument’s digits', async () => {
    const result = imported(
      await importHistory(db, {
        instrument: 'eurusd',
        format: 'histdata-m1',
        lines: textLines(M1_FILE),
        now: NOW,
      }),
    );
    expect(result).toMatchObject({
      instrument: 'EURUSD',
      lines: 4,
      rows: 4,
      skipped: 0,
      from: at('2024-01-02T22:00:00Z'),
      to: at('2024-01-02T22:05:00Z'),
      perPeriod: {
        '1min': 4,
        '5min': 2,
        '15min': 1,
        '30min': 1,
        '60min': 1,
        '4hour': 1,
        '1day': 1,
        '1week': 1,
      },
      candles: 12,
      replaced: 0,
    });
    const minutes = await candlesOf(db, EURUSD, '1min');
    expect(minutes.map((c) => [new Date(c.time).toISOString(), c.open, c.close])).toEqual([
      ['2024-01-02T22:00:00.000Z', 110_340, 110_350],
      ['2024-01-02T22:01:00.000Z', 110_350, 110_360],
      ['2024-01-02T22:04:00.000Z', 110_360, 110_380],
      ['2024-01-02T22:05:00.000Z', 110_380, 110_320],
    ]);
    const [day] = await db
      .selectFrom('candles')
      .selectAll()
      .where('instrument_id', '=', EURUSD)
      .where('period', '=', '1day')
      .execute();
    expect({ ...day, time: Number(day!.time), high: Number(day!.high), low: Number(day!.low) }).toMatchObject(
      {
        time: at('2024-01-02T22:00:00Z'),
        high: 110_390,
        low: 110_310,
      },
    );
    // The 4hour candle from 17:00 New York, the week from Sunday 31 December 2023, 17:00.
    const longer = await db
      .selectFrom('candles')
      .select(['period', 'time', 'open', 'close', 'volume'])
      .where('instrument_id', '=', EURUSD)
      .where('period', 'in', ['4hour', '1week'])
      .orderBy('period')
      .execute();
    expect(
      longer.map((c) => [c.period, new Date(Number(c.time)).toISOString(), Number(c.open), Number(c.close)]),
    ).toEqual([
      ['1week', '2023-12-31T22:00:00.000Z', 110_340, 110_320],
      ['4hour', '2024-01-02T22:00:00.000Z', 110_340, 110_320],
    ]);
    // 1.103655 rounds half up to 1.10366; a 5min candle counts its 1-minute bars.
    const highs = await db
      .selectFrom('candles')
      .select(['period', 'high', 'volume'])
      .where('instrument_id', '=', EURUSD)
      .where('time', '=', at('2024-01-02T22:01:00Z'))
      .execute();
    expect(highs.map((c) => [c.period, Number(c.high), Number(c.volume)])).toEqual([['1min', 110_366, 1]]);
    const fiveMin = await candlesOf(db, EURUSD, '5min');
    expect(fiveMin.map((c) => [new Date(c.time).toISOString(), c.open, c.close])).toEqual([
      ['2024-01-02T22:00:00.000Z', 110_340, 110_380],
      ['2024-01-02T22:05:00.000Z', 110_380, 110_320],
    ]);
  });

  it('writes nothing when a single line is bad, even the last one', async () => {
    const before = await candlesOf(db, EURUSD);
    const result = await importHistory(db, {
      instrument: 'EURUSD',
      format: 'histdata-m1',
      lines: textLines(
        [
          '20240103 170000;1.103400;1.103600;1.103400;1.103500;0',
          '20240103 170100;1.103500;1.103600;1.103400;1.103500;0',
          '20240103 170200;1.103500;1.103400;1.103600;1.103500;0',
        ].join('\n'),
      ),
      now: NOW,
    });
    expect(result).toEqual({
      status: 'refused',
      lines: 3,
      badCount: 1,
      bad: [
        {
          line: 3,
          code: 'high_below_low',
          params: { high: '1.103400', low: '1.103600' },
          reason: 'high 1.103400 is below low 1.103600',
        },
      ],
    });
    expect(await candlesOf(db, EURUSD)).toEqual(before);
  });

  it('replaces what the imported range held, and nothing outside it or of another instrument', async () => {
    // Inside the range: an existing candle, and one in the file's gap (22:02).
    await insertCandle(db, GBPUSD, '1min', '2024-01-02T22:02:00Z', 131_000);
    await insertCandle(db, EURUSD, '1min', '2024-01-02T22:02:00Z', 120_000);
    // Outside: before and after, in the same period.
    await insertCandle(db, EURUSD, '1min', '2024-01-02T21:59:00Z', 120_001);
    await insertCandle(db, EURUSD, '1min', '2024-01-02T22:06:00Z', 120_002);
    // The file's range, again: the same candles, the gap's one gone, the outside ones kept.
    const result = imported(
      await importHistory(db, {
        instrument: 'EURUSD',
        format: 'histdata-m1',
        lines: textLines(M1_FILE),
        now: NOW,
      }),
    );
    // 12 of the first import and the gap's candle.
    expect(result.replaced).toBe(13);
    const minutes = await candlesOf(db, EURUSD, '1min');
    expect(minutes.map((c) => [new Date(c.time).toISOString(), c.open])).toEqual([
      ['2024-01-02T21:59:00.000Z', 120_001],
      ['2024-01-02T22:00:00.000Z', 110_340],
      ['2024-01-02T22:01:00.000Z', 110_350],
      ['2024-01-02T22:04:00.000Z', 110_360],
      ['2024-01-02T22:05:00.000Z', 110_380],
      ['2024-01-02T22:06:00.000Z', 120_002],
    ]);
    expect((await candlesOf(db, GBPUSD)).map((c) => c.time)).toEqual([at('2024-01-02T22:02:00Z')]);
  });

  it('builds candles from ticks, counting them as volume', async () => {
    const ticks = [
      'Gmt time,Ask,Bid,AskVolume,BidVolume',
      '03.01.2024 10:00:00.100,1.31260,1.31250,0.75,1.5',
      '03.01.2024 10:00:30.000,1.31280,1.31270,0.75,1.5',
      '03.01.2024 10:00:59.999,1.31240,1.31230,0.75,1.5',
      '03.01.2024 10:01:00.000,1.31250,1.31240,0.75,1.5',
    ];
    const result = imported(
      await importHistory(db, { instrument: 'GBPUSD', format: 'dukascopy-ticks', lines: ticks, now: NOW }),
    );
    expect(result).toMatchObject({ rows: 4, perPeriod: { '1min': 2, '1day': 1 } });
    const [first] = await db
      .selectFrom('candles')
      .selectAll()
      .where('instrument_id', '=', GBPUSD)
      .where('period', '=', '1min')
      .where('time', '=', at('2024-01-03T10:00:00Z'))
      .execute();
    expect([first!.open, first!.high, first!.low, first!.close, first!.volume].map(Number)).toEqual([
      131_250, 131_270, 131_230, 131_230, 3,
    ]);
  });

  it('names an instrument that does not exist, and writes nothing', async () => {
    for (const instrument of ['NOPE', "EURUSD' or 1=1", '']) {
      expect(
        await importHistory(db, { instrument, format: 'histdata-m1', lines: textLines(M1_FILE), now: NOW }),
      ).toEqual({ status: 'unknown_instrument', instrument });
    }
  });
});
