import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * The scaled shape's entry point on one machine: Debian's HAProxy, run as a child process
 * with a generated configuration (docs/deployment.md "Load balancer"). It health-checks
 * every instance on `GET /ready` and sends traffic only to the ready ones, passes
 * WebSockets through, and tells instances the client's address in `X-Forwarded-For` —
 * which they believe from the balancer's address only (`TRUST_PROXY`), so per-address
 * limits count real clients. `/metrics` is never served through it.
 */

export interface Backend {
  name: string;
  port: number;
  host?: string;
}

export interface BalancerOptions {
  /** Where clients connect. */
  port: number;
  /** The address it listens on (0.0.0.0: every interface). */
  host?: string;
  backends: Backend[];
  /** How often each instance's /ready is asked, ms; two answers in a row change its state. */
  checkMs?: number;
  /** The haproxy binary. */
  binary?: string;
}

export interface Balancer {
  port: number;
  /** The configuration it runs with (docs show the same one). */
  config: string;
  stop(): Promise<void>;
}

/** What a client gets when no instance is ready: the API's envelope, not HAProxy's page. */
const UNAVAILABLE = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 2',
  'Connection: close',
  '',
  JSON.stringify({ code: 503, msg: 'The service is briefly unavailable. Please try again.', data: null }),
  '',
].join('\r\n');

/** The HAProxy configuration of the scaled shape; the errorfile lives at `unavailableFile`. */
export function haproxyConfig(options: BalancerOptions, unavailableFile: string): string {
  const checkMs = options.checkMs ?? 1_000;
  const servers = options.backends.map((b) => `  server ${b.name} ${b.host ?? '127.0.0.1'}:${b.port} check`);
  return [
    'global',
    // Two descriptors per connection: fits the usual 20,000-descriptor limit of a shell.
    '  maxconn 8000',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 3s',
    '  timeout client 65s',
    '  timeout server 65s',
    '  timeout http-request 10s',
    // A live socket is quiet between pushes (the client pings every 5 s): keep it an hour.
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    // Only a request that never reached an instance is sent again, to another one: an
    // order an instance received is never repeated by the balancer.
    '  retries 2',
    '  retry-on conn-failure',
    '  option redispatch',
    `  errorfile 503 ${unavailableFile}`,
    '',
    'frontend pipwise',
    `  bind ${options.host ?? '0.0.0.0'}:${options.port}`,
    // Operators' metrics stay inside (scraped on each instance directly).
    '  http-request deny deny_status 404 if { path_beg /metrics }',
    // The client's address is what this balancer saw, never what the client claims.
    '  http-request del-header X-Forwarded-For',
    '  http-request del-header Forwarded',
    '  option forwardfor',
    '  default_backend instances',
    '',
    'backend instances',
    // Sockets live long: send each new connection to the instance with the fewest.
    '  balance leastconn',
    '  option httpchk GET /ready',
    '  http-check expect status 200',
    `  default-server inter ${checkMs} fastinter ${Math.max(100, Math.floor(checkMs / 2))} fall 2 rise 2`,
    ...servers,
    '',
  ].join('\n');
}

/** Starts HAProxy in the foreground as a child of this process; resolves once it listens. */
export async function startHaproxy(options: BalancerOptions): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-haproxy-'));
  const unavailableFile = path.join(dir, '503.http');
  fs.writeFileSync(unavailableFile, UNAVAILABLE);
  const config = haproxyConfig(options, unavailableFile);
  const configFile = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configFile, config);
  const binary = options.binary ?? process.env.HAPROXY_PATH ?? 'haproxy';
  // -db: stay in the foreground, so it lives and dies with this process.
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (err) =>
      reject(new Error(`cannot run ${binary}: ${err.message} (apt-get install haproxy)`)),
    ),
  );
  const host = options.host === undefined || options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  await Promise.race([
    listening(host, options.port),
    spawnError,
    exited.then(() => {
      throw new Error(`haproxy exited at start: ${stderr}`);
    }),
  ]);
  return {
    port: options.port,
    config,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the port accepts connections. */
async function listening(host: string, port: number): Promise<void> {
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
