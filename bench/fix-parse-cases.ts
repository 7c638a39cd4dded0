// jspurefix resolves its parts with tsyringe, which needs the reflect polyfill loaded first.
import 'reflect-metadata';
import { AsciiParser, DITokens, type ElasticBuffer, type IJsFixConfig, type MsgView } from 'jspurefix';
import {
  BenchRunner,
  ParseCase,
  ParseDepth,
  defaultBenchOptions,
  type IBenchCase,
  type IBenchResult,
} from 'jspurefix/dist/benchmark/index.js';
import { AsciiMsgTransmitter } from 'jspurefix/dist/transport/ascii/ascii-msg-transmitter.js';
import { SEED_INSTRUMENTS } from '../apps/server/src/modules/market/seed/instruments.js';
import {
  fixInstrumentsOf,
  seedLpInstruments,
  SimulatorFeed,
  type FixFeedOptions,
} from '../apps/server/src/modules/market/index.js';
import { connectionScope, sessionConfig } from '../apps/server/src/modules/market/fix/fix-runtime.js';
import { QuoteBooks } from '../apps/server/src/modules/market/fix/md-books.js';
import type { Connection } from '../apps/server/src/modules/market/fix/md-connection.js';
import { MessageReader } from '../apps/server/src/modules/market/fix/md-messages.js';
import { SequenceStoreFactory } from '../apps/server/src/modules/market/fix/seq-store.js';

/**
 * FIX parse throughput, run by bench/fix-parse.ts in a process of its own under --expose-gc
 * (as jspurefix asks of its benchmark). jspurefix's own parse benchmark (`dist/jsfix-bench`:
 * its BenchRunner and ParseCase — the bytes of a FIX log fed to an AsciiParser one buffer per
 * pass, warm-up, timed rounds with a GC between them, median ns/msg) over MarketData-
 * IncrementalRefresh (35=X) messages as the LP simulator sends them; beside it the same
 * runner and parser with each message read by the server's FixFeed code — MessageReader
 * (md-messages.ts) → BookUpdate (book-update.ts) → QuoteBooks and its QuoteGuard (md-books.ts,
 * quote-guard.ts) — instead of a counter. The result goes to the parent over IPC.
 */

const PASS_STEPS = Number(process.env.BENCH_FIX_PASS_STEPS ?? 50);

/** The messages of one pass: the LP simulator's 35=X for PASS_STEPS steps of its price walk, one string. */
async function incrementalRefreshes(stampedAt: number) {
  const instruments = seedLpInstruments();
  const lpConfig = await sessionConfig({
    role: 'acceptor',
    name: 'pipwise-lp',
    sender: 'PIPWISE-LP',
    target: 'PIPWISE',
    heartbeatSecs: 1,
    store: new SequenceStoreFactory(undefined),
  });
  const transmitter = new AsciiMsgTransmitter(connectionScope(lpConfig, false));
  // Every message stamped alike (SendingTime, MDEntryDate/Time): passes repeat, and a quote
  // stamped before the last one would be dropped as out of order.
  transmitter.time = new Date(stampedAt);
  const sim = new SimulatorFeed({
    instruments: instruments.map((i) => ({ ...i })),
    seed: 11,
    tickMs: 250,
    startMids: new Map(),
    isOpen: () => true,
  });
  const byId = new Map(instruments.map((i) => [i.id, i]));
  const messages: Buffer[] = [];
  for (let step = 0; step < PASS_STEPS; step++) {
    for (const tick of sim.step(stampedAt + step * 250)) {
      const inst = byId.get(tick.id)!;
      const price = (points: number) => (points / 10 ** inst.precision).toFixed(inst.precision);
      // The body lp-simulator.ts `publish` sends.
      const entry = (type: '0' | '1', px: string) => ({
        MDUpdateAction: '1',
        Instrument: { Symbol: inst.symbol },
        MDEntryType: type,
        MDEntryPx: px,
        MDEntryDate: new Date(stampedAt),
        MDEntryTime: new Date(stampedAt),
      });
      transmitter.encoder.reset();
      transmitter.encodeMessage('X', {
        MDReqID: `bench-1-${inst.id}`,
        MDIncGrp: { NoMDEntries: [entry('0', price(tick.bid)), entry('1', price(tick.ask))] },
      });
      messages.push(Buffer.from(transmitter.encoder.trim()));
    }
  }
  return { contents: Buffer.concat(messages).toString('latin1'), count: messages.length };
}

/**
 * The parser as ParseCase builds it, each message handed to the FixFeed's MessageReader as
 * the session would hand it (MdSession → SessionLoop → MessageReader.application); after each
 * pass the books' quotes are taken, as the feed's flush takes them.
 */
class ReadCase implements IBenchCase {
  readonly name = 'parse + Pipwise read';
  readonly description = 'jspurefix parse, then md-messages.ts / book-update.ts / md-books.ts';
  private parser: AsciiParser | null = null;
  private decoded = 0;
  private parsed = 0;
  private readonly source: Buffer;
  private readonly books: QuoteBooks;
  private readonly reader: MessageReader;
  private readonly conn: Connection;

