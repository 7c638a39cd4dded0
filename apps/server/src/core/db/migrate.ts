import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

/** Migrations are compiled in (not read from a folder), so dist and tsx run the same set. */
class InlineProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(migrations);
  }
}

/** Databases brought up to date by this process (what /ready's `migrations` check reads). */
const migrated = new WeakSet<Db>();

/** Whether `migrateToLatest` has completed on this database in this process. */
export function hasMigrated(db: Db): boolean {
  return migrated.has(db);
}

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Unordered: a migration merged from a parallel branch with a lower number still runs.
  const migrator = new Migrator({ db, provider: new InlineProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : error === undefined ? '' : 'unknown error';
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  migrated.add(db);
  return (results ?? []).map((r) => r.migrationName);
}
