import type { Db } from '../../db/database.js';
import { DEFAULT_SETTINGS } from '../../db/seed/settings.js';

/**
 * Operator settings (key → text). Read often, changed rarely by operators, so they are
 * cached and reloaded when the back office writes one.
 */
export class SettingsService {
  private cache: Map<string, string> | undefined;

  constructor(private readonly db: Db) {}

  async get(key: string): Promise<string | undefined> {
    if (!this.cache) {
      const rows = await this.db.selectFrom('settings').selectAll().execute();
      this.cache = new Map(rows.map((r) => [r.key, r.value]));
    }
    return this.cache.get(key) ?? DEFAULT_SETTINGS[key];
  }

  async number(key: string, fallback = 0): Promise<number> {
    const value = Number(await this.get(key));
    return Number.isFinite(value) ? value : fallback;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
    this.cache = undefined;
  }
}
