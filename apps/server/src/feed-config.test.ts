import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helper.js';
import { silentLog } from './core/index.js';
import { configuredFeed, loadFeedConfig } from './feed-config.js';
import { ReplayFeed } from './modules/market/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-feed-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('FEED', () => {
  it('is the simulator by default', () => {
    expect(loadFeedConfig({})).toEqual({ feed: 'simulator' });
    expect(loadFeedConfig({ FEED: 'simulator', REPLAY_SPEED: 'ignored' })).toEqual({ feed: 'simulator' });
  });

  it('stops the start on an unknown feed, and on fix without a well-formed FIX_MD_URL', () => {
    expect(() => loadFeedConfig({ FEED: 'csv' })).toThrow(
      'Invalid configuration:\n  FEED: must be one of simulator, fix, replay; not "csv"',
    );
    expect(() => loadFeedConfig({ FEED: 'Replay' })).toThrow(/FEED: must be one of/);
    expect(() => loadFeedConfig({ FEED: 'fix' })).toThrow(/Invalid configuration:\n {2}FIX_MD_URL/);
    expect(() =>
      loadFeedConfig({ FEED: 'fix', FIX_MD_URL: 'http://127.0.0.1:9878?sender=A&target=B' }),
    ).toThrow(/FIX_MD_URL/);
    expect(
      loadFeedConfig({ FEED: 'fix', FIX_MD_URL: 'fix://127.0.0.1:9878?sender=PIPWISE&target=LP' }),
    ).toEqual({ feed: 'fix', endpoint: { host: '127.0.0.1', port: 9878, sender: 'PIPWISE', target: 'LP' } });
  });

  it('takes a backup source that is another session, named in its own errors', () => {
    const primary = 'fix://127.0.0.1:9878?sender=PIPWISE&target=LP';
    expect(
      loadFeedConfig({
        FEED: 'fix',
        FIX_MD_URL: primary,
        FIX_MD_BACKUP_URL: 'fix://lp2.example:9000?sender=PW&target=B',
      }),
    ).toMatchObject({ backup: { host: 'lp2.example', port: 9000, sender: 'PW', target: 'B' } });
    expect(() =>
      loadFeedConfig({ FEED: 'fix', FIX_MD_URL: primary, FIX_MD_BACKUP_URL: 'fix://x:0' }),
    ).toThrow(/FIX_MD_BACKUP_URL needs a port/);
    expect(() => loadFeedConfig({ FEED: 'fix', FIX_MD_URL: primary, FIX_MD_BACKUP_URL: primary })).toThrow(
      /must be another session/,
    );
  });

  it('replays files at a speed, each file named for its instrument or by REPLAY_INSTRUMENT', () => {
    expect(
      loadFeedConfig({
        FEED: 'replay',
        REPLAY_FILE: 'ticks.csv',
        REPLAY_INSTRUMENT: 'eurusd',
        REPLAY_SPEED: '60',
      }),
    ).toEqual({
      feed: 'replay',
      sources: [{ file: path.resolve('ticks.csv'), instrument: 'EURUSD' }],
      speed: 60,
      loop: false,
    });
    expect(
      loadFeedConfig({ FEED: 'replay', REPLAY_FILE: 'a.csv, b.csv', REPLAY_SPEED: '0.5', REPLAY_LOOP: '1' }),
    ).toEqual({
      feed: 'replay',
      sources: [{ file: path.resolve('a.csv') }, { file: path.resolve('b.csv') }],
      speed: 0.5,
      loop: true,
    });
  });

  it('lists every bad replay setting at once', () => {
    expect(() =>
      loadFeedConfig({
        FEED: 'replay',
        REPLAY_INSTRUMENT: 'EUR USD',
        REPLAY_SPEED: '1e3',
        REPLAY_LOOP: 'yes',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        '  REPLAY_FILE: FEED=replay needs a tick file (several: comma-separated)',
        '  REPLAY_INSTRUMENT: not an instrument code: "EUR USD"',
        '  REPLAY_SPEED: a decimal above 0, at most 10000 (1 is real time, 60 a minute per hour)',
        '  REPLAY_LOOP: 1 or 0 (true or false)',
      ].join('\n'),
    );
    for (const speed of ['0', '-1', '20000', 'fast', '0x10'])
      expect(() => loadFeedConfig({ FEED: 'replay', REPLAY_FILE: 'a.csv', REPLAY_SPEED: speed })).toThrow(
        /REPLAY_SPEED/,
      );
    expect(() =>
      loadFeedConfig({ FEED: 'replay', REPLAY_FILE: 'a.csv,b.csv', REPLAY_INSTRUMENT: 'EURUSD' }),
    ).toThrow(/REPLAY_INSTRUMENT: names the instrument of one REPLAY_FILE/);
  });
});

describe('FEED=replay in the embedded server', () => {
  it('moves the replayed instrument’s quote and its candles, the others by the simulator', async () => {
    const file = path.join(dir, 'DAT_ASCII_EURUSD_T_202401.csv');
    const bids = ['1.103450', '1.103460', '1.103470', '1.103480', '1.103490'];
    fs.writeFileSync(
      file,
      bids.map((bid, i) => `20240102 17000${i}000,${bid},${(Number(bid) + 0.0001).toFixed(6)},0`).join('\n'),
    );
    const t = await createTestApp('sqlite');
    try {
      // Looping: the 40 ms tape plays several times while the simulator steps every 50 ms.
      const config = loadFeedConfig({
        FEED: 'replay',
        REPLAY_FILE: file,
        REPLAY_SPEED: '100',
        REPLAY_LOOP: '1',
      });
      const feed = await configuredFeed(t.services, config, {
        scaled: false,
        tickMs: 50,
        log: silentLog,
        dataDir: '',
      });
      expect(feed).toBeInstanceOf(ReplayFeed);
      const market = t.services.market.service;
      const quotes: number[] = [];
      let othersMoved = 0;
      market.events.on('quotes', (ids) => {
        if (ids.includes(1)) quotes.push(market.liveQuote(1)!.bid);
        if (ids.includes(2)) othersMoved++;
      });
      market.switchFeed(feed!);
      await new Promise((resolve) => setTimeout(resolve, 300));
      market.switchFeed(t.services.market.feed);
      t.services.market.feed.stop();
      // Every tick of the file, 10 ms apart at 100×; GBPUSD moved by the simulator meanwhile.
      const played = quotes.filter((bid, i) => bid !== quotes[i - 1]);
      expect(played.slice(0, 6)).toEqual([110_345, 110_346, 110_347, 110_348, 110_349, 110_345]);
      expect(othersMoved).toBeGreaterThan(0);
      expect(market.isFeedLive()).toBe(true);
      const [candle] = await t.services.candles.kline(1, '1min', 1);
      expect(candle?.Close).toBe(played.at(-1)! / 100_000);
    } finally {
      await t.close();
    }
  });

  it('is refused in the scaled shape', async () => {
    const t = await createTestApp('sqlite');
    try {
      const config = loadFeedConfig({ FEED: 'replay', REPLAY_FILE: 'DAT_ASCII_EURUSD_T_x.csv' });
      await expect(
        configuredFeed(t.services, config, { scaled: true, tickMs: 500, log: silentLog, dataDir: '' }),
      ).rejects.toThrow(/FEED=replay runs in the embedded shape/);
    } finally {
      await t.close();
    }
  });
});
