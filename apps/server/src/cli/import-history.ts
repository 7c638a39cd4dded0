import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDatabase } from '../core/db/create-db.js';
import {
  describeBadLines,
  fileLines,
  HISTORY_FORMATS,
  importHistory,
  isHistoryFormat,
} from '../modules/market/index.js';

/**
 * `npm run import:history -- --instrument EURUSD --format histdata-m1 FILE`: imports a
 * recorded-price file into the candles of the database the server uses (DATABASE_URL, or
 * the SQLite file under DATA_DIR), all or nothing (docs/market-data.md "Recorded history
 * and replay"). Exit status 0 when imported, 1 when refused (the bad lines are printed),
 * 2 for a wrong command line or configuration.
 */

const USAGE = [
  'usage: npm run import:history -- --instrument CODE --format FORMAT [--max-jump 0.2] FILE',
  `  FORMAT: ${HISTORY_FORMATS.join(', ')}`,
  '  --max-jump: the largest move from one line to the next, as a fraction (default 0.2 = 20%)',
].join('\n');

/** The file the server keeps its SQLite database in, under DATA_DIR (core/db/create-db.ts). */
const SQLITE_FILE = 'pipwise.db';
const FRACTION = /^\d{1,2}(\.\d{1,6})?$/;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command; returns the exit status. */
export async function importHistoryCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
  now: number = Date.now(),
): Promise<number> {
  const usage = (problem: string) => {
    io.err(problem);
    io.err(USAGE);
    return 2;
  };
  let args;
  try {
    args = parseArgs({
      args: [...argv],
      options: {
        instrument: { type: 'string' },
        format: { type: 'string' },
        'max-jump': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = args;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!values.instrument) return usage('--instrument is required');
  if (!values.format || !isHistoryFormat(values.format))
    return usage(`--format must be one of ${HISTORY_FORMATS.join(', ')}`);
  if (positionals.length !== 1) return usage('name exactly one FILE');
  const file = path.resolve(positionals[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return usage(`no such file: ${file}`);
  let maxJump: number | undefined;
  if (values['max-jump'] !== undefined) {
    maxJump = FRACTION.test(values['max-jump']) ? Number(values['max-jump']) : NaN;
    if (!(maxJump > 0 && maxJump <= 10)) return usage('--max-jump is a fraction above 0, at most 10');
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 2;
  }
  // SQLite would make an empty database where none is: the server makes and fills it.
  if (!config.DATABASE_URL && !fs.existsSync(path.join(config.DATA_DIR, SQLITE_FILE))) {
    io.err(
      `no database in ${config.DATA_DIR}: start the server once first (or set DATA_DIR or DATABASE_URL)`,
    );
    return 2;
  }
  const handle = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const result = await importHistory(handle.db, {
      instrument: values.instrument,
      format: values.format,
      lines: fileLines(file),
      now,
      ...(maxJump === undefined ? {} : { maxJump }),
    });
    const name = path.basename(file);
    switch (result.status) {
      case 'unknown_instrument':
        io.err(`no instrument ${JSON.stringify(result.instrument)} in ${handle.describe}: nothing written`);
        return 1;
      case 'refused':
        io.err(
          `${name}: refused, nothing written: ${result.badCount} bad line${result.badCount === 1 ? '' : 's'} ` +
            `of ${result.lines}`,
        );
        for (const line of describeBadLines(result.bad, result.badCount)) io.err(line);
        return 1;
      case 'imported': {
        const periods = Object.entries(result.perPeriod)
          .map(([p, n]) => `${p} ${n}`)
          .join(', ');
        const unit = values.format.endsWith('ticks') || values.format.endsWith('tick') ? 'ticks' : 'bars';
        io.out(
          `${result.instrument} from ${name}: ${result.rows} ${unit} read` +
            (result.skipped > 0 ? ` (${result.skipped} flat bars without ticks left out)` : '') +
            `, ${new Date(result.from).toISOString()} to ${new Date(result.to).toISOString()}`,
        );
        io.out(
          `${result.candles} candles written (${periods}); ${result.replaced} stored candles of that range replaced`,
        );
        return 0;
      }
    }
  } catch (err) {
    io.err(`import failed, nothing written: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
  importHistoryCli(process.argv.slice(2), process.env, io).then(
    (status) => {
      process.exitCode = status;
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
