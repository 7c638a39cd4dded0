import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/create-db.js';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Redis } from 'ioredis';
import { joinCluster, type Cluster } from './cluster/cluster.js';
import { createServices, startServices, stopServices } from './services.js';

/**
 * `npm start`: migrate, seed on first start, start the market feed, and serve the web app,
 * the API and the live socket on one port. Ctrl-C stops taking requests, saves the market
 * state and closes the database before exiting, so nothing is left half-written.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = config.WEB_DIST || path.resolve(here, '../../web/dist');
  // The back office, built beside the web app (npm run build), served under /admin.
  const adminDist = path.resolve(here, '../../admin/dist');

  // In a terminal the log reads like a person's (pino-pretty); piped or in a container, JSON.
  const log = pino({
    level: config.LOG_LEVEL,
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
  const handle = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const services = await createServices(handle, config, { log });
  const scaled = config.REDIS_URL !== '' && handle.dialect === 'postgres';
  const rateLimitRedis = scaled ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  const app = await buildApp(services, {
    ...(rateLimitRedis ? { rateLimitRedis } : {}),
    logger: log,
    webDist,
    adminDist,
    trustProxy: config.TRUST_PROXY,
    allowedOrigins: config.ALLOWED_ORIGINS,
  });
  app.log.info({ database: handle.describe }, 'database ready');

  // Redis and PostgreSQL: the scaled shape; otherwise one process does everything.
  let cluster: Cluster | undefined;
  if (scaled) {
    const instanceId =
      config.INSTANCE_ID || `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    cluster = await joinCluster(services, {
      redisUrl: config.REDIS_URL,
      databaseUrl: config.DATABASE_URL,
      instanceId,
      role: config.ROLE,
      electionRetryMs: config.ENGINE_RETRY_MS,
    });
    app.log.info({ instanceId, role: config.ROLE }, 'joined the cluster');
  } else {
    if (config.REDIS_URL) app.log.info('REDIS_URL needs a postgres DATABASE_URL: running embedded');
    startServices(services);
  }
  await app.listen({ host: config.HOST, port: config.PORT });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await cluster?.stop();
      rateLimitRedis?.disconnect();
      await stopServices(services);
      await handle.db.destroy();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
