import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { CliFailure } from './args.js';

/**
 * pg_dump, pg_restore and psql take DATABASE_URL as it is, except its password: that goes
 * in PGPASSWORD, so it never shows in `ps`. `-w` everywhere: a missing password fails at
 * once instead of waiting for a prompt in a cron job.
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** The PostgreSQL client tools are Debian's postgresql-client, matching the server's version. */
function missing(tool: string): CliFailure {
  return new CliFailure(
    `${tool} was not found on PATH: install the PostgreSQL client tools of your server's version ` +
      '(Debian: apt-get install postgresql-client)',
  );
}

interface Outcome {
  code: number | null;
  stderr: string;
}

/** Waits for a child to end; its stderr (the last few kB) says why it failed. */
function finished(child: ChildProcess, tool: string): Promise<Outcome> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? missing(tool) : err));
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

/** `pg_dump --format=custom`: one consistent snapshot (a repeatable-read transaction), compressed. */
export async function dumpPostgres(url: string, dest: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  const child = spawn('pg_dump', ['-w', '--format=custom', `--file=${dest}`, `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const { code, stderr } = await finished(child, 'pg_dump');
  if (code !== 0) throw new CliFailure(`pg_dump failed: ${stderr || `exit status ${code}`}`);
}

/**
 * The names in the archive's migration table, read without restoring anything: pg_restore
 * prints that one table's rows as COPY text. None: not a Pipwise database.
 */
export async function dumpMigrations(file: string): Promise<string[]> {
  const child = spawn('pg_restore', ['--data-only', '--table=kysely_migration', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const { code, stderr } = await finished(child, 'pg_restore');
  if (code !== 0) throw new CliFailure(`${file} cannot be read by pg_restore: ${stderr}`, 2);
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^COPY \S*kysely_migration /.test(l));
  if (start < 0) throw new CliFailure(`${file} is not a Pipwise database (it has no migration table)`, 2);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    names.push(line.split('\t')[0]!);
  }
  return names.sort();
}

/** Who else is connected to the database, and whether it holds anything (in schema public). */
export async function postgresState(
  url: string,
): Promise<{ database: string; others: number; relations: number }> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    // 3D000: the database does not exist; restore fills a database, it does not create one.
    const hint = (err as { code?: string }).code === '3D000' ? ': create it first (CREATE DATABASE)' : '';
    throw new CliFailure(
      `cannot connect to DATABASE_URL: ${err instanceof Error ? err.message : String(err)}${hint}`,
    );
  }
  try {
    // Client backends only: autovacuum workers show up in pg_stat_activity under the database too.
    const { rows } = await client.query<{ database: string; others: string; relations: string }>(
      `SELECT current_database() AS database,
              (SELECT count(*) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND backend_type = 'client backend') AS others,
              (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')) AS relations`,
    );
    const row = rows[0]!;
    return { database: row.database, others: Number(row.others), relations: Number(row.relations) };
  } finally {
    await client.end();
  }
}

/**
 * Replaces schema public with the archive's, in ONE transaction: `DROP SCHEMA public
 * CASCADE` and the archive's SQL (pg_restore's output) go through one psql session, and
 * COMMIT is sent only once pg_restore has finished without error. Any failure leaves the
 * database as it was. (`pg_restore --clean` drops only what the archive holds: tables a
 * newer version added would survive and break the migrations that re-create them.) Owners
 * and grants are not restored: every object belongs to the DATABASE_URL user.
 */
export async function restorePostgres(file: string, url: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  const psql = spawn('psql', ['-X', '-q', '-w', '-v', 'ON_ERROR_STOP=1', `--dbname=${dbname}`], {
    env,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const restore = spawn('pg_restore', ['--no-owner', '--no-acl', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const psqlDone = finished(psql, 'psql');
  const restoreDone = finished(restore, 'pg_restore');
  // psql stopping at an error closes its input: pg_restore's writes then fail, which is expected.
  psql.stdin.on('error', () => undefined);
  psql.stdin.write(
    // Warnings only: DROP … CASCADE lists every object it drops as a NOTICE.
    'SET client_min_messages = warning;\nBEGIN;\nDROP SCHEMA IF EXISTS public CASCADE;\n' +
      'CREATE SCHEMA public;\nGRANT USAGE ON SCHEMA public TO PUBLIC;\n',
  );
  restore.stdout.pipe(psql.stdin, { end: false });
  void psqlDone.then(
    () => restore.kill(),
    () => restore.kill(),
  );
  let restored: Outcome;
  try {
    restored = await restoreDone;
  } catch (err) {
    psql.kill();
    await psqlDone.catch(() => undefined);
    throw err;
  }
  // Without COMMIT psql reaches the end of its input inside the transaction, and PostgreSQL
  // rolls it back when the session ends.
  psql.stdin.end(restored.code === 0 ? 'COMMIT;\n' : '');
  const applied = await psqlDone;
  // Both may have failed (either cuts the other short): say what each said.
  const problems = [
    applied.code !== 0 ? applied.stderr || `psql exit status ${applied.code}` : '',
    restored.code !== 0
      ? restored.stderr || (restored.code === null ? '' : `exit status ${restored.code}`)
      : '',
  ].filter((p) => p !== '');
  if (problems.length > 0) throw new CliFailure(`restore failed, nothing changed:\n${problems.join('\n')}`);
}
