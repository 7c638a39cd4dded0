import fs from 'node:fs';
import path from 'node:path';
import { CliFailure, UsageError } from './args.js';

export type Dialect = 'sqlite' | 'postgres';

/** The file the server keeps its SQLite database in, under DATA_DIR (core/db/create-db.ts). */
export const SQLITE_FILE = 'pipwise.db';

/** `pipwise-20261127T102000Z.db` (or `.dump`): sorts by time, no characters a shell or scp minds. */
export function backupFileName(dialect: Dialect, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `pipwise-${stamp}.${dialect === 'sqlite' ? 'db' : 'dump'}`;
}

/**
 * Where a backup goes: `--out` as a new file (its folder must exist), `--out` naming a folder
 * (the default name in it), or DATA_DIR/backups (made when missing). An existing file is
 * never overwritten: an older backup is worth more than a typo.
 */
export function resolveOutput(out: string | undefined, dataDir: string, dialect: Dialect, at: Date): string {
  const name = backupFileName(dialect, at);
  let file: string;
  if (out === undefined) {
    const dir = path.join(dataDir, 'backups');
    fs.mkdirSync(dir, { recursive: true });
    file = path.join(dir, name);
  } else {
    const resolved = path.resolve(out);
    if (isDirectory(resolved)) file = path.join(resolved, name);
    else if (!isDirectory(path.dirname(resolved)))
      throw new UsageError(`--out: no such folder: ${path.dirname(resolved)}`);
    else file = resolved;
  }
  if (fs.existsSync(file)) throw new CliFailure(`${file} exists already: name another file`, 2);
  return file;
}

function isDirectory(p: string): boolean {
  return fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
}

/**
 * The name a backup is written under until it is complete: beside the final file (so the
 * rename stays on one file system), not ending in .db/.dump, and per process.
 */
export function partialName(file: string, pid: number): string {
  return `${file}.partial-${pid}`;
}

/**
 * Makes a complete file visible under its final name: flushed to disk first, then linked
 * (link, unlike rename, fails instead of replacing a file that appeared meanwhile), the
 * partial name removed, and the folder flushed so the new name survives a power cut.
 */
export function publish(partial: string, file: string): void {
  syncFile(partial);
  try {
    fs.linkSync(partial, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // No hard links on this file system (FAT, some network mounts): check, then rename.
    if (code === 'EEXIST' || fs.existsSync(file)) {
      fs.rmSync(partial, { force: true });
      throw new CliFailure(`${file} appeared while the backup was written: it was left as it is`);
    }
    fs.renameSync(partial, file);
  }
  fs.rmSync(partial, { force: true });
  syncFile(path.dirname(file));
}

/** Moves a complete file over `target`, replacing it in one step (restore). */
export function replaceWith(partial: string, target: string): void {
  syncFile(partial);
  fs.renameSync(partial, target);
  syncFile(path.dirname(target));
}

export function syncFile(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** What a file is by its first bytes: an SQLite database, a pg_dump custom archive, or neither. */
export function sniff(file: string): Dialect | 'unknown' {
  const head = Buffer.alloc(16);
  const fd = fs.openSync(file, 'r');
  let read: number;
  try {
    read = fs.readSync(fd, head, 0, 16, 0);
  } finally {
    fs.closeSync(fd);
  }
  const bytes = head.subarray(0, read);
  if (bytes.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
  if (bytes.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  return 'unknown';
}

/** 17.2 MB, 640 kB, 12 B. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(0)} kB`;
  return `${bytes} B`;
}

/** Files under a folder (0 when it is missing), for the reminder of what a backup leaves out. */
export function countFiles(dir: string): number {
  if (!isDirectory(dir)) return 0;
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) n += 1;
  return n;
}
