import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database, Db } from './database.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, for logs (never includes a password). */
  describe: string;
}

export interface DatabaseOptions {
  /** postgres://… or empty for SQLite. */
  url: string;
  /** Folder of the SQLite file. */
  dataDir: string;
  /** SQLite file name inside dataDir (tests use their own). */
  sqliteFile?: string;
}

/** Connections of a database's pool, for /metrics (ops/metrics.ts). */
export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** The PostgreSQL pool behind each Kysely instance made here (SQLite has none). */
const pools = new WeakMap<Db, pg.Pool>();

/** The connection pool's figures now, or undefined for a database without a pool (SQLite). */
export function poolStats(db: Db): PoolStats | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** PostgreSQL's type id of BIGINT. */
const INT8_OID = 20;

/** BIGINT columns hold epoch ms and micro-units: well inside Number's safe range. */
function pgTypes(): pg.CustomTypesConfig {
  const getTypeParser = (oid: number, format?: 'text' | 'binary'): unknown => {
    if (oid === INT8_OID) return (v: string) => Number(v);
    const parser: unknown = pg.types.getTypeParser(oid, format);
    return parser;
  };
  return { getTypeParser: getTypeParser as pg.CustomTypesConfig['getTypeParser'] };
}

/** How many distinct SQL texts keep a prepared statement (the app has a few hundred). */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely's SQLite driver prepares every statement anew, which costs as much as running it.
 * The app's queries are a small, fixed set of SQL texts with parameters, so each is
 * prepared once and reused (better-sqlite3 statements are reusable, and the driver runs one
 * at a time). Least recently used texts are dropped past the cap.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10, types: pgTypes() });
    const url = new URL(options.url);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return {
      db,
      dialect: 'postgres',
      describe: `postgres ${url.hostname}:${url.port || 5432}${url.pathname}`,
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFile ?? 'pipwise.db');
  const sqlite = new SQLite(file);
  // WAL lets readers go on while the one writer commits; NORMAL sync is durable in WAL mode
  // against process crashes, which is what Ctrl-C and restarts need.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: 'sqlite',
    describe: `sqlite ${file}`,
  };
}
