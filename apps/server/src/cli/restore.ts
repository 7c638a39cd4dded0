import fs from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../core/db/create-db.js';
import { migrateToLatest } from '../core/db/migrate.js';
import { migrations } from '../core/db/migrations/index.js';
import { CliFailure, parseRestoreArgs, RESTORE_USAGE, UsageError } from './backup/args.js';
import { asFailure, configOf, reportFailure, runIfMain, type CliOutput } from './backup/common.js';
import { SQLITE_FILE, sniff, type Dialect } from './backup/files.js';
import { dumpMigrations, postgresState, restorePostgres } from './backup/postgres.js';
import { replaceSqlite, sqliteMigrations, sqliteTables } from './backup/sqlite.js';

/**
 * `npm run restore -- FILE [--yes]`: puts a backup made by `npm run backup` in place of the
 * configured database (DATABASE_URL, or pipwise.db under DATA_DIR), then brings it up to
 * this version's schema (docs/backup.md). Refused while anyone else has the database open,
 * and, without --yes, when it holds any table. Exit status 0 when restored, 1 when refused
 * or failed, 2 for a wrong command line, configuration or file.
 */

const NAME: Record<Dialect, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** Refuses to replace a database that holds anything without --yes. */
function guard(what: string, contents: string, count: number, yes: boolean, io: CliOutput): void {
  if (count === 0) return;
  if (!yes)
    throw new CliFailure(`${what} is not empty (${contents}): add --yes to replace it with the backup`);
  io.out(`replacing ${what}, which is not empty (${contents}), as --yes says`);
}

/** Runs the command; returns the exit status. */
export async function restoreCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
  now: () => number = Date.now,
): Promise<number> {
  try {
    const args = parseRestoreArgs(argv);
    if (args.help) {
      io.out(RESTORE_USAGE);
      return 0;
    }
    const file = path.resolve(args.file);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
      throw new UsageError(`no such file: ${file}`);
    const config = configOf(env);
    const kind = sniff(file);
    if (kind === 'unknown')
      throw new CliFailure(`${file} is neither an SQLite backup nor a pg_dump archive`, 2);
    if (kind !== config.dialect)
      throw new CliFailure(
        `${file} is a backup of ${NAME[kind]}, but the server is configured for ${NAME[config.dialect]} ` +
          `(${config.dialect === 'sqlite' ? 'DATABASE_URL is empty' : 'DATABASE_URL is set'})`,
        2,
      );
    // A newer version's backup would fail its migrations only after replacing the database.
    let names: string[];
    try {
      names = kind === 'sqlite' ? sqliteMigrations(file) : await dumpMigrations(file);
    } catch (err) {
      if (err instanceof CliFailure) throw err;
      throw new CliFailure(`${file} cannot be read: ${err instanceof Error ? err.message : String(err)}`, 2);
    }
    const unknown = names.filter((name) => !(name in migrations));
    if (unknown.length > 0)
      throw new CliFailure(
        `${file} comes from a newer Pipwise (migrations unknown here: ${unknown.join(', ')}): ` +
          'restore it with that version',
      );

    const started = now();
    if (config.dialect === 'sqlite') {
      const target = path.join(config.DATA_DIR, SQLITE_FILE);
      if (fs.existsSync(target)) {
        if (fs.realpathSync(target) === fs.realpathSync(file))
          throw new CliFailure(`${file} is the configured database itself`, 2);
        const tables = sqliteTables(target);
        guard(target, `${tables} tables`, tables, args.yes, io);
      }
      try {
        replaceSqlite(file, target);
      } catch (err) {
        throw asFailure(err, 'restore failed, the database is as it was');
      }
    } else {
      const state = await postgresState(config.DATABASE_URL);
      if (state.others > 0)
        throw new CliFailure(
          `database ${state.database} has ${state.others} other connection(s) (a server running on it?): ` +
            'stop them first',
        );
      guard(
        `database ${state.database}`,
        `${state.relations} tables, sequences and views in schema public`,
        state.relations,
        args.yes,
        io,
      );
      await restorePostgres(file, config.DATABASE_URL);
    }

    // The server migrates at start too; done here, a problem shows now rather than at the start.
    const handle = createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    let applied: string[];
    try {
      applied = await migrateToLatest(handle.db);
    } catch (err) {
      throw asFailure(err, 'restored, but migrating it failed (the server will try again when it starts)');
    } finally {
      await handle.db.destroy();
    }
    const seconds = ((now() - started) / 1_000).toFixed(1);
    io.out(`restored ${file} into ${handle.describe} in ${seconds} s`);
    io.out(
      applied.length > 0
        ? `migrated from ${names.at(-1) ?? 'nothing'}: ${applied.join(', ')}`
        : `schema current (${names.at(-1) ?? 'no migrations'}): nothing to migrate`,
    );
    return 0;
  } catch (err) {
    return reportFailure(err, io, RESTORE_USAGE);
  }
}

runIfMain(import.meta.url, restoreCli);
