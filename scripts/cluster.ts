import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run start:cluster`: the scaled shape on one machine (docs/architecture.md "Scaled
 * shape") — an engine instance and two API instances on the machine's PostgreSQL and
 * Redis, behind a small round-robin entry point on PORT (default 8080) that passes each
 * TCP connection (HTTP and the live socket alike) to the next API instance.
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
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => console.log(`[cluster] ${name} exited (${signal ?? code})`));
  children.push(child);
}

/** Round robin over the API instances, one TCP connection at a time. */
function entryPoint(backends: number[]): net.Server {
  let next = 0;
  return net.createServer((client) => {
    const backendPort = backends[next++ % backends.length]!;
    const upstream = net.connect(backendPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
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
  entryPoint([port + 2, port + 3]).listen(port, () =>
    console.log(
      `[cluster] http://localhost:${port} → API instances on ${port + 2} and ${port + 3}; engine on ${port + 1}`,
    ),
  );
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
