import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  adminDeleteFixSourceEndpoint,
  adminFeedStatusEndpoint,
  adminFixSourcesEndpoint,
  adminSaveFixSourceEndpoint,
  ResultCode,
  type AdminFeedStatus,
  type AdminFixSources,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentSources, loadFeedConfig } from '../src/feed-config.js';
import { loadExecutionConfig } from '../src/execution-config.js';
import { seedLpInstruments, startLpSimulator, type LpSimulator } from '../src/modules/market/index.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';
import { createTestApp, DIALECTS, fundedUser, type TestApp, waitFor } from './helper.js';

/**
 * The provider connections set in the back office (docs/market-data.md "Connecting a
 * provider"): every field refused as the FIX session would refuse it, the password never
 * sent back, and a saved slot applied at once against the shipped LP simulator — the board
 * priced by the provider, a disabled source pricing nothing, the simulator back when no
 * market-data slot is left, the trading session connected and removed.
 */
const EURUSD = 1;

describe.each(DIALECTS)('provider connections in the back office (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  let lp: LpSimulator;
  let dataDir: string;
  // Our CompIDs are this run's own: no sequence numbers of another run are resumed.
  const us = `PW${randomBytes(3).toString('hex')}`;
  const trader = `${us}-T`;
  const market = () => t.services.market.service;
  const call = (
    endpoint: Parameters<ReturnType<typeof adminClient>['call']>[0],
    body: unknown,
    token = admin.token,
  ) => adminClient(t.app).call(endpoint, body, { token });
  const primary = (change: Record<string, unknown> = {}) => ({
    slot: 'md_primary',
    host: '127.0.0.1',
    port: lp.port,
    sender_comp_id: us,
    target_comp_id: 'LP',
    instruments: [],
    enabled: 1,
    ...change,
  });
  const status = async () => (await call(adminFeedStatusEndpoint, {})).data as AdminFeedStatus;
  const sources = async () => (await call(adminFixSourcesEndpoint, {})).data as AdminFixSources;
  const fresh = () => market().isQuoteFresh(market().instrument(EURUSD)!);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-fix-sources-'));
    lp = await startLpSimulator({
      senderCompId: 'LP',
      targetCompId: us,
      tradeTargetCompId: trader,
      instruments: seedLpInstruments(),
      tickMs: 100,
      heartbeatSecs: 1,
      alwaysOpen: true,
      seed: 11,
    });
    t = await createTestApp(dialect, { config: { DATA_DIR: dataDir, SIM_TICK_MS: 100 } });
    admin = await createOperator(t.services, 'admin');
    market().start(t.services.providers.firstFeed() ?? t.services.market.feed);
    await t.services.providers.start();
  });
  afterAll(async () => {
    await t.services.providers.stop();
    await market().stop();
    await t.close();
    await lp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a host with a path', { host: 'lp.example.com/x' }, 'host', 'The host is a host name or an IP address'],
    [
      'a host with a port',
      { host: 'lp.example.com:9878' },
      'host',
      'The host is a host name or an IP address',
    ],
    ['a CompID with a space', { sender_comp_id: 'PIP WISE' }, 'sender_comp_id', 'A CompID is 1 to 32'],
    ['a CompID that walks a path', { target_comp_id: '../etc' }, 'target_comp_id', 'A CompID is 1 to 32'],
    ['the same CompID twice', { target_comp_id: us }, 'target_comp_id', 'must differ'],
    ['a username with a space', { username: 'a b', password: 'x' }, 'username', 'printable characters'],
    ['a username without a password', { username: 'desk' }, 'password', 'A username needs a password'],
    ['an unknown instrument', { instruments: ['NOPE'] }, 'instruments', 'There is no instrument NOPE'],
    ['an instrument twice', { instruments: ['EURUSD', 'eurusd'] }, 'instruments', 'EURUSD is listed twice'],
  ])('refuses %s, naming the field, and stores nothing', async (_what, change, field, msg) => {
    const before = await auditCount(t.services);
    const answer = await call(adminSaveFixSourceEndpoint, primary(change));
    expect(answer.code, answer.body).toBe(ResultCode.InvalidParams);
    expect(answer.msg).toContain(msg);
    expect(answer.data).toMatchObject({ field });
    expect((await sources()).sources).toEqual([]);
    expect(await auditCount(t.services)).toBe(before);
  });

  it.each([
    ['a port of 0', { port: 0 }],
    ['a port above 65535', { port: 65_536 }],
    ['a port in hex', { port: '0x1' }],
    ['a port as true', { port: true }],
    ['a port in a list', { port: [9878] }],
    ['an unknown slot', { slot: 'md_third' }],
    ['enabled as true', { enabled: true }],
    ['instruments as text', { instruments: 'EURUSD' }],
    ['a NUL byte', { host: 'lp\u0000.example.com' }],
  ])('refuses %s as invalid input', async (_what, change) => {
    const answer = await call(adminSaveFixSourceEndpoint, primary(change));
    expect(answer.code, answer.body).toBe(ResultCode.InvalidParams);
    expect(answer.status).toBeLessThan(500);
  });

  it('refuses a backup before its primary, and a trading session limited to instruments', async () => {
    const backup = await call(adminSaveFixSourceEndpoint, primary({ slot: 'md_backup' }));
    expect(backup).toMatchObject({
      code: ResultCode.BusinessRule,
      msg: 'Set the primary market-data source before its backup',
    });
    const trade = await call(adminSaveFixSourceEndpoint, primary({ slot: 'trade', instruments: ['EURUSD'] }));
    expect(trade.code).toBe(ResultCode.InvalidParams);
    expect(trade.msg).toContain('not limited to instruments');
  });

  it.each(['finance', 'support', 'content'] as const)('refuses a %s operator', async (role) => {
    const operator = await createOperator(t.services, role);
    expect((await call(adminFixSourcesEndpoint, {}, operator.token)).code).toBe(ResultCode.Forbidden);
    expect((await call(adminSaveFixSourceEndpoint, primary(), operator.token)).code).toBe(
      ResultCode.Forbidden,
    );
  });

  it('prices the board from a primary saved here, at once, and never sends its password back', async () => {
    await waitFor("the simulator's price", fresh); // its first step after the start
    expect((await status()).kind).toBe('simulator');
    const before = await auditCount(t.services);
    const saved = await call(
      adminSaveFixSourceEndpoint,
      primary({ username: 'desk', password: 'S3cret!pw' }),
    );
    expect(saved.code, saved.body).toBe(1);
    expect(saved.data).toMatchObject({
      slot: 'md_primary',
      username: 'desk',
      has_password: true,
      enabled: 1,
      from_env: false,
    });
    expect(saved.body).not.toContain('S3cret');
    expect(await auditCount(t.services)).toBe(before + 1);
    const audit = await t.services.core.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('fix_source.save');
    expect(`${audit.before_json}${audit.after_json}`).not.toContain('S3cret');

    await waitFor('the provider’s session live on the feeds page', async () => {
      const s = await status();
      return s.kind === 'fix' && s.sources[0]?.session === 'live';
    });
    await waitFor('EURUSD priced by the provider', fresh);
    expect((await sources()).sources.map((s) => s.slot)).toEqual(['md_primary']);
    expect(JSON.stringify(await sources())).not.toContain('S3cret');

    // Saving again without a password keeps the stored one.
    const again = await call(adminSaveFixSourceEndpoint, primary({ username: 'desk' }));
    expect(again.data).toMatchObject({ has_password: true });
  });

  it('limits a source to the instruments named, and follows a change of them', async () => {
    const saved = await call(adminSaveFixSourceEndpoint, primary({ instruments: ['eurusd'] }));
    expect(saved.data).toMatchObject({ instruments: ['EURUSD'] });
    await waitFor('a session subscribing EURUSD alone', async () => {
      const s = (await status()).sources[0];
      return s?.session === 'live' && s.instruments.map((i) => i.code).join() === 'EURUSD';
    });
    await waitFor('EURUSD priced again', fresh);
  });

  it('refuses a backup that is the primary’s own session, and removing the primary under a backup', async () => {
    const same = await call(adminSaveFixSourceEndpoint, primary({ slot: 'md_backup' }));
    expect(same.msg).toContain('another session than the primary');
    const backup = await call(adminSaveFixSourceEndpoint, primary({ slot: 'md_backup', port: 1 }));
    expect(backup.code, backup.body).toBe(1);
    const removed = await call(adminDeleteFixSourceEndpoint, { slot: 'md_primary' });
    expect(removed.msg).toBe('Remove the backup before the primary');
    expect((await call(adminDeleteFixSourceEndpoint, { slot: 'md_backup' })).code).toBe(1);
    expect((await call(adminDeleteFixSourceEndpoint, { slot: 'md_backup' })).msg).toBe(
      'Nothing is set in this slot',
    );
  });

  it('prices nothing while the only source is disabled — never the simulator’s invented prices', async () => {
    expect((await call(adminSaveFixSourceEndpoint, primary({ enabled: 0 }))).code).toBe(1);
    // The session logs out first (up to 2 s), then the feed that prices nothing takes over.
    await waitFor('no session on the feeds page', async () => (await status()).sources.length === 0);
    expect((await status()).kind).toBe('fix');
    expect(fresh()).toBe(false);
    await new Promise((r) => setTimeout(r, 500));
    expect(fresh()).toBe(false);
  });

  it('connects, shows and removes the trading session; A-book orders are refused without it', async () => {
    expect((await call(adminSaveFixSourceEndpoint, primary())).code).toBe(1);
    const trade = await call(
      adminSaveFixSourceEndpoint,
      primary({ slot: 'trade', port: lp.tradePort, sender_comp_id: trader }),
    );
    expect(trade.code, trade.body).toBe(1);
    await waitFor('the trading session live', async () => (await status()).trade?.session === 'live');
    expect((await status()).trade).toMatchObject({ waiting: 0, garbled: 0, last_error: null });
    await waitFor('EURUSD priced', fresh);

    await t.services.core.db
      .updateTable('instruments')
      .set({ execution_mode: 'a_book' })
      .where('id', '=', EURUSD)
      .execute();
    await market().reloadConfig();
    const { token } = await fundedUser(t.services, 10_000);
    const submit = () =>
      t.app
        .inject({
          method: 'POST',
          url: '/v1/api/forex/submit',
          headers: { lang: 'en', authorization: token },
          payload: { type: 1, cont: '0.10', forex_id: EURUSD, status: 1, multiple: 100 },
        })
        .then((res) => JSON.parse(res.body) as { code: number; msg: string });
    const fillsBefore = lp.fills.length;
    expect((await submit()).code).toBe(1);
    expect(lp.fills.length).toBe(fillsBefore + 1);

    expect((await call(adminDeleteFixSourceEndpoint, { slot: 'trade' })).code).toBe(1);
    await waitFor('no trading session', async () => (await status()).trade === null);
    expect((await submit()).msg).toContain('not connected right now');
    await t.services.core.db
      .updateTable('instruments')
      .set({ execution_mode: 'b_book' })
      .where('id', '=', EURUSD)
      .execute();
    await market().reloadConfig();
  });

  it('hands the board back to the simulator when no market-data slot is left', async () => {
    expect((await call(adminDeleteFixSourceEndpoint, { slot: 'md_primary' })).code).toBe(1);
    await waitFor('the simulator again', async () => (await status()).kind === 'simulator');
    await waitFor('EURUSD priced by the simulator', fresh);
  });

  it('writes the environment’s sources at start, and gives a slot it no longer names to the back office', async () => {
    const feed = loadFeedConfig({
      FEED: 'fix',
      FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=${us}&target=LP`,
    });
    const execution = loadExecutionConfig({
      FIX_TRADE_URL: `fix://127.0.0.1:${lp.tradePort}?sender=${trader}&target=LP`,
      FIX_TRADE_USERNAME: 'desk',
      FIX_TRADE_PASSWORD: 'pw-from-env',
    });
    await t.services.providers.writeEnvironment(environmentSources(feed, execution));
    const written = (await sources()).sources;
    expect(written.map((s) => [s.slot, s.from_env, s.has_password])).toEqual([
      ['md_primary', true, false],
      ['trade', true, true],
    ]);
    await t.services.providers.writeEnvironment(environmentSources(feed, {}));
    expect((await sources()).sources.map((s) => [s.slot, s.from_env])).toEqual([
      ['md_primary', true],
      ['trade', false],
    ]);
  });
});
