import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';
import {
  BAD_QUOTES,
  COMP_ID,
  seedLpInstruments,
  startLpSimulator,
  type BadQuote,
  type LpSimulator,
  type LpExecutionSettings,
  type LpSimulatorOptions,
} from '../modules/market/index.js';

/**
 * `npm run lp`: a simulated liquidity provider speaking FIX 4.4 market data and orders, for
 * demos and manual tests of FEED=fix and FIX_TRADE_URL (docs/market-data.md "The LP
 * simulator", docs/execution.md). It quotes every seed instrument from the built-in price
 * simulator under its default provider symbol, fills orders on a second port, and takes
 * commands on stdin to misbehave on cue.
 *
 * LP_HOST (127.0.0.1), LP_PORT (9878), LP_TRADE_PORT (9879), LP_SENDER (PIPWISE-LP, its own
 * CompID), LP_TARGET (PIPWISE, the server's CompID), LP_TICK_MS (250), LP_ALWAYS_OPEN (0:
 * quote only while each market is open; 1: around the clock), LP_PASSWORD (unset: any; set:
 * a Logon must carry it, as the server's FIX_*_PASSWORD).
 */

export const LP_COMMANDS = [
  'drop                     cut every connection (no Logout): the server reconnects',
  'stale                    stop quoting, sessions stay up: prices go stale',
  'resume                   quote again',
  `bad KIND [SYMBOL]        send one bad quote (KIND: ${BAD_QUOTES.join(', ')}; SYMBOL: EUR/USD)`,
  'refuse SYMBOL HOW        refuse new requests for SYMBOL (HOW: session = 35=3, business = 35=j, off)',
  'fill KEY=VALUE …         how orders fill: latency=MS slippage=POINTS ratio=0.01-1 reject=0|1 withhold=0|1',
  'status                   sessions, requests, rejects, fills',
  'quit                     stop',
];

const BOOLEAN: Record<string, boolean> = { '': false, '0': false, false: false, '1': true, true: true };

