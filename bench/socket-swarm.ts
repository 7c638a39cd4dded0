import WebSocket from 'ws';

/**
 * The socket side of the fan-out and idle benchmarks, run as its own process: opens
 * `clients` sockets to `url`, optionally logs each in and subscribes it, then counts what
 * arrives for `seconds` and measures each push's age (now − its `Time`, same machine clock).
 * Job from argv as JSON; prints one JSON line of results; with `hold`, keeps the sockets
 * open until stdin closes (the idle benchmark measures the server meanwhile).
 */
interface Job {
  url: string;
  clients: number;
  /** Messages to send on open (login, sub). */
  hello: object[];
  seconds: number;
  hold?: boolean;
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
const sockets: WebSocket[] = [];
let delivered = 0;
let refused = 0;
const ages: number[] = [];
/** Pushes numbered out of order (a jump in `seq`), and those seen after a `resync`. */
let gaps = 0;
let gapsAfterResync = 0;
let resyncs = 0;

const TIME = /"Time":(\d+)/;

function ageOf(text: string): number | undefined {
  // Quotes carry "Time":<ms>; read the first without parsing the whole frame.
  const time = TIME.exec(text)?.[1];
  return time === undefined ? undefined : Date.now() - Number(time);
}

async function open(): Promise<void> {
  await new Promise<void>((resolve) => {
    const ws = new WebSocket(job.url);
    ws.on('open', () => {
      for (const m of job.hello) ws.send(JSON.stringify(m));
      sockets.push(ws);
      resolve();
    });
    const lastSeq = new Map<string, number>();
    let resynced = false;
    ws.on('message', (raw: Buffer) => {
      delivered += 1;
      const text = raw.toString();
      if (text.startsWith('{"type":"resync"')) {
        resyncs += 1;
        resynced = true;
        lastSeq.clear(); // the client re-fetches; numbering is followed afresh
        return;
      }
      const topic = /"topic":"([^"]+)"/.exec(text)?.[1];
      const seq = Number(/"seq":(\d+)/.exec(text)?.[1]);
      if (topic && Number.isFinite(seq)) {
        const last = lastSeq.get(topic);
        if (last !== undefined && seq !== last + 1 && seq !== last) {
          gaps += 1;
          if (resynced) gapsAfterResync += 1;
        }
        lastSeq.set(topic, seq);
      }
      if (delivered % 7 === 0) {
        const age = ageOf(text);
        if (age !== undefined) ages.push(age);
      }
    });
    ws.on('error', () => {
      refused += 1;
      resolve();
    });
  });
}

// Open in batches, as a crowd arriving.
for (let i = 0; i < job.clients; i += 200) {
  await Promise.all(Array.from({ length: Math.min(200, job.clients - i) }, open));
}
// Settle: the first board each socket receives is not part of the measurement.
await new Promise((r) => setTimeout(r, 1_000));
delivered = 0;
ages.length = 0;
const started = performance.now();
await new Promise((r) => setTimeout(r, job.seconds * 1_000));
const elapsed = (performance.now() - started) / 1000;
ages.sort((a, b) => a - b);
const p = (q: number) => ages[Math.min(ages.length - 1, Math.floor(ages.length * q))] ?? 0;
console.log(
  JSON.stringify({
    connected: sockets.length,
    refused,
    deliveriesPerSecond: delivered / elapsed,
    gaps,
    gapsAfterResync,
    resyncs,
    p50Ms: p(0.5),
    p99Ms: p(0.99),
  }),
);
if (job.hold) await new Promise<void>((resolve) => process.stdin.once('end', resolve).resume());
for (const ws of sockets) ws.terminate();
process.exit(0);
