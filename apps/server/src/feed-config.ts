import path from 'node:path';
import type { Server } from './app.js';
import type { ServerLog } from './core/index.js';
import type { FixSourceSlot } from '@pipwise/shared';
import type { ExecutionConfig } from './execution-config.js';
import {
  createReplayFeed,
  describeEndpoint,
  fixCredentials,
  parseFixUrl,
  type FeedAdapter,
  type FixEndpoint,
  type FixSource,
  type ReplaySource,
} from './modules/market/index.js';
import { fixMarketData } from './providers/fix-market-data.js';

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
 * replay moves the instruments of its files; the simulator keeps moving the others. A
 * running server takes FEED=fix from the provider slots it wrote (providers/); here FEED=fix
 * builds the same feed straight from the environment, for the tests and the benchmarks.
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
 * The slots the environment sets (docs/market-data.md "Connecting a provider"): FEED=fix
 * with FIX_MD_URL (and FIX_MD_BACKUP_URL) for market data, FIX_TRADE_URL for trading, each
 * with its credentials. They subscribe every instrument and are enabled.
 */
export function environmentSources(
  feed: FeedConfig,
  execution: Pick<ExecutionConfig, 'endpoint' | 'credentials'>,
): Map<FixSourceSlot, GivenSource> {
  const given = new Map<FixSourceSlot, GivenSource>();
  const add = (slot: FixSourceSlot, source: Omit<GivenSource, 'slot' | 'instruments' | 'enabled'>) =>
    given.set(slot, { slot, ...source, instruments: [], enabled: true });
  if (feed.feed === 'fix') {
    const credentials = feed.credentials ? { credentials: feed.credentials } : {};
    add('md_primary', { endpoint: feed.endpoint, ...credentials });
    if (feed.backup) add('md_backup', { endpoint: feed.backup, ...credentials });
  }
  if (execution.endpoint)
    add('trade', {
      endpoint: execution.endpoint,
      ...(execution.credentials ? { credentials: execution.credentials } : {}),
    });
  return given;
}

type GivenSource = Omit<FixSource, 'fromEnv' | 'updatedAt'>;

/** FEED=fix as the environment gives it, built as the stored slots are (providers/). */
function fixFeed(
  server: Server,
  config: Extract<FeedConfig, { feed: 'fix' }>,
  options: { scaled: boolean; tickMs: number; log: ServerLog; dataDir: string },
): FeedAdapter {
  // A running server, scaled or not, connects the stored slots (providers/); this path is one process's.
  if (options.scaled)
    throw new Error('FEED=fix from the environment alone is for one process: the server reads the slots');
  const given = environmentSources(config, {});
  const source = (slot: FixSourceSlot) => {
    const s = given.get(slot);
    return s ? { ...s, fromEnv: true, updatedAt: server.core.now() } : undefined;
  };
  const feed = fixMarketData(
    server.market,
    { primary: source('md_primary'), backup: source('md_backup') },
    { tickMs: options.tickMs, log: options.log, dataDir: options.dataDir, now: server.core.now },
  );
  if (!feed) throw new Error('FEED=fix: no market-data source');
  return feed;
}
