import type { Db } from '../../db/database.js';

/**
 * Rate limits kept in the database, so they hold across restarts and across instances:
 * each counted event is a row, and a limit counts the rows of its window.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** Wrong passwords per account before it is locked for the window. */
  loginAccount: { bucket: 'login_account', max: 5, windowMs: 15 * 60_000 },
  /** Wrong passwords per IP, whatever the account. */
  loginIp: { bucket: 'login_ip', max: 20, windowMs: 15 * 60_000 },
  /** Codes sent to one e-mail or phone. */
  codeTarget: { bucket: 'code_target', max: 1, windowMs: 60_000 },
  /** Codes requested from one IP per hour. */
  codeIp: { bucket: 'code_ip', max: 20, windowMs: 3_600_000 },
  /** Registrations from one IP per hour. */
  registerIp: { bucket: 'register_ip', max: 10, windowMs: 3_600_000 },
} satisfies Record<string, Limit>;

export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Milliseconds until the key may act again, or 0 when it is under its limit. */
  async retryAfter(limit: Limit, key: string): Promise<number> {
    const since = this.now() - limit.windowMs;
    const rows = await this.db
      .selectFrom('rate_hits')
      .select('at')
      .where('bucket', '=', limit.bucket)
      .where('key', '=', key)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit.max)
      .execute();
    if (rows.length < limit.max) return 0;
    const oldestCounted = rows[rows.length - 1]!.at;
    return Math.max(1, oldestCounted + limit.windowMs - this.now());
  }

  async hit(limit: Limit, key: string): Promise<void> {
    await this.db.insertInto('rate_hits').values({ bucket: limit.bucket, key, at: this.now() }).execute();
  }

  async clear(limit: Limit, key: string): Promise<void> {
    await this.db.deleteFrom('rate_hits').where('bucket', '=', limit.bucket).where('key', '=', key).execute();
  }

  /** Forgets hits older than the longest window (run now and then). */
  async prune(): Promise<void> {
    const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
    await this.db
      .deleteFrom('rate_hits')
      .where('at', '<', this.now() - longest)
      .execute();
  }
}
