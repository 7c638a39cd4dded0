import path from 'node:path';
import type { Server } from './app.js';
import type { ServerLog } from './core/index.js';
import {
  createReplayFeed,
  describeEndpoint,
  FailoverFeed,
  FixFeed,
  fixCredentials,
  fixInstrumentsOf,
  parseFixUrl,
  type FeedAdapter,
  type FixEndpoint,
  type ReplaySource,
} from './modules/market/index.js';

/**
 * Where prices come from (`FEED`), the part of the configuration that picks the feed
 * (config.ts holds the rest; .env.example documents both): `simulator` (the default),
 * `replay` (recorded ticks, docs/market-data.md "Recorded history and replay") or `fix`.
 */
export const FEEDS = ['simulator', 'fix', 'replay'] as const;

export type FeedConfig =
  | { feed: 'simulator' }
  | { feed: 'replay'; sources: ReplaySource[]; speed: number; loop: boolean }
  | { feed: 'fix'; endpoint: FixEndpoint; backup?: FixEndpoint; credentials?: FixCredentials };

/** Username (553) and Password (554) sent at Logon. */
export type FixCredentials = { username: string; password: string };

/** With a backup source, an instrument not quoted for this long moves to the other source, ms. */
export const FAILOVER_STALE_MS = 5_000;

const SPEED = /^\d{1,5}(\.\d{1,6})?$/;
const MAX_SPEED = 10_000;
const INSTRUMENT = /^[A-Za-z0-9._-]{1,32}$/;
const BOOLEAN: Record<string, boolean> = { '': false, '0': false, false: false, '1': true, true: true };

