import { benchTicks } from './tick-evaluation.js';
import { benchOrders } from './order-throughput.js';
import { benchClusterLoad } from './cluster-load.js';
import { benchColdLoad } from './cold-load.js';
import { benchLiveChart } from './live-chart.js';
import { benchFanout, benchIdle } from './sockets.js';
import { benchFixLatency } from './fix-latency.js';
import { benchFixParse } from './fix-parse.js';
import { benchTradeList } from './trade-list.js';
import { benchRollover } from './rollover.js';
import { benchCapacity } from './capacity.js';

/**
 * `npm run bench`: each benchmark runs its peer (a naive scan, a raw loop of the same
 * database work) in the same process and prints the ratio. Results go in docs/benchmarks.md.
 */
async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only || only === 'ticks') {
    console.log('\n## Tick evaluation (TP/SL + pending orders, one instrument)\n');
    console.log('| live orders | books µs/tick | scan µs/tick | scan ÷ books | orders fired |');
    console.log('|---:|---:|---:|---:|---:|');
    benchTicks(1_000, 5_000);
    for (const n of [1_000, 10_000, 100_000]) {
      benchTicks(n, 500); // warm-up: let the JIT compile both paths first
      const r = benchTicks(n);
      console.log(
        `| ${n.toLocaleString('en')} | ${r.booksUs.toFixed(2)} | ${r.scanUs.toFixed(2)} | ${(r.scanUs / r.booksUs).toFixed(1)}× | ${r.fired} |`,
      );
    }
  }
  if (!only || only === 'capacity') await capacity();
  if (!only || only === 'cold-load') await coldLoad();
  if (!only || only === 'live-chart') await liveChart();
  if (!only || only === 'trade-list') await tradeList();
  if (!only || only === 'sockets') await sockets();
  if (!only || only === 'fix-latency') await fixLatency();
  if (!only || only === 'fix-parse') await fixParse();
  if (!only || only === 'cluster') await cluster();
  if (!only || only === 'rollover') {
    console.log('\n## The daily rollover (overnight financing, one transaction per position)\n');
    console.log('| database | positions | job positions/s | raw loop positions/s | job ÷ raw |');
    console.log('|---|---:|---:|---:|---:|');
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const r = await benchRollover(dialect);
      console.log(
        `| ${dialect} | ${r.positions.toLocaleString('en')} | ${r.jobPerSecond.toFixed(0)} | ${r.rawPerSecond.toFixed(0)} | ${(r.jobPerSecond / r.rawPerSecond).toFixed(2)} |`,
      );
    }
  }
  if (!only || only === 'orders') {
    console.log('\n## Market orders end to end (HTTP → engine → database)\n');
    console.log(
      '| database | HTTP orders/s | raw inserts/s | HTTP ÷ raw | server CPU µs/order | raw CPU µs/order |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const r = await benchOrders(dialect);
      console.log(
        `| ${dialect} | ${r.httpPerSecond.toFixed(0)} | ${r.rawPerSecond.toFixed(0)} | ${(r.httpPerSecond / r.rawPerSecond).toFixed(2)} | ${r.httpCpuUs.toFixed(0)} | ${r.rawCpuUs.toFixed(0)} |`,
      );
    }
  }
}

async function capacity(): Promise<void> {
  const r = await benchCapacity();
  const { shape } = r;
  console.log(
    `\n## Capacity: ${shape.accounts.toLocaleString('en')} accounts, ${shape.positions.toLocaleString('en')} positions, ${shape.instruments} instruments, ${shape.ticks.toLocaleString('en')} ticks (the margin watch per tick)\n`,
  );
  console.log('| pass | µs per tick | naive ÷ pass | accounts valued per tick (exactly) |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| naive: every account | ${r.naiveUs.toFixed(0)} | 1.0× | ${shape.accounts.toLocaleString('en')} |`,
  );
  console.log(
    `| every holder of the ticked instrument (the previous engine) | ${r.holdersUs.toFixed(0)} | ${(r.naiveUs / r.holdersUs).toFixed(1)}× | ~${Math.round((shape.accounts * shape.positions) / shape.accounts / shape.instruments).toLocaleString('en')} |`,
  );
  console.log(
    `| risk watch (bands, CPU) | ${r.watchCpuUs.toFixed(1)} | ${(r.naiveUs / r.watchCpuUs).toFixed(0)}× | ${r.rebandedPerTick.toFixed(1)} banded again (${r.valuedPerTick.toFixed(2)}) |`,
  );
  console.log(
    `\nRisk watch: p99 of a tick's handling ${(r.watchP99Us / 1000).toFixed(2)} ms; tick → stop-out decision p99 ${(r.stopOutP99Us / 1000).toFixed(2)} ms, max ${(r.stopOutMaxUs / 1000).toFixed(2)} ms over ${r.stopOuts} stop-outs; ${(r.coreShare * 100).toFixed(1)} % of a core at ${shape.ticksPerSecond} ticks/s; first valuation of every account after a load ${r.coldPassMs.toFixed(0)} ms; heap ${r.heapMb.toFixed(0)} MB.`,
  );
}

