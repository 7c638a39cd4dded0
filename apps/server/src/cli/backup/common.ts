import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type Config } from '../../config.js';
import { CliFailure, UsageError } from './args.js';
import type { Dialect } from './files.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/** The server's own configuration (config.ts); a bad one is a usage-level failure. */
export function configOf(env: NodeJS.ProcessEnv): Config & { dialect: Dialect } {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    throw new CliFailure(err instanceof Error ? err.message : String(err), 2);
  }
  return { ...config, dialect: config.DATABASE_URL ? 'postgres' : 'sqlite' };
}

/** Prints an expected failure (the usage after a wrong command line); returns the exit status. */
export function reportFailure(err: unknown, io: CliOutput, usage: string): number {
  if (!(err instanceof CliFailure)) throw err;
  io.err(err.message);
  if (err instanceof UsageError) io.err(usage);
  return err.status;
}

/** A failure of the work itself (disk full, connection lost) as a message without a stack. */
export function asFailure(err: unknown, what: string): CliFailure {
  if (err instanceof CliFailure) return err;
  return new CliFailure(`${what}: ${err instanceof Error ? err.message : String(err)}`);
}

/** Runs `command` when `moduleUrl` is the script node was started with. */
export function runIfMain(
  moduleUrl: string,
  command: (argv: readonly string[], env: NodeJS.ProcessEnv, io: CliOutput) => Promise<number>,
): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(path.resolve(process.argv[1])).href) return;
  const io: CliOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
  command(process.argv.slice(2), process.env, io).then(
    (status) => {
      process.exitCode = status;
    },
    (err: unknown) => {
      // Not an expected failure: a bug, shown whole.
      console.error(err);
      process.exitCode = 1;
    },
  );
}