  constructor(
    private readonly config: IJsFixConfig,
    contents: string,
    private readonly perPass: number,
    stampedAt: number,
  ) {
    this.source = Buffer.from(contents, 'latin1');
    const instruments = fixInstrumentsOf(
      SEED_INSTRUMENTS.map((i) => ({ ...i, baseCurrency: i.base, quoteCurrency: i.quote })),
    );
    const options: FixFeedOptions = {
      endpoint: { host: '127.0.0.1', port: 1, sender: 'PIPWISE', target: 'PIPWISE-LP' },
      storeDir: '',
      instruments,
      // Every message read: production drops those over 5,000 a second as a flood.
      maxMessagesPerSecond: Number.MAX_SAFE_INTEGER,
      // The provider's stamps are checked against this clock: the messages' own time.
      wallClock: () => stampedAt,
    };
    this.books = new QuoteBooks(options, () => undefined);
    this.reader = new MessageReader(options, this.books, { lastError: undefined });
    // What the reader uses of a connection: the MDReqIDs of its requests (and, for a flood, its session).
    this.conn = {
      no: 1,
      requests: new Map(instruments.map((i) => [`bench-1-${i.id}`, i.id])),
      requestSeqs: new Map(),
      closing: false,
      readyAt: 0,
    } as Partial<Connection> as Connection;
  }

  /** Messages parsed, quotes the books took and updates they dropped, since the start. */
  get tally() {
    const dropped = Object.values(this.books.dropped).reduce((a, b) => a + b, 0);
    return { parsed: this.parsed, quotes: this.books.quotes, dropped };
  }

  setup(): void {
    // As ParseCase: a parser on a session scope of its own, fed by hand.
    const scoped = connectionScope(this.config, false);
    const container = scoped.sessionContainer;
    const buffer = container.resolve<ElasticBuffer>(DITokens.ParseBuffer);
    const maxMessageLen = container.resolve<number>(DITokens.maxMessageLen);
    this.parser = new AsciiParser(scoped, null, buffer, maxMessageLen);
    this.parser.on('msg', (msgType: string, view: MsgView) => {
      this.decoded += 1;
      this.parsed += 1;
      this.reader.application(this.conn, msgType, view);
    });
  }

  teardown(): void {
    this.parser?.removeAllListeners();
    this.parser = null;
  }

  run(operations: number): number {
    const passes = operations / this.perPass;
    this.decoded = 0;
    for (let i = 0; i < passes; i++) {
      this.parser!.parseBuffer(this.source);
      this.books.takeQuotes();
    }
    return this.decoded;
  }
}

export interface ParseRow {
  name: string;
  msgsPerSecond: number;
  usPerMsg: number;
  /** Round-to-round spread, % of the median. */
  noisePct: number;
  minorGcPerMillion: number;
}

const row = (r: IBenchResult): ParseRow => ({
  name: r.name,
  msgsPerSecond: r.operationsPerSecond,
  usPerMsg: r.timing.median / 1000,
  noisePct: r.timing.coefficientOfVariation * 100,
  minorGcPerMillion: r.memory.minorGcPerMillionOperations,
});

const stampedAt = Date.now();
const { contents, count } = await incrementalRefreshes(stampedAt);
// The server's own session configuration (fix-runtime.ts): the QuickFIX 4.4 dictionary, SOH.
const config = await sessionConfig({
  role: 'initiator',
  name: 'pipwise-md',
  sender: 'PIPWISE',
  target: 'PIPWISE-LP',
  heartbeatSecs: 5,
  store: new SequenceStoreFactory(undefined),
});
const view = new ParseCase('jspurefix parse:view', { config, contents, depth: ParseDepth.View });
const object = new ParseCase('jspurefix parse:object', { config, contents, depth: ParseDepth.Object });
const read = new ReadCase(config, contents, view.operationsPerInvocation, stampedAt);
const msgs = Number(process.env.BENCH_FIX_MSGS ?? defaultBenchOptions.operationsPerRound);
const runner = new BenchRunner({
  warmupOperations: view.alignOperations(defaultBenchOptions.warmupOperations),
  rounds: Number(process.env.BENCH_FIX_ROUNDS ?? defaultBenchOptions.rounds),
  operationsPerRound: view.alignOperations(msgs),
  gcBetweenRounds: true,
});
// Turns of jspurefix's parse and Pipwise's read in alternation, the best of each kept (other
// work on the machine only slows a turn down); the materialising parse, for reference, once.
const best = new Map<string, IBenchResult>();
for (let turn = 0; turn < Number(process.env.BENCH_FIX_TURNS ?? 2); turn++)
  for (const c of [view, read]) {
    const r = await runner.run(c);
    if (r.operationsPerSecond > (best.get(c.name)?.operationsPerSecond ?? 0)) best.set(c.name, r);
  }
const results = [...best.values(), await runner.run(object)];
process.send?.({
  result: {
    messagesPerPass: count,
    bytesPerMessage: Buffer.byteLength(contents, 'latin1') / count,
    operationsPerRound: view.alignOperations(msgs),
    gcExposed: typeof globalThis.gc === 'function',
    // Every message read must be a quote taken, none dropped: the read is the whole path.
    read: read.tally,
    rows: results.map(row),
  },
});
