import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { seedLpInstruments } from '../apps/server/src/modules/market/index.js';

/**
 * Tick-to-socket latency: from the liquidity provider sending a quote (35=X) to a client's
 * WebSocket receiving the price on DAY_MARKET, through the FIX feed (LP simulator → FixFeed
 * → market service → socket hub); beside it the simulator path (the server's own
 * SimulatorFeed step → the same hub → the client), in the same run. The LP and the server run
 * in processes of their own (bench/fix-latency-peers.ts); the client runs here. Each price a
 * client receives is matched to the send (or simulator step) of that instrument, bid and ask.
 */

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const TSX = ['--import', 'tsx', '--conditions=source'];
const wall = () => performance.timeOrigin + performance.now();

/** [instrument id, bid points, ask points, ms]: a send, a step, or a receipt. */
type Stamp = [id: number, bid: number, ask: number, ms: number];

interface Peer {
  port: number;
  /** Sends `message`; resolves with the reply's `key`. */
  ask<T>(message: object, key: string): Promise<T>;
  /** How far the peer's clock is from ours, plus half the round trip of the best of 5 asks (ms). */
  clockOffset(): Promise<number>;
  stop(): Promise<void>;
}

function reply<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const listener = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off('message', listener);
      child.off('exit', exited);
      resolve(m[key] as T);
    };
    const exited = (code: number | null) =>
      reject(new Error(`benchmark peer exited (${code}) before ${key}`));
    child.on('message', listener);
    child.once('exit', exited);
  });
}

async function startPeer(role: 'lp' | 'server', tickMs: number): Promise<Peer> {
  const child = fork(here('./fix-latency-peers.ts'), [role, String(tickMs)], {
    execArgv: TSX,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await reply<number>(child, 'port');
  const ask = <T>(message: object, key: string) => {
    const answer = reply<T>(child, key);
    child.send(message);
    return answer;
  };
  return {
    port,
    ask,
    async clockOffset() {
      let best = Infinity;
      let offset = 0;
      for (let i = 0; i < 5; i++) {
        const sent = wall();
        const theirs = await ask<number>({ clock: true }, 'clock');
        const back = wall();
        if ((back - sent) / 2 < best) {
          best = (back - sent) / 2;
          offset = theirs - (sent + back) / 2;
        }
      }
      return Math.abs(offset) + best;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ stop: true });
      await exited;
    },
  };
}

const PRECISION = new Map(seedLpInstruments().map((i) => [i.id, i.precision]));

/** The prices one socket on DAY_MARKET receives over `seconds`, after a second to settle. */
async function receive(port: number, seconds: number): Promise<Stamp[]> {
  const receipts: Stamp[] = [];
  let measuring = false;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/ws?lang=en`);
  ws.on('message', (raw: Buffer) => {
    const at = wall();
    if (!measuring) return;
    const m = JSON.parse(raw.toString()) as {
      type: string;
      topic?: string;
      data?: { Id: number; Bid: number; Ask: number }[];
    };
    if (m.type !== 'push' || m.topic !== 'DAY_MARKET') return;
    for (const q of m.data ?? []) {
      const scale = 10 ** (PRECISION.get(q.Id) ?? 0);
      receipts.push([q.Id, Math.round(q.Bid * scale), Math.round(q.Ask * scale), at]);
    }
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' }));
  // The first push is the whole board; settle past it.
  await new Promise((r) => setTimeout(r, 1_000));
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1_000));
  measuring = false;
  ws.close();
  return receipts;
}

export interface LatencyResult {
  /** Prices received and matched to a send; received and not matched. */
  samples: number;
  unmatched: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * Each receipt's latency: from the latest send of the same instrument, bid and ask at or
 * before it (within 1 ms of clock offset, and not older than 5 s: a push that only flips an
 * instrument's open state repeats an old price).
 */
function match(sends: Stamp[], receipts: Stamp[]): LatencyResult {
  const byPrice = new Map<string, number[]>();
  for (const [id, bid, ask, ms] of sends) {
    const key = `${id}|${bid}|${ask}`;
    const list = byPrice.get(key) ?? [];
    list.push(ms);
    byPrice.set(key, list);
  }
  const latencies: number[] = [];
  let unmatched = 0;
  for (const [id, bid, ask, at] of receipts) {
    const times = byPrice.get(`${id}|${bid}|${ask}`) ?? [];
    let sentAt: number | undefined;
    for (const t of times) if (t <= at + 1) sentAt = t; // in send order
    if (sentAt === undefined || at - sentAt > 5_000) unmatched += 1;
    else latencies.push(Math.max(0, at - sentAt));
  }
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  return {
    samples: latencies.length,
    unmatched,
    p50Ms: p(0.5),
    p99Ms: p(0.99),
    maxMs: latencies.at(-1) ?? NaN,
  };
}

export interface FixLatencyRun {
  tickMs: number;
  seconds: number;
  /** The largest clock offset measured between the three processes (ms), a bound on the error. */
  clockOffsetMs: number;
  simulator: LatencyResult;
  /** By flushMs; `default` is the FixFeed's own (100 ms), as production runs it. */
  fix: { flushMs: number | 'default'; result: LatencyResult }[];
}

/**
 * One LP and one server process; the server prices from its simulator, then from a FixFeed
 * to the LP with production's settings, then from one with each extra flushMs; one socket
 * client measures each for BENCH_FIX_SECONDS (6). BENCH_LP_TICK_MS (250, the LP simulator's
 * default) is the simulator baseline's step and the LP's mean step (its steps vary ½–1½×);
 * BENCH_FIX_FLUSH_MS ("10") lists the extra flushMs values (empty: none).
 */
export async function benchFixLatency(): Promise<FixLatencyRun> {
  const seconds = Number(process.env.BENCH_FIX_SECONDS ?? 6);
  const tickMs = Number(process.env.BENCH_LP_TICK_MS ?? 250);
  const flushes = (process.env.BENCH_FIX_FLUSH_MS ?? '10')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number);
  const started = await Promise.allSettled([startPeer('lp', tickMs), startPeer('server', tickMs)]);
  const [lp, server] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  if (!lp || !server) {
    await Promise.all([lp?.stop(), server?.stop()]);
    throw (started.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
  }
  try {
    const clockOffsetMs = Math.max(await lp.clockOffset(), await server.clockOffset());
    await server.ask({ sim: true }, 'ready');
    const simReceipts = await receive(server.port, seconds);
    const steps = await server.ask<Stamp[]>({ take: true }, 'stamps');
    const fixReceipts: { flushMs: number | 'default'; receipts: Stamp[] }[] = [];
    for (const flushMs of ['default', ...flushes] as const) {
      const fix = { port: lp.port, ...(flushMs === 'default' ? {} : { flushMs }) };
      await server.ask({ fix }, 'ready');
      fixReceipts.push({ flushMs, receipts: await receive(server.port, seconds) });
    }
    const sends = await lp.ask<Stamp[]>({ take: true }, 'stamps');
    return {
      tickMs,
      seconds,
      clockOffsetMs,
      simulator: match(steps, simReceipts),
      fix: fixReceipts.map((r) => ({ flushMs: r.flushMs, result: match(sends, r.receipts) })),
    };
  } finally {
    await server.stop();
    await lp.stop();
  }
}
