import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHaproxy, type Backend } from './haproxy.js';

/**
 * `npm run start:cluster`: the scaled shape on one machine (docs/architecture.md "Scaled
 * shape", docs/deployment.md) — an engine instance and two API instances on the machine's
 * PostgreSQL and Redis, behind HAProxy on PORT (default 8080), which health-checks each
 * instance's /ready and passes the client's address. Instances listen on loopback only and
 * believe X-Forwarded-For from the balancer's address alone.
 *
 *   DATABASE_URL  postgres://postgres@127.0.0.1:5432/pipwise   (created if missing)
 *   REDIS_URL     redis://127.0.0.1:6379
 *   PORT          8080 (entry), instances on PORT+1 (engine), PORT+2 and PORT+3 (API)
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pipwise';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function ensureDatabase(): Promise<void> {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

const children: ChildProcess[] = [];

function instance(name: string, instancePort: number, role: string): void {
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(instancePort),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ROLE: role,
      INSTANCE_ID: name,
      // Reachable through the balancer only, which is the one proxy they believe.
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => console.log(`[cluster] ${name} exited (${signal ?? code})`));
  children.push(child);
}

/** Waits until something accepts connections on the port (the instance is up). */
async function listening(target: number): Promise<void> {
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(target, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main(): Promise<void> {
  await ensureDatabase();
  // The engine first: it migrates and seeds a new database before the others start.
  instance('engine', port + 1, 'engine');
  await listening(port + 1);
  instance('api-1', port + 2, 'all');
  instance('api-2', port + 3, 'all');
  // Every instance serves traders; the balancer sends them only to the ready ones.
  const backends: Backend[] = [
    { name: 'engine', port: port + 1 },
    { name: 'api-1', port: port + 2 },
    { name: 'api-2', port: port + 3 },
  ];
  const balancer = await startHaproxy({ port, backends });
  console.log(
    `[cluster] Pipwise is running at http://localhost:${port} (HAProxy → instances on ${port + 1}–${port + 3})`,
  );
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    void balancer.stop();
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
