import { fork, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Quote fan-out (many sockets on the board at 50 ticks/s: deliveries/s and tick-to-client
 * latency) and idle capacity (memory per logged-in idle socket), each beside a bare `ws`
 * server doing the same with one serialisation per tick. Servers and the socket swarm run
 * in processes of their own (bench/socket-servers.ts, bench/socket-swarm.ts).
 */

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const TSX = ['--import', 'tsx', '--conditions=source'];

interface Started {
  child: ChildProcess;
  port: number;
  tokens: string[];
  ask<T>(message: object, key: string): Promise<T>;
}

async function startServer(mode: 'pipwise' | 'raw' | 'fastify-ws'): Promise<Started> {
  const child = fork(here('./socket-servers.ts'), [mode], {
    execArgv: [...TSX, '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const first = await new Promise<{ port: number; tokens: string[] }>((resolve) =>
    child.once('message', resolve as (m: unknown) => void),
  );
  return {
    child,
    ...first,
    ask<T>(message: object, key: string) {
      return new Promise<T>((resolve) => {
        const listener = (m: Record<string, unknown>) => {
          if (key in m) {
            child.off('message', listener);
            resolve(m[key] as T);
          }
        };
        child.on('message', listener);
        child.send(message);
      });
    },
  };
}

interface SwarmResult {
  connected: number;
  refused: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs the swarm; with `hold`, resolves once it reported and keeps its sockets until `release`. */
function swarm(job: object, hold = false): Promise<{ result: SwarmResult; release: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [...TSX, here('./socket-swarm.ts'), JSON.stringify({ ...job, hold })],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        child.stdout.removeAllListeners('data');
        resolve({
          result: JSON.parse(line) as SwarmResult,
          release: async () => {
            child.stdin.end();
            await exited;
          },
        });
      }
    });
  });
}

async function stop(server: Started): Promise<void> {
  server.child.send({ stop: true });
  await new Promise((resolve) => server.child.once('exit', resolve));
}

/** Fan-out at `clients` sockets, 50 ticks/s, for both servers. */
export async function benchFanout(clients: number, seconds = Number(process.env.BENCH_SECONDS ?? 8)) {
  const results: Record<'pipwise' | 'raw', SwarmResult> = {} as never;
  for (const mode of ['pipwise', 'raw'] as const) {
    const server = await startServer(mode);
    server.child.send({ tick: 50 });
    const hello = mode === 'pipwise' ? [{ type: 'sub', topic: 'DAY_MARKET' }] : [];
    const url = `ws://127.0.0.1:${server.port}${mode === 'pipwise' ? '/v1/ws?lang=en' : '/'}`;
    const { result, release } = await swarm({ url, clients, hello, seconds });
    await release();
    await stop(server);
    results[mode] = result;
  }
  return results;
}

/** Memory per logged-in idle socket at `clients` sockets, for both servers. */
export async function benchIdle(clients: number) {
  const results = {} as Record<
    'pipwise' | 'raw' | 'fastify-ws',
    { perSocketKiB: number; connected: number; refused: number }
  >;
  for (const mode of ['pipwise', 'fastify-ws', 'raw'] as const) {
    const server = await startServer(mode);
    const before = await server.ask<number>({ rss: true }, 'rss');
    const hello =
      mode === 'pipwise'
        ? [
            { type: 'login', token: server.tokens[0] },
            { type: 'sub', topic: 'DAY_MARKET' },
          ]
        : [];
    const url = `ws://127.0.0.1:${server.port}${mode === 'raw' ? '/' : '/v1/ws?lang=en'}`;
    const { result, release } = await swarm({ url, clients, hello, seconds: 1 }, true);
    const after = await server.ask<number>({ rss: true }, 'rss');
    await release();
    await stop(server);
    results[mode] = {
      perSocketKiB: (after - before) / 1024 / Math.max(1, result.connected),
      connected: result.connected,
      refused: result.refused,
    };
  }
  return results;
}