async function sockets(): Promise<void> {
  console.log('\n## Quote fan-out: the board at 50 ticks/s\n');
  console.log('| sockets | server | deliveries/s | p50 ms | p99 ms | refused |');
  console.log('|---:|---|---:|---:|---:|---:|');
  for (const clients of [1_000, 5_000]) {
    const r = await benchFanout(clients);
    for (const [name, x] of [
      ['Pipwise', r.pipwise],
      ['raw ws', r.raw],
    ] as const)
      console.log(
        `| ${clients} | ${name} | ${x.deliveriesPerSecond.toFixed(0)} | ${x.p50Ms} | ${x.p99Ms} | ${x.refused} |`,
      );
    console.log(
      `| ${clients} | Pipwise ÷ raw | ${(r.pipwise.deliveriesPerSecond / r.raw.deliveriesPerSecond).toFixed(2)} (goal ≥ 0.80) | | | |`,
    );
  }
  const clients = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
  console.log(`\n## Idle capacity: ${clients} logged-in sockets on the board\n`);
  const idle = await benchIdle(clients);
  console.log('| server | KiB per socket | connected | refused |');
  console.log('|---|---:|---:|---:|');
  for (const [name, x] of [
    ['Pipwise', idle.pipwise],
    ['Fastify + @fastify/websocket, nothing else', idle['fastify-ws']],
    ['raw ws', idle.raw],
  ] as const)
    console.log(`| ${name} | ${x.perSocketKiB.toFixed(1)} | ${x.connected} | ${x.refused} |`);
  console.log(
    `\nPipwise ÷ raw: ${(idle.pipwise.perSocketKiB / idle.raw.perSocketKiB).toFixed(2)} (goal ≤ 1.50)`,
  );
}

