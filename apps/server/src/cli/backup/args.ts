import { parseArgs } from 'node:util';

/**
 * A failure the operator can act on (a busy database, a missing tool, a refused overwrite):
 * the command prints its message, without a stack, and exits with `status`.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly status: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** A wrong command line: exit status 2, and the usage is printed after the message. */
export class UsageError extends CliFailure {
  constructor(message: string) {
    super(message, 2);
  }
}

export const BACKUP_USAGE = [
  'usage: npm run backup [-- --out FILE|DIR]',
  '  backs up the database the server is configured with (DATABASE_URL, or pipwise.db under DATA_DIR)',
  '  --out: the backup file to write (must not exist), or a folder to write it in',
  '         (default: DATA_DIR/backups/pipwise-<UTC time>.db, or .dump on PostgreSQL)',
].join('\n');

export const RESTORE_USAGE = [
  'usage: npm run restore -- FILE [--yes]',
  '  restores a backup made by `npm run backup` into the configured database, then migrates it',
  '  --yes: replace a database that already holds tables (refused without it)',
].join('\n');

export interface BackupArgs {
  help: boolean;
  out?: string;
}

export interface RestoreArgs {
  help: boolean;
  file: string;
  yes: boolean;
}

/**
 * node:util's parseArgs, strict, its error as a UsageError. Only the first sentence is kept:
 * the rest of Node's text explains `--` in terms of node's own command line.
 */
function strictArgs<T extends Parameters<typeof parseArgs>[0]>(config: T) {
  try {
    return parseArgs({ ...config, strict: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new UsageError(message.split(/\.\s|\n/)[0]!);
  }
}

/** `npm run backup` arguments: `--out` at most once and not empty, nothing else. */
export function parseBackupArgs(argv: readonly string[]): BackupArgs {
  const { values, positionals } = strictArgs({
    args: [...argv],
    options: { out: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) return { help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const outs = values.out ?? [];
  if (outs.length > 1) throw new UsageError('give --out once');
  const out = outs[0];
  if (out !== undefined && out.trim() === '') throw new UsageError('--out needs a file or folder name');
  return out === undefined ? { help: false } : { help: false, out };
}

/** `npm run restore` arguments: exactly one FILE, and `--yes`. */
export function parseRestoreArgs(argv: readonly string[]): RestoreArgs {
  const { values, positionals } = strictArgs({
    args: [...argv],
    options: { yes: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help) return { help: true, file: '', yes: false };
  if (positionals.length !== 1 || positionals[0]!.trim() === '')
    throw new UsageError('name exactly one backup FILE');
  return { help: false, file: positionals[0]!, yes: values.yes === true };
}
