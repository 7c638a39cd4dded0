import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLog } from '../src/core/index.js';
import { configuredFeed, loadFeedConfig } from '../src/feed-config.js';
import {
  FixTradeClient,
  seedLpInstruments,
  startLpSimulator,
  type LpSimulator,
} from '../src/modules/market/index.js';
import type { DialectName } from '../src/core/db/create-db.js';
import { createTestApp, type TestApp, waitFor } from './helper.js';

/** The A-book tests' instrument: EUR/USD, whose point is 0.00001. */
export const EURUSD = 1;
export const POINT = 1e-5;

/** A server on FEED=fix with the LP simulator's prices and its order port (docs/execution.md). */
export interface ABookRig {
  t: TestApp;
  lp: LpSimulator;
  trade: FixTradeClient;
  dataDir: string;
}

export async function startABookRig(dialect: DialectName): Promise<ABookRig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-a-book-'));
  const lp = await startLpSimulator({
    senderCompId: 'LP',
    targetCompId: 'PIPWISE',
    tradeTargetCompId: 'PIPWISE-TRD',
    instruments: seedLpInstruments(),
    tickMs: 200,
    heartbeatSecs: 1,
    alwaysOpen: true,
    seed: 5,
  });
  const t = await createTestApp(dialect);
  const market = t.services.market.service;
  const feed = await configuredFeed(
    t.services,
    loadFeedConfig({ FEED: 'fix', FIX_MD_URL: `fix://127.0.0.1:${lp.port}?sender=PIPWISE&target=LP` }),
    { scaled: false, tickMs: 100, log: silentLog, dataDir },
  );
  market.switchFeed(feed!);
  const trade = new FixTradeClient({
    endpoint: { host: '127.0.0.1', port: lp.tradePort, sender: 'PIPWISE-TRD', target: 'LP' },
    storeDir: path.join(dataDir, 'fix', 'trade'),
    fixHeartbeatSecs: 1,
    backoff: { initialMs: 100, maxMs: 500 },
  });
  t.services.trading.aBook.useVenue(trade, { timeoutMs: 1_500 });
  trade.start();
  const eurusd = market.instrument(EURUSD)!;
  await waitFor(
    'fresh prices and a live trading session',
    () => market.isQuoteFresh(eurusd) && trade.isLive(),
  );
  return { t, lp, trade, dataDir };
}

export async function stopABookRig({ t, lp, trade, dataDir }: ABookRig): Promise<void> {
  t.services.trading.aBook.stop();
  await trade.close();
  await t.close();
  await lp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Each test starts from a provider that fills at once, in full, and EUR/USD on the A-book. */
export async function resetABookRig({ t, lp }: ABookRig): Promise<void> {
  lp.setExecution({ latencyMs: 20, slippagePoints: 0, fillRatio: 1, reject: false, withholdReports: false });
  await setInstrument(t, { execution_mode: 'a_book', markup_points: 4, max_slippage_points: 50 });
}

export async function setInstrument(
  t: TestApp,
  change: { execution_mode?: string; markup_points?: number; max_slippage_points?: number },
): Promise<void> {
  await t.services.core.db.updateTable('instruments').set(change).where('id', '=', EURUSD).execute();
  await t.services.market.service.reloadConfig();
}

/** A trader's call as the app makes it, with an optional Idempotency-Key. */
export function traderCall(
  t: TestApp,
  url: string,
  token: string,
  body: Record<string, unknown>,
  key?: string,
) {
  return t.app
    .inject({
      method: 'POST',
      url,
      headers: { lang: 'en', authorization: token, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    })
    .then((res) => JSON.parse(res.body) as { code: number; msg: string; data: any });
}

/** A market buy of 0.10 EUR/USD at 1:100 unless `body` says otherwise. */
export function submitOrder(t: TestApp, token: string, body: Record<string, unknown>, key?: string) {
  const order = { type: 1, cont: '0.10', forex_id: EURUSD, status: 1, multiple: 100, ...body };
  return traderCall(t, '/v1/api/forex/submit', token, order, key);
}

export function listExecutions(t: TestApp) {
  return t.services.core.db.selectFrom('executions').selectAll().orderBy('id').execute();
}

export function listOpenPositions(t: TestApp, userId: number) {
  return t.services.core.db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 1)
    .execute();
}