async function fixLatency(): Promise<void> {
  const r = await benchFixLatency();
  console.log("\n## Tick to socket: the provider's quote to a client's WebSocket (DAY_MARKET)\n");
  console.log(
    `Quotes every ${r.tickMs / 2}–${(r.tickMs * 3) / 2} ms (the LP) or ${r.tickMs} ms (the simulator), ${r.seconds} s per row, one socket; clocks agree within ${r.clockOffsetMs.toFixed(2)} ms.\n`,
  );
  console.log('| path | p50 ms | p99 ms | max ms | ÷ simulator p50 | ÷ simulator p99 | prices (unmatched) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const sim = r.simulator;
  const line = (name: string, x: typeof sim) =>
    console.log(
      `| ${name} | ${x.p50Ms.toFixed(1)} | ${x.p99Ms.toFixed(1)} | ${x.maxMs.toFixed(1)} | ${(x.p50Ms / sim.p50Ms).toFixed(1)}× | ${(x.p99Ms / sim.p99Ms).toFixed(1)}× | ${x.samples} (${x.unmatched}) |`,
    );
  line('simulator: SimulatorFeed step → socket', sim);
  for (const { flushMs, result } of r.fix)
    line(
      flushMs === 'default'
        ? 'FIX: LP 35=X → socket, flushMs 100 (production default)'
        : `FIX: LP 35=X → socket, flushMs ${flushMs}`,
      result,
    );
}

async function fixParse(): Promise<void> {
  const r = await benchFixParse();
  console.log("\n## FIX parse: MarketDataIncrementalRefresh (35=X), jspurefix's method\n");
  console.log(
    `${r.messagesPerPass} messages of ${r.bytesPerMessage.toFixed(0)} bytes per pass, ${r.operationsPerRound} per round${r.gcExposed ? '' : ' (no --expose-gc: rounds not isolated)'}; Pipwise read ${r.read.parsed} messages: ${r.read.quotes} quotes, ${r.read.dropped} dropped.\n`,
  );
  console.log('| path | msgs/s | µs/msg (median) | noise % | minor GCs per M msgs |');
  console.log('|---|---:|---:|---:|---:|');
  for (const x of r.rows)
    console.log(
      `| ${x.name} | ${x.msgsPerSecond.toFixed(0)} | ${x.usPerMsg.toFixed(2)} | ${x.noisePct.toFixed(1)} | ${x.minorGcPerMillion.toFixed(0)} |`,
    );
  const [view, read] = r.rows;
  if (view && read)
    console.log(`\nPipwise ÷ jspurefix parse:view: ${(read.msgsPerSecond / view.msgsPerSecond).toFixed(2)}`);
}

async function cluster(): Promise<void> {
  console.log('\n## The scaled shape under load: 1,000 sockets on the board, orders and trade_list\n');
  console.log(
    '| scenario | orders/s | order errors | trade_list req/s | p99 ms | errors | sockets | resyncs | gaps after resync |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of await benchClusterLoad())
    console.log(
      `| ${r.scenario} | ${r.ordersPerSecond.toFixed(0)} | ${r.orderErrors} | ${r.tradeList.requestsPerSecond.toFixed(0)} | ${r.tradeList.p99Ms} | ${r.tradeList.errors + r.tradeList.non2xx} | ${r.sockets} | ${r.resyncs} | ${r.gapsAfterResync} |`,
    );
}

async function coldLoad(): Promise<void> {
  console.log('\n## First screen: cold load on a phone (4× CPU, slow 4G, cold cache; medians of 3)\n');
  const { blank, pages } = await benchColdLoad();
  console.log(
    '| page | LCP ms | blank page LCP ms | ÷ blank (goal ≤ 1.5) | CLS (goal ≤ 0.05) | ready ms | scripts kB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of [blank, ...pages])
    console.log(
      `| ${r.name} | ${r.lcpMs.toFixed(0)} | ${blank.lcpMs.toFixed(0)} | ${(r.lcpMs / blank.lcpMs).toFixed(2)} | ${r.cls.toFixed(3)} | ${r.readyMs.toFixed(0)} | ${(r.scriptBytes / 1000).toFixed(1)} |`,
    );
  console.log('\nLargest paint of each run:');
  for (const r of [blank, ...pages])
    console.log(`- ${r.name}: ${r.runs.map((x) => `${x.lcpMs.toFixed(0)} ms ${x.lcpElement}`).join('; ')}`);
}

async function liveChart(): Promise<void> {
  const r = await benchLiveChart();
  console.log(
    `\n## Live rendering: /trade with the chart streaming (${r.ticksPerSecond.toFixed(0)} KLINE pushes/s; main thread over ${r.seconds} s, medians of ${r.runs})\n`,
  );
  console.log('| page | busy ms per s | script ms per s | layout + style ms per s | KLINE pushes/s |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, x] of [
    ['Pipwise /trade', r.app],
    ...(r.appIndicators
      ? ([['Pipwise /trade, RSI + MACD + Bollinger Bands', r.appIndicators]] as const)
      : []),
    ['bare lightweight-charts page', r.bare],
    ...(r.bareIndicators
      ? ([['bare lightweight-charts page, the same indicator series', r.bareIndicators]] as const)
      : []),
  ] as const)
    console.log(
      `| ${name} | ${x.busyMsPerSecond.toFixed(1)} | ${x.scriptMsPerSecond.toFixed(1)} | ${x.layoutMsPerSecond.toFixed(1)} | ${x.klinePushesPerSecond.toFixed(1)} |`,
    );
  console.log(
    `\nPipwise ÷ bare: ${(r.app.busyMsPerSecond / r.bare.busyMsPerSecond).toFixed(2)} (goal ≤ 1.30)${r.appIndicators ? `; with the three indicators ${(r.appIndicators.busyMsPerSecond / r.bare.busyMsPerSecond).toFixed(2)}` : ''}${r.appIndicators && r.bareIndicators ? `; with the three indicators ÷ bare with the same series ${(r.appIndicators.busyMsPerSecond / r.bareIndicators.busyMsPerSecond).toFixed(2)}` : ''}`,
  );
  console.log(
    `\nTapping Buy (market order, ${r.taps.length} taps, 4× CPU): the request leaves ${r.tapToRequestMs.toFixed(0)} ms after the tap (median; max ${Math.max(...r.taps.map((t) => t.requestMs)).toFixed(0)}), the success popup shows after ${r.tapToPopupMs.toFixed(0)} ms (median; max ${Math.max(...r.taps.map((t) => t.popupMs)).toFixed(0)}); goal ≤ 200`,
  );
}

async function tradeList(): Promise<void> {
  console.log('\n## trade_list (the whole board) against the same bytes from memory\n');
  const r = await benchTradeList();
  console.log(
    `${(r.bytes / 1024).toFixed(1)} KiB of JSON, 50 connections, autocannon in its own process; best of ${process.env.BENCH_ROUNDS ?? 3} turns each.\n`,
  );
  console.log('| server | requests/s | p99 ms | errors |');
  console.log('|---|---:|---:|---:|');
  for (const [name, x] of [
    ['Pipwise trade_list', r.app],
    ['Fastify, same bytes from memory', r.sameBytes],
    ['Fastify hello-world', r.hello],
  ] as const)
    console.log(`| ${name} | ${x.requestsPerSecond.toFixed(0)} | ${x.p99Ms} | ${x.errors + x.non2xx} |`);
  console.log(
    `\nPipwise ÷ same bytes: ${(r.app.requestsPerSecond / r.sameBytes.requestsPerSecond).toFixed(2)} (goal ≥ 0.70)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
