import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_USAGE, parseBackupArgs } from './backup/args.js';
import { asFailure, configOf, reportFailure, runIfMain, type CliOutput } from './backup/common.js';
import { countFiles, formatBytes, partialName, publish, resolveOutput, SQLITE_FILE } from './backup/files.js';
import { dumpPostgres } from './backup/postgres.js';
import { backupSqlite } from './backup/sqlite.js';

/**
 * `npm run backup [-- --out FILE|DIR]`: a consistent copy of the server's database while it
 * runs (docs/backup.md). SQLite: the online backup API; PostgreSQL: `pg_dump
 * --format=custom`. Written under a temporary name and renamed once complete and flushed,
 * so a file with the final name is always a whole backup. Exit status 0 when written, 1
 * when it failed, 2 for a wrong command line or configuration.
 */
export async function backupCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliOutput,
  now: () => number = Date.now,
): Promise<number> {
  try {
    const args = parseBackupArgs(argv);
    if (args.help) {
      io.out(BACKUP_USAGE);
      return 0;
    }
    const config = configOf(env);
    const started = now();
    const file = resolveOutput(args.out, config.DATA_DIR, config.dialect, new Date(started));
    const partial = partialName(file, process.pid);
    try {
      if (config.dialect === 'sqlite') await backupSqlite(path.join(config.DATA_DIR, SQLITE_FILE), partial);
      else await dumpPostgres(config.DATABASE_URL, partial);
      publish(partial, file);
    } catch (err) {
      fs.rmSync(partial, { force: true });
      throw asFailure(err, 'backup failed, nothing written');
    }
    const seconds = ((now() - started) / 1_000).toFixed(1);
    io.out(`backup written: ${file} (${formatBytes(fs.statSync(file).size)} in ${seconds} s)`);
    // Files beside the database are not in it: say so every time there are any.
    const uploads = path.join(config.DATA_DIR, 'uploads');
    const fix = path.join(config.DATA_DIR, 'fix');
    const [uploadCount, fixCount] = [countFiles(uploads), countFiles(fix)];
    if (uploadCount + fixCount > 0)
      io.out(
        `not in the backup: ${uploads} (${uploadCount} files) and ${fix} (${fixCount} files): ` +
          'copy them too (docs/backup.md)',
      );
    return 0;
  } catch (err) {
    return reportFailure(err, io, BACKUP_USAGE);
  }
}

runIfMain(import.meta.url, backupCli);
