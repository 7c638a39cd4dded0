import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helper.js';
import { createDatabase } from '../../core/db/create-db.js';
import type { Db } from '../../core/db/database.js';
import { migrations } from '../../core/db/migrations/index.js';
import { backupCli } from '../backup.js';
import { restoreCli } from '../restore.js';

/** Every migration but the last: a database as an older version left it. */
const ALL = Object.keys(migrations).sort();
const OLDER = ALL.slice(0, -1);

async function migrateToOlder(db: Db): Promise<void> {
  const provider = {
    getMigrations: () => Promise.resolve(Object.fromEntries(OLDER.map((name) => [name, migrations[name]!]))),
  };
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migrating to the older schema failed');
}

/** Runs a command in this process, collecting what it prints. */
async function run(
  command: typeof backupCli,
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await command(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-backup-cli-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const dir = (name: string) => path.join(scratch, name);
const sqliteEnv = (dataDir: string): NodeJS.ProcessEnv => ({ DATA_DIR: dataDir, DATABASE_URL: '' });
const migrationsIn = (file: string) => {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    return db
      .prepare('SELECT name FROM kysely_migration ORDER BY name')
      .all()
      .map((r) => (r as { name: string }).name);
  } finally {
    db.close();
  }
};

describe('npm run backup and restore on SQLite', () => {
  let backup = '';

  it('backs up a database that is open, and restores it into a new DATA_DIR on the newest schema', async () => {
    // The source stays open throughout, as under a running server.
    const source = createDatabase({ url: '', dataDir: dir('source') });
    await migrateToOlder(source.db);
    const written = await run(backupCli, [], sqliteEnv(dir('source')));
    await source.db.destroy();
    expect(written.err).toBe('');
    expect(written.status).toBe(0);
    const match = /^backup written: (.+pipwise-\d{8}T\d{6}Z\.db) \(\d+ kB in \d+\.\d s\)$/.exec(written.out);
    expect(match).not.toBeNull();
    backup = match![1]!;
    expect(fs.readdirSync(dir('source/backups'))).toEqual([path.basename(backup)]);

    const restored = await run(restoreCli, [backup], sqliteEnv(dir('target')));
    expect(restored.err).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.out).toContain(`restored ${backup} into sqlite ${dir('target/pipwise.db')}`);
    expect(restored.out).toContain(`migrated from ${OLDER.at(-1)}: ${ALL.at(-1)}`);
    // Migrated and closed cleanly: no -wal or -shm file left beside it.
    expect(fs.readdirSync(dir('target'))).toEqual(['pipwise.db']);
    expect(migrationsIn(dir('target/pipwise.db'))).toEqual(ALL);
  });

  it('refuses a database in use, and one holding tables unless --yes', async () => {
    const open = createDatabase({ url: '', dataDir: dir('target') });
    // Kysely connects on first use (and only then closes on destroy).
    await open.db.selectFrom('users').select('id').execute();
    const busy = await run(restoreCli, [backup, '--yes'], sqliteEnv(dir('target')));
    await open.db.destroy();
    expect(busy.status).toBe(1);
    expect(busy.err).toBe(
      `${dir('target/pipwise.db')} is in use (a server running on this DATA_DIR?): stop it first`,
    );

    const refused = await run(restoreCli, [backup], sqliteEnv(dir('target')));
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/is not empty \(\d+ tables\): add --yes to replace it with the backup$/);

    const replaced = await run(restoreCli, [backup, '--yes'], sqliteEnv(dir('target')));
    expect(replaced.status).toBe(0);
    expect(replaced.out).toMatch(/^replacing .*pipwise\.db, which is not empty/);
    expect(replaced.out).toContain(`migrated from ${OLDER.at(-1)}`);
  });

  it('touches nothing for a newer version’s backup, a foreign file or the other database kind', async () => {
    const newer = dir('newer.db');
    fs.copyFileSync(backup, newer);
    const db = new SQLite(newer);
    db.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-future', 'now')").run();
    db.close();
    const refused = await run(restoreCli, [newer], sqliteEnv(dir('untouched')));
    expect(refused.status).toBe(1);
    expect(refused.err).toMatch(/comes from a newer Pipwise \(migrations unknown here: 9999-future\)/);
    expect(fs.existsSync(dir('untouched/pipwise.db'))).toBe(false);

    fs.writeFileSync(dir('notes.txt'), 'not a backup');
    const foreign = await run(restoreCli, [dir('notes.txt')], sqliteEnv(dir('untouched')));
    expect(foreign).toMatchObject({
      status: 2,
      err: `${dir('notes.txt')} is neither an SQLite backup nor a pg_dump archive`,
    });

    const postgres = await run(restoreCli, [backup], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(postgres.status).toBe(2);
    expect(postgres.err).toMatch(/is a backup of SQLite, but the server is configured for PostgreSQL/);

    const missing = await run(restoreCli, [dir('nothing.db')], sqliteEnv(dir('untouched')));
    expect(missing.status).toBe(2);
    expect(missing.err).toMatch(/^no such file: .*nothing\.db\nusage: npm run restore/);
    expect(fs.existsSync(dir('untouched/pipwise.db'))).toBe(false);
  });

  it('says so when there is nothing to back up or the configuration is wrong', async () => {
    const empty = await run(backupCli, [], sqliteEnv(dir('empty')));
    expect(empty.status).toBe(2);
    expect(empty.err).toMatch(/^no database at .*pipwise\.db: nothing to back up/);
    const bad = await run(backupCli, [], { DATABASE_URL: 'mysql://x' });
    expect(bad.status).toBe(2);
    expect(bad.err).toMatch(/^Invalid configuration:\n {2}DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});

describe('npm run backup and restore on PostgreSQL', () => {
  it('dumps a database in use and restores it into another, migrating; refuses a non-empty or busy one', async () => {
    const source = await createTestDatabase('postgres');
    const target = await createTestDatabase('postgres');
    try {
      await migrateToOlder(source.handle.db);
      const written = await run(backupCli, ['--out', scratch], {
        DATABASE_URL: source.url,
        DATA_DIR: scratch,
      });
      expect(written.err).toBe('');
      expect(written.status).toBe(0);
      const dump = /^backup written: (\S+\.dump) /.exec(written.out)![1]!;

      const restored = await run(restoreCli, [dump], { DATABASE_URL: target.url });
      expect(restored.err).toBe('');
      expect(restored.status).toBe(0);
      expect(restored.out).toContain(`migrated from ${OLDER.at(-1)}: ${ALL.at(-1)}`);

      const refused = await run(restoreCli, [dump], { DATABASE_URL: target.url });
      expect(refused.status).toBe(1);
      expect(refused.err).toMatch(/is not empty \(\d+ tables, sequences and views in schema public\)/);
      const replaced = await run(restoreCli, [dump, '--yes'], { DATABASE_URL: target.url });
      expect(replaced.status).toBe(0);
      expect(replaced.out).toContain(`migrated from ${OLDER.at(-1)}: ${ALL.at(-1)}`);

      const other = new pg.Client({ connectionString: target.url });
      await other.connect();
      const busy = await run(restoreCli, [dump, '--yes'], { DATABASE_URL: target.url });
      await other.end();
      expect(busy.status).toBe(1);
      expect(busy.err).toMatch(/has 1 other connection\(s\) \(a server running on it\?\): stop them first$/);

      const names = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(
        target.handle.db,
      );
      expect(names.rows.map((r) => r.name)).toEqual(ALL);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
