import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` as a person runs it (README "Quick start"; docs/architecture.md "Health,
 * readiness and metrics"): the launcher (scripts/start.mjs) builds only what changed, then
 * runs the server in its own process — the pid it prints is the one to stop — with the
 * address as the first line of the log. No browser: this journey is about the process.
 * After `npm run build` (as `npm run test:e2e` runs it) the first start takes the build as
 * it is; on a tree with changes it builds them first, which may take a minute or two.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BANNER = /^Pipwise is running at (http:\/\/\S+) \(pid (\d+)\)$/;
/** What the launcher says before the server starts. */
const LAUNCHER = /^(build up to date|building .+…|built .+ in \d+\.\d s)$/;
/** A clean stop drains requests, saves quotes and closes the database within this. */
const STOP_MS = 15_000;

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

interface Launched {
  child: ChildProcess;
  /** Every JSON line of stdout (the log is JSON when stdout is not a terminal). */
  lines: LogLine[];
  /** Everything printed, for failure messages. */
  output(): string;
  url: string;
  /** The pid the banner printed. */
  pid: number;
  /** From spawning to the banner. */
  startMs: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-start-'));
const running = new Set<ChildProcess>();

function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    SIM_TICK_MS: '250',
    METRICS_TOKEN: '',
    ADMIN_PASSWORD: '',
  };
  delete env.NODE_TEST_CONTEXT;
  return env;
}

/** Starts `command` in the repository and waits for the banner. */
async function launch(command: string, args: string[], timeoutMs: number): Promise<Launched> {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: environment(), stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let text = '';
  const lines: LogLine[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    partial += chunk.toString();
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) {
      // npm's own header ("> start") is not JSON.
      if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const deadline = started + timeoutMs;
  for (;;) {
    const banner = lines.map((l) => BANNER.exec(l.msg)).find(Boolean);
    if (banner) {
      return {
        child,
        lines,
        output: () => text,
        url: banner[1]!,
        pid: Number(banner[2]),
        startMs: Date.now() - started,
        exited,
      };
    }
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before starting:\n${text}`);
    if (Date.now() > deadline) throw new Error(`no "Pipwise is running at" within ${timeoutMs} ms:\n${text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server's address as this test reaches it (it listens on 127.0.0.1 only). */
const reach = (launched: Launched, pathname: string) =>
  fetch(launched.url.replace('//localhost:', '//127.0.0.1:') + pathname);

async function exitWithin<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not exit within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The parent of a process, from /proc (Linux). */
const parentOf = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

/** The lines between the launcher's and the end: what the server logged, in order. */
const serverLines = (launched: Launched) => launched.lines.filter((l) => !LAUNCHER.test(l.msg));

void describe('npm start', () => {
  after(() => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  void it('builds what it needs, opens its log with the address and its own pid, and stops cleanly on SIGTERM', async () => {
    const first = await launch(process.execPath, ['scripts/start.mjs'], 600_000);
    // The server runs in the launcher's process: the pid printed is the one to stop.
    assert.equal(first.pid, first.child.pid);
    // The lines after the banner may reach this process a moment after it: wait for them.
    const shownBy = Date.now() + 5_000;
    while (serverLines(first).length < 3 && Date.now() < shownBy) await new Promise((r) => setTimeout(r, 50));
    const [banner, backOffice, operator] = serverLines(first);
    assert.match(banner!.msg, BANNER, first.output());
    assert.match(backOffice!.msg, /^back office: http:\/\/localhost:\d+\/admin /);
    // A fresh data folder: the first operator was just created, and is said right after.
    assert.match(
      operator!.msg,
      /^back office: first operator admin@pipwise\.local created with the generated password /,
    );
    // Everything before the banner is the launcher's.
    const beforeBanner = first.lines.slice(0, first.lines.indexOf(banner!));
    assert.ok(beforeBanner.length > 0 && beforeBanner.every((l) => LAUNCHER.test(l.msg)), first.output());

    assert.equal((await reach(first, '/health')).status, 200);
    const api = await reach(first, '/v1/api/forex/getCategories');
    assert.equal(api.status, 200);
    // Ready once the simulator ticks; /metrics answers this scraper on the same host.
    for (let i = 0; (await reach(first, '/ready')).status !== 200; i++) {
      assert.ok(i < 100, 'not ready within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const metrics = await reach(first, '/metrics');
    assert.equal(metrics.status, 200);
    assert.match(
      await metrics.text(),
      /pipwise_http_request_duration_seconds_count\{method="GET",route="\/health"/,
    );
    // Requests are logged at debug: none at info.
    assert.ok(!first.lines.some((l) => l.msg === 'request' || l.msg === 'file'), first.output());

    process.kill(first.pid, 'SIGTERM');
    const { code } = await exitWithin(first.exited, STOP_MS, 'the server');
    assert.equal(code, 0, first.output());
    assert.ok(
      first.lines.some((l) => /^stopped: requests drained, quotes saved, database closed$/.test(l.msg)),
    );
  });

  void it('skips the build when nothing changed, starts quickly, and stops on Ctrl-C (SIGINT)', async () => {
    const second = await launch(process.execPath, ['scripts/start.mjs'], 120_000);
    const launcher = second.lines.filter((l) => LAUNCHER.test(l.msg)).map((l) => l.msg);
    assert.deepEqual(launcher, ['build up to date'], second.output());
    assert.ok(second.startMs < 30_000, `started in ${second.startMs} ms`);
    // The operator exists now: no first-operator line.
    assert.ok(!second.lines.some((l) => l.msg.startsWith('back office: first operator')));
    assert.equal((await reach(second, '/health')).status, 200);

    second.child.kill('SIGINT');
    const { code } = await exitWithin(second.exited, STOP_MS, 'the server');
    assert.equal(code, 0, second.output());
  });

  void it("runs as npm's own child, so stopping npm stops the server too", async () => {
    const npm = await launch('npm', ['start'], 120_000);
    assert.notEqual(npm.pid, npm.child.pid);
    // npm's script execs the launcher: no shell in between to swallow the signal.
    assert.equal(parentOf(npm.pid), npm.child.pid);
    assert.equal((await reach(npm, '/health')).status, 200);

    npm.child.kill('SIGTERM');
    const { code } = await exitWithin(npm.exited, STOP_MS, 'npm');
    assert.equal(code, 0, npm.output());
    for (let i = 0; alive(npm.pid); i++) {
      assert.ok(i < 100, `the server (pid ${npm.pid}) outlived npm`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(
      npm.lines.some((l) => l.msg.startsWith('stopped: requests drained')),
      npm.output(),
    );
  });
});