/** Parses FEED and REPLAY_*; one error lists every bad key (as loadConfig does). */
export function loadFeedConfig(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const issues: string[] = [];
  const fail = (config: FeedConfig) => {
    if (issues.length === 0) return config;
    throw new Error(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  };
  const feed = env.FEED ?? '';
  if (feed === '' || feed === 'simulator') return { feed: 'simulator' };
  if (!(FEEDS as readonly string[]).includes(feed)) {
    issues.push(`FEED: must be one of ${FEEDS.join(', ')}; not ${JSON.stringify(feed.slice(0, 40))}`);
    return fail({ feed: 'simulator' });
  }
  if (feed === 'fix') {
    try {
      const endpoint = parseFixUrl(env.FIX_MD_URL ?? '');
      const credentials = fixCredentials(env, 'FIX_MD');
      const fix = { feed: 'fix' as const, endpoint, ...(credentials ? { credentials } : {}) };
      const backupUrl = env.FIX_MD_BACKUP_URL ?? '';
      if (backupUrl === '') return fix;
      const backup = parseFixUrl(backupUrl, 'FIX_MD_BACKUP_URL');
      if (describeEndpoint(backup) === describeEndpoint(endpoint))
        throw new Error('FIX_MD_BACKUP_URL: the backup must be another session than FIX_MD_URL');
      return { ...fix, backup };
    } catch (err) {
      issues.push(err instanceof Error ? err.message : String(err));
      return fail({ feed: 'simulator' });
    }
  }

  const files = (env.REPLAY_FILE ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (files.length === 0)
    issues.push('REPLAY_FILE: FEED=replay needs a tick file (several: comma-separated)');
  const instrument = env.REPLAY_INSTRUMENT ?? '';
  if (instrument !== '' && !INSTRUMENT.test(instrument))
    issues.push(`REPLAY_INSTRUMENT: not an instrument code: ${JSON.stringify(instrument.slice(0, 40))}`);
  if (instrument !== '' && files.length > 1)
    issues.push(
      'REPLAY_INSTRUMENT: names the instrument of one REPLAY_FILE; several files are named by their names',
    );
  const speedText = env.REPLAY_SPEED ?? '';
  const speed = speedText === '' ? 1 : SPEED.test(speedText) ? Number(speedText) : NaN;
  if (!(speed > 0 && speed <= MAX_SPEED))
    issues.push(
      `REPLAY_SPEED: a decimal above 0, at most ${MAX_SPEED} (1 is real time, 60 a minute per hour)`,
    );
  const loop = BOOLEAN[env.REPLAY_LOOP ?? ''];
  if (loop === undefined) issues.push('REPLAY_LOOP: 1 or 0 (true or false)');
  return fail({
    feed: 'replay',
    sources: files.map((f) => ({
      file: path.resolve(f),
      ...(instrument !== '' ? { instrument: instrument.toUpperCase() } : {}),
    })),
    speed,
    loop: loop ?? false,
  });
}

/**
 * The feed the configuration asks for instead of the simulator, loaded and checked (a bad
 * replay file stops the start-up with its bad lines); undefined for the simulator. The
 * replay moves the instruments of its files; the simulator keeps moving the others.
 */
export async function configuredFeed(
  server: Server,
  config: FeedConfig,
  options: { scaled: boolean; tickMs: number; log: ServerLog; dataDir: string },
): Promise<FeedAdapter | undefined> {
  if (config.feed === 'simulator') return undefined;
  if (config.feed === 'fix') return fixFeed(server, config, options);
  if (options.scaled)
    throw new Error('FEED=replay runs in the embedded shape (one process): unset REDIS_URL to replay');
  const { market } = server;
  const replay = await createReplayFeed({
    sources: config.sources,
    instrument: (code) => market.service.instrumentByCode(code),
    speed: config.speed,
    loop: config.loop,
    heartbeatMs: options.tickMs,
    others: market.feed,
    now: server.core.now,
    onEnd: () =>
      options.log.info('replay finished: the feed is silent, no price is live (REPLAY_LOOP=1 repeats)'),
  });
  options.log.info(
    { ticks: replay.ticks, instruments: replay.instruments, speed: config.speed, loop: config.loop },
    'replaying recorded ticks',
  );
  return replay.feed;
}

/**
 * FEED=fix: quotes from a liquidity provider's FIX 4.4 session (docs/market-data.md "FIX
 * market data"), its sequence numbers kept under DATA_DIR/fix; with FIX_MD_BACKUP_URL, from
 * two, each instrument from the primary while it is good and from the backup otherwise
 * ("Primary and backup"). The saved quotes seed the jump check, so a first price far from
 * the last known one is not taken on trust.
 */
function fixFeed(
  server: Server,
  config: Extract<FeedConfig, { feed: 'fix' }>,
  options: { scaled: boolean; tickMs: number; log: ServerLog; dataDir: string },
): FeedAdapter {
  if (options.scaled)
    throw new Error('FEED=fix runs in the embedded shape (one process) for now: unset REDIS_URL');
  const { market } = server;
  const instruments = market.service.listInstruments();
  const lastQuotes = new Map(
    instruments.flatMap((i) => {
      const q = market.service.liveQuote(i.id);
      return q ? [[i.id, { bid: q.bid, ask: q.ask }] as const] : [];
    }),
  );
  const overrides = new Map(
    instruments.flatMap((i) => (i.providerSymbol ? [[i.code, i.providerSymbol]] : [])),
  );
  const source = (endpoint: FixEndpoint, storeDir: string, onLinkDown: () => void) =>
    new FixFeed({
      endpoint,
      // With a backup, a source silent on an instrument for 5 s hands it over (not 30 s).
      ...(config.backup ? { staleAfterMs: FAILOVER_STALE_MS } : {}),
      instruments: fixInstrumentsOf(instruments, overrides),
      storeDir,
      heartbeatMs: options.tickMs,
      lastQuotes,
      ...config.credentials,
      now: server.core.now,
      log: options.log,
      onLinkDown,
    });
  const storeDir = path.join(options.dataDir, 'fix');
  options.log.info(
    {
      endpoint: describeEndpoint(config.endpoint),
      ...(config.backup ? { backup: describeEndpoint(config.backup) } : {}),
      instruments: instruments.length,
    },
    'FIX market data: connecting to the provider',
  );
  if (!config.backup) {
    const feed: FixFeed = source(config.endpoint, storeDir, () => market.service.feedLost(feed));
    return feed;
  }
  // One source's link down is not the feed's: prices are lost only when the other is down too.
  const lost = (other: () => FixFeed) => () => {
    if (other().status().session !== 'live') market.service.feedLost(feed);
  };
  const primary: FixFeed = source(
    config.endpoint,
    storeDir,
    lost(() => backup),
  );
  const backup: FixFeed = source(
    config.backup,
    path.join(storeDir, 'backup'),
    lost(() => primary),
  );
  const feed: FailoverFeed = new FailoverFeed({
    primary,
    backup,
    instruments,
    now: server.core.now,
    log: options.log,
  });
  return feed;
}
