import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CliFailure } from './args.js';
import { replaceWith } from './files.js';

/** sqlite3_backup_step's page count for "everything left", in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a live database with SQLite's online backup API. All pages are copied in one step,
 * inside one read transaction: in WAL mode that never blocks the server's writers, and the
 * copy is the database as of one commit. (In small steps, better-sqlite3's default, every
 * commit of the server in between restarts the copy: under load it might never finish.)
 * The copy is then checked and switched to a rollback journal, one self-contained file.
 */
export async function backupSqlite(source: string, dest: string): Promise<void> {
  if (!fs.existsSync(source))
    throw new CliFailure(`no database at ${source}: nothing to back up (set DATA_DIR or DATABASE_URL)`, 2);
  const db = new SQLite(source, { fileMustExist: true, timeout: 5_000 });
  try {
    await db.backup(dest, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new SQLite(dest, { fileMustExist: true });
  try {
    const check: unknown = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CliFailure(`the copy failed SQLite's check: ${String(check)}`);
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** The names in a database's migration table (Kysely's), or a failure if it is no Pipwise database. */
export function sqliteMigrations(file: string): string[] {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check: unknown = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new CliFailure(`${file} is damaged (SQLite's check: ${String(check)})`);
    const table = db.prepare(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'",
    );
    if (!table.get())
      throw new CliFailure(`${file} is not a Pipwise database (it has no migration table)`, 2);
    return db
      .prepare('SELECT name FROM kysely_migration ORDER BY name')
      .all()
      .map((row) => (row as { name: string }).name);
  } finally {
    db.close();
  }
}

/**
 * How many tables the database at `file` holds, once sure nobody else has it open. A server
 * keeps its connection open for its whole life, and in WAL mode every open connection holds
 * a shared lock on the file: an exclusive lock is granted only when no other process has the
 * database open (a server, a backup, the sqlite3 shell). Throws when it is in use.
 */
export function sqliteTables(file: string): number {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    const row = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
      .get() as { n: number };
    db.exec('COMMIT');
    return row.n;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_BUSY')
      throw new CliFailure(`${file} is in use (a server running on this DATA_DIR?): stop it first`);
    if (code === 'SQLITE_NOTADB')
      throw new CliFailure(`${file} is not an SQLite database: move it away first`);
    throw err;
  } finally {
    // Closing the last connection checkpoints and removes the -wal file.
    db?.close();
  }
}

/**
 * Puts a copy of `backup` in place of the database `target`: copied beside it under a
 * temporary name, then renamed over it, so a crash leaves either the old file or the new one.
 * A -wal or -shm file left by the old database is removed first: SQLite would otherwise
 * replay the old database's log into the restored one.
 */
export function replaceSqlite(backup: string, target: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.restore-${process.pid}`;
  try {
    fs.copyFileSync(backup, temp);
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(target + suffix, { force: true });
    replaceWith(temp, target);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
