import type { Db } from '../db/database.js';
import { SETTING_DEFAULTS } from './defaults.js';

/** Every setting a new installation stores, as text (the table in core/settings/defaults.ts). */
const DEFAULT_SETTINGS: Record<string, string> = Object.fromEntries(
  Object.entries(SETTING_DEFAULTS).map(([key, value]) => [key, String(value)]),
);

/**
 * Stores the default of every setting not stored yet, at each start: a new installation gets
 * them all, an upgraded one the settings its new version added. A stored value is never
 * touched, and a second instance starting at the same time inserts nothing twice.
 */
export async function seedSettings(db: Db): Promise<void> {
  await db
    .insertInto('settings')
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
