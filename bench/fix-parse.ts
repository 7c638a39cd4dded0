import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ParseRow } from './fix-parse-cases.js';

/**
 * FIX parse throughput (bench/fix-parse-cases.ts) in a process of its own, under --expose-gc
 * as jspurefix's benchmark asks, so rounds are isolated by a forced GC and the heap is the
 * benchmark's alone. BENCH_FIX_MSGS (20,000) messages per round, BENCH_FIX_ROUNDS (10) rounds,
 * BENCH_FIX_TURNS (2) alternating turns of each case, the best kept.
 */
export interface FixParseRun {
  messagesPerPass: number;
  bytesPerMessage: number;
  operationsPerRound: number;
  gcExposed: boolean;
  read: { parsed: number; quotes: number; dropped: number };
  rows: ParseRow[];
}

export function benchFixParse(): Promise<FixParseRun> {
  const child = fork(fileURLToPath(new URL('./fix-parse-cases.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--conditions=source', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: FixParseRun | undefined;
    child.on('message', (m: { result?: FixParseRun }) => (result = m.result ?? result));
    child.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`FIX parse benchmark exited (${code}) without a result`)),
    );
  });
}