/** The simulator's settings from the environment; one error lists every bad variable. */
export function lpOptionsFromEnv(env: NodeJS.ProcessEnv): Omit<LpSimulatorOptions, 'instruments' | 'log'> {
  const issues: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number) => {
    const text = env[name] ?? '';
    if (text === '') return fallback;
    const value = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) issues.push(`${name}: a whole number ${min}-${max}`);
    return value;
  };
  const compId = (name: string, fallback: string) => {
    const value = env[name] || fallback;
    if (!COMP_ID.test(value)) issues.push(`${name}: 1-32 letters, digits, '.', '_' or '-'`);
    return value;
  };
  const host = env.LP_HOST || '127.0.0.1';
  if (!/^[A-Za-z0-9.:-]{1,253}$/.test(host)) issues.push('LP_HOST: a host name or address');
  const port = int('LP_PORT', 9878, 1, 65_535);
  const tradePort = int('LP_TRADE_PORT', 9879, 1, 65_535);
  if (tradePort === port) issues.push('LP_TRADE_PORT must differ from LP_PORT');
  const senderCompId = compId('LP_SENDER', 'PIPWISE-LP');
  const targetCompId = compId('LP_TARGET', 'PIPWISE');
  const tickMs = int('LP_TICK_MS', 250, 10, 60_000);
  const alwaysOpen = BOOLEAN[env.LP_ALWAYS_OPEN ?? ''];
  if (alwaysOpen === undefined) issues.push('LP_ALWAYS_OPEN: 1 or 0');
  const options = {
    host,
    port,
    tradePort,
    senderCompId,
    targetCompId,
    tickMs,
    alwaysOpen: alwaysOpen ?? false,
  };
  if (options.senderCompId === options.targetCompId) issues.push('LP_SENDER and LP_TARGET must differ');
  const password = env.LP_PASSWORD ?? '';
  if (password !== '' && !/^[\x21-\x7e]{1,64}$/.test(password))
    issues.push('LP_PASSWORD: 1-64 printable characters without spaces');
  if (issues.length > 0) throw new Error(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`);
  return password === '' ? options : { ...options, password };
}

/** Runs one command line against the simulator; returns what to print, or null to quit. */
export function lpCommand(lp: LpSimulator, line: string): string | null {
  const [command = '', kind = '', symbol = 'EUR/USD', ...rest] = line.trim().split(/\s+/);
  try {
    switch (command) {
      case '':
        return '';
      case 'drop':
        return `dropped ${lp.dropConnections()} connection(s)`;
      case 'stale':
        lp.setQuoting(false);
        return 'quoting stopped; sessions stay up';
      case 'resume':
        lp.setQuoting(true);
        return 'quoting again';
      case 'bad':
        if (!(BAD_QUOTES as readonly string[]).includes(kind) || rest.length > 0)
          return `usage: bad KIND [SYMBOL]; KIND one of ${BAD_QUOTES.join(', ')}`;
        return `sent a ${kind} quote of ${symbol} to ${lp.sendBad(symbol, kind as BadQuote)} client(s)`;
      case 'refuse':
        if (kind === '' || !['session', 'business', 'off'].includes(symbol) || rest.length > 0)
          return 'usage: refuse SYMBOL session|business|off';
        lp.refuse(kind, symbol === 'off' ? undefined : (symbol as 'session' | 'business'));
        return symbol === 'off' ? `serving ${kind} again` : `refusing ${kind} (${symbol} reject)`;
      case 'fill':
        return fillCommand(lp, line.trim().split(/\s+/).slice(1));
      case 'status':
        return `${lp.sessionCount} session(s) logged on, ${lp.requests} request(s), ${lp.rejects.length} refused, ${lp.fills.length} fill(s)`;
      case 'quit':
      case 'exit':
        return null;
      default:
        return ['commands:', ...LP_COMMANDS.map((c) => `  ${c}`)].join('\n');
    }
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const FILL_USAGE = 'usage: fill latency=MS slippage=POINTS ratio=0.01-1 reject=0|1 withhold=0|1';

/** `fill KEY=VALUE …`: changes how the simulator fills orders from now on. */
function fillCommand(lp: LpSimulator, pairs: string[]): string {
  const change: Partial<LpExecutionSettings> = {};
  for (const pair of pairs) {
    const [key = '', value = '', extra] = pair.split('=');
    if (extra !== undefined) return FILL_USAGE;
    const whole = /^\d{1,6}$/.test(value) ? Number(value) : NaN;
    if (key === 'latency' && whole <= 60_000) change.latencyMs = whole;
    else if (key === 'slippage' && whole >= 0) change.slippagePoints = whole;
    else if (key === 'ratio' && /^(0\.\d{1,4}|1(\.0{1,4})?)$/.test(value) && Number(value) >= 0.01)
      change.fillRatio = Number(value);
    else if ((key === 'reject' || key === 'withhold') && BOOLEAN[value] !== undefined && value !== '')
      change[key === 'reject' ? 'reject' : 'withholdReports'] = BOOLEAN[value]!;
    else return FILL_USAGE;
  }
  if (pairs.length === 0) return FILL_USAGE;
  lp.setExecution(change);
  const s = lp.execution.settings;
  return `orders fill after ${s.latencyMs} ms, ${s.slippagePoints} point(s) worse, ${s.fillRatio * 100}% of each, ${
    s.reject ? 'all refused' : 'accepted'
  }${s.withholdReports ? ', reports withheld' : ''}`;
}

async function main(): Promise<void> {
  const options = lpOptionsFromEnv(process.env);
  const instruments = seedLpInstruments();
  const lp = await startLpSimulator({ ...options, instruments, log: (line) => console.log(`[lp] ${line}`) });
  const host = lp.host.includes(':') ? `[${lp.host}]` : lp.host;
  const url = `fix://${host}:${lp.port}?sender=${options.targetCompId}&target=${options.senderCompId}`;
  console.log(
    `LP simulator (FIX 4.4 market data) listening on ${host}:${lp.port} as ${options.senderCompId}, ` +
      `serving ${options.targetCompId}: ${instruments.length} symbols (${instruments
        .slice(0, 4)
        .map((i) => i.symbol)
        .join(', ')}, …), ${options.alwaysOpen ? 'around the clock' : 'while their markets are open'}`,
  );
  const tradeUrl = `fix://${host}:${lp.tradePort}?sender=${options.targetCompId}&target=${options.senderCompId}`;
  console.log(`Orders (NewOrderSingle, OrderStatusRequest) on ${host}:${lp.tradePort}`);
  console.log(
    `Point the server at it:\n  FEED=fix FIX_MD_URL='${url}' FIX_TRADE_URL='${tradeUrl}' npm start`,
  );
  console.log(['Commands:', ...LP_COMMANDS.map((c) => `  ${c}`)].join('\n'));

  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    lines.close();
    void lp.close().then(() => console.log('LP simulator stopped'));
  };
  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const answer = lpCommand(lp, line);
    if (answer === null) close();
    else if (answer !== '') console.log(answer);
  });
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 2;
  });
}
