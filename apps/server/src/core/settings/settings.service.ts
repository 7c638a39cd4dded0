import { EventEmitter } from 'node:events';
import type { Db } from '../db/database.js';
import { SETTING_DEFAULTS, type NumberSettingKey, type SettingKey, type TextSettingKey } from './defaults.js';
import * as repo from './settings.repository.js';

/**
 * Operator settings (key → text). Read often, changed rarely by operators, so they are
 * cached and reloaded when the back office writes one.
 */
export class SettingsService {
  private cache: Map<string, string> | undefined;
  /** False while this instance cannot hear the others' writes: every read goes to the database. */
  private keeping = true;
  /** `changed` after a write here (other instances hear of it through the cluster bridge). */
  readonly events = new EventEmitter<{ changed: [key: string] }>();

  constructor(private readonly db: Db) {}

  /** Forgets the cache: the next read sees what another instance wrote. */
  invalidate(): void {
    this.cache = undefined;
  }

  /**
   * Whether reads may be cached: not while the link to the other instances is down, when a
   * setting saved through another instance would go unheard. Either way the cache is dropped.
   */
  keepReads(keep: boolean): void {
    this.keeping = keep;
    this.cache = undefined;
  }

  /** The stored text, or the default's (core/settings/defaults.ts) when it was never saved. */
  async get(key: SettingKey): Promise<string> {
    let values = this.cache;
    if (!values) {
      const rows = await repo.allSettings(this.db);
      values = new Map(rows.map((r) => [r.key, r.value]));
      if (this.keeping) this.cache = values;
    }
    return values.get(key) ?? String(SETTING_DEFAULTS[key]);
  }

  /** A number setting; a stored value that is not a number reads as the default. */
  async number(key: NumberSettingKey): Promise<number> {
    const value = Number(await this.get(key));
    return Number.isFinite(value) ? value : SETTING_DEFAULTS[key];
  }

  async text(key: TextSettingKey): Promise<string> {
    return this.get(key);
  }

  async set(key: SettingKey, value: string): Promise<void> {
    await this.write(this.db, key, value);
    this.announce([key]);
  }

  /**
   * Writes a setting inside the caller's transaction (the back office writes its audit row
   * in the same one). Call `announce` once it has committed.
   */
  async write(trx: Db, key: SettingKey, value: string): Promise<void> {
    await repo.upsertSetting(trx, key, value);
  }

  /** After a commit: forget the cache and tell listeners (other instances through the cluster). */
  announce(keys: readonly string[]): void {
    this.cache = undefined;
    for (const key of keys) this.events.emit('changed', key);
  }
}
