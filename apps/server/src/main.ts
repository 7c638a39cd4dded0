import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino, type Logger } from 'pino';
import { buildApp, createServer, startServer, stopServer } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDatabase } from './core/db/create-db.js';
import { loadExecutionConfig } from './execution-config.js';
import { configuredFeed, environmentSources, loadFeedConfig } from './feed-config.js';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Redis } from 'ioredis';
import { joinCluster, type Cluster } from './cluster/cluster.js';
import { holdStartupLines, type StartupLog } from './ops/index.js';

/** The address a person opens: `localhost` for a server listening on every interface. */
function displayUrl(host: string, port: number): string {
  const name = ['', '0.0.0.0', '::', '127.0.0.1', '::1'].includes(host) ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/**
 * `npm start` (scripts/start.mjs imports this file once the build is current): migrate,
 * seed on first start, start the market feed, and serve the web app, the API and the live
 * socket on one port. The log opens with the address and this process's pid; `kill <pid>`
 * or Ctrl-C stops taking requests, saves the market state and closes the database before
 * exiting, so nothing is left half-written.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = config.WEB_DIST || path.resolve(here, '../../web/dist');
  // The back office, built beside the web app (npm run build), served under /admin.
  const adminDist = config.ADMIN_DIST || path.resolve(here, '../../admin/dist');

  // What is said at info while starting waits for the address line (ops/startup-log.ts).
  const startup = holdStartupLines();
  // In a terminal the log reads like a person's (pino-pretty); piped or in a container, JSON.
  const log = pino({
    level: config.LOG_LEVEL,
    hooks: { logMethod: startup.logMethod },
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
  let stop: ((signal: NodeJS.Signals) => Promise<void>) | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stop) return void stop(signal);
    // Stopped before it listens: say what was held (a generated password is shown only once).
    startup.release();
    log.info({ signal }, 'stopped while starting');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    stop = await serve(config, log, startup, { webDist, adminDist });
  } catch (err) {
    startup.release();
    throw err;
  }
}

/** Starts everything and listens; returns how to stop cleanly. */
async function serve(
  config: Config,
  log: Logger,
  startup: StartupLog,
  dists: { webDist: string; adminDist: string },
): Promise<(signal: NodeJS.Signals) => Promise<void>> {
  // FEED and REPLAY_*: an unknown feed or a bad replay setting stops the start here.
  const feedConfig = loadFeedConfig();
  const executionConfig = loadExecutionConfig();
  const handle = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const server = await createServer(handle, config, { log });
  const scaled = config.REDIS_URL !== '' && handle.dialect === 'postgres';
  // FIX_*_URL: written to the provider slots the back office shows (and edits until the next
  // start); scaled, every instance writes the same and the engine's instance connects them.
  await server.providers.writeEnvironment(environmentSources(feedConfig, executionConfig));
  server.providers.setOrderTimeout(executionConfig.timeoutMs);
  // FEED=replay: checked before anything listens (a bad file stops the start).
  const replay =
    feedConfig.feed === 'replay'
      ? await configuredFeed(server, feedConfig, {
          scaled,
          tickMs: config.SIM_TICK_MS,
          log,
          dataDir: config.DATA_DIR,
        })
      : undefined;
  if (replay) server.providers.replayPricesTheBoard();
  const rateLimitRedis = scaled ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  // Redis away: each failed reconnect is a log line, not a raw stack on stderr (the limiter
  // skips its count meanwhile: `skipOnError` in app.ts).
  rateLimitRedis?.on('error', (err: Error) =>
    log.warn({ err: err.message }, 'rate-limit redis connection error'),
  );
  // Redis and PostgreSQL: the scaled shape; otherwise one process does everything.
  let cluster: Cluster | undefined;
  const app = await buildApp(server, {
    ...(rateLimitRedis ? { rateLimitRedis } : {}),
    logger: log,
    webDist: dists.webDist,
    adminDist: dists.adminDist,
    trustProxy: config.TRUST_PROXY,
    allowedOrigins: config.ALLOWED_ORIGINS,
    passkeyRpId: config.PASSKEY_RP_ID,
    // /ready checks Redis once the cluster is joined; /metrics reads the engine lease.
    ops: { metricsToken: config.METRICS_TOKEN, ...(scaled ? { cluster: () => cluster } : {}) },
  });
  log.info({ database: handle.describe }, 'database ready');

  if (scaled) {
    const instanceId =
      config.INSTANCE_ID || `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    cluster = await joinCluster(server, {
      redisUrl: config.REDIS_URL,
      databaseUrl: config.DATABASE_URL,
      instanceId,
      role: config.ROLE,
      electionRetryMs: config.ENGINE_RETRY_MS,
    });
    log.info({ instanceId, role: config.ROLE }, 'joined the cluster');
  } else {
    if (config.REDIS_URL) log.info('REDIS_URL needs a postgres DATABASE_URL: running embedded');
    startServer(server);
    if (replay) server.market.service.switchFeed(replay);
  }
  await app.listen({ host: config.HOST, port: config.PORT });

  // The first lines a person reads: where to go, and which process to stop.
  const url = displayUrl(config.HOST, (app.server.address() as AddressInfo).port);
  startup.release(() => {
    log.info(`Pipwise is running at ${url} (pid ${process.pid})`);
    if (fs.existsSync(path.join(dists.adminDist, 'index.html')))
      log.info(`back office: ${url}/admin (operators log in there)`);
    else log.info('back office: not built (npm start builds it; or npm run build -w apps/admin)');
  });

  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await cluster?.stop();
      rateLimitRedis?.disconnect();
      await stopServer(server);
      await handle.db.destroy();
      app.log.info('stopped: requests drained, quotes saved, database closed');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
