import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliFailure, UsageError } from './args.js';
import { backupFileName, formatBytes, partialName, publish, resolveOutput, sniff } from './files.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-backup-files-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const AT = new Date('2026-11-27T10:20:03.456Z');

describe('backup file names', () => {
  it('is pipwise-<UTC time to the second>, .db for SQLite and .dump for PostgreSQL', () => {
    expect(backupFileName('sqlite', AT)).toBe('pipwise-20261127T102003Z.db');
    expect(backupFileName('postgres', AT)).toBe('pipwise-20261127T102003Z.dump');
  });

  it('goes to DATA_DIR/backups by default, making the folder', () => {
    const dataDir = path.join(scratch, 'data');
    expect(resolveOutput(undefined, dataDir, 'sqlite', AT)).toBe(
      path.join(dataDir, 'backups', 'pipwise-20261127T102003Z.db'),
    );
    expect(fs.statSync(path.join(dataDir, 'backups')).isDirectory()).toBe(true);
  });

  it('takes --out as a new file, or as a folder to put the default name in', () => {
    expect(resolveOutput(path.join(scratch, 'mine.db'), '/unused', 'sqlite', AT)).toBe(
      path.join(scratch, 'mine.db'),
    );
    expect(resolveOutput(scratch, '/unused', 'postgres', AT)).toBe(
      path.join(scratch, 'pipwise-20261127T102003Z.dump'),
    );
  });

  it('never overwrites a file, and wants the folder of --out to exist', () => {
    const existing = path.join(scratch, 'old.db');
    fs.writeFileSync(existing, 'x');
    expect(() => resolveOutput(existing, '/unused', 'sqlite', AT)).toThrow(CliFailure);
    expect(() => resolveOutput(existing, '/unused', 'sqlite', AT)).toThrow(/exists already/);
    expect(() => resolveOutput(path.join(scratch, 'no/such/x.db'), '/unused', 'sqlite', AT)).toThrow(
      UsageError,
    );
  });

  it('writes under a partial name and publishes without replacing a file that appeared meanwhile', () => {
    const file = path.join(scratch, 'b.db');
    const partial = partialName(file, 123);
    expect(partial).toBe(`${file}.partial-123`);
    fs.writeFileSync(partial, 'one');
    publish(partial, file);
    expect(fs.readFileSync(file, 'utf8')).toBe('one');
    expect(fs.existsSync(partial)).toBe(false);
    fs.writeFileSync(partial, 'two');
    expect(() => publish(partial, file)).toThrow(/appeared while the backup was written/);
    expect(fs.readFileSync(file, 'utf8')).toBe('one');
    expect(fs.existsSync(partial)).toBe(false);
  });
});

describe('backup files', () => {
  it('tells an SQLite database from a pg_dump archive by their first bytes', () => {
    const write = (name: string, bytes: string) => {
      fs.writeFileSync(path.join(scratch, name), bytes, 'latin1');
      return sniff(path.join(scratch, name));
    };
    expect(write('s', 'SQLite format 3\0rest')).toBe('sqlite');
    expect(write('p', 'PGDMP\x01\x0e')).toBe('postgres');
    expect(write('e', '')).toBe('unknown');
    expect(write('t', '-- PostgreSQL database dump')).toBe('unknown');
  });

  it('prints sizes the way people read them', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(640_000)).toBe('640 kB');
    expect(formatBytes(17_231_872)).toBe('17.2 MB');
    expect(formatBytes(2_500_000_000)).toBe('2.50 GB');
  });
});
