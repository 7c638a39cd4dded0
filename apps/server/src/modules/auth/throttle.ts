import type { Db } from '../../core/db/database.js';
import * as hits from './rate-hit.repository.js';

/**
 * Rate limits kept in the database, so they hold across restarts and across instances:
 * each counted event is a row, and a limit counts the rows of its window.
 */
export interface Limit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Login failures lock out the source, never the account (docs/api.md "Accounts and
 * access"): the address is what a guesser controls, and locking the account would let
 * anyone lock its owner out.
 */
export const LIMITS = {
  /**
   * Wrong passwords or passkey answers when a withdrawal asks again (a step-up): the
   * trader's step-up is locked a while, so a stolen session cannot guess the password.
   */
  stepUpUser: { bucket: 'step_up_user', max: 5, windowMs: 15 * 60_000 },
  /** Failed logins from one address, whatever the account: the address is locked out. */
  loginIp: { bucket: 'login_ip', max: 20, windowMs: 15 * 60_000 },
  /**
   * Wrong passwords for one account from one address: that address is locked out of it.
   * Above loginAccount, so an owner who mistypes meets the image code before a lockout.
   */
  loginAccountIp: { bucket: 'login_account_ip', max: 10, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from anywhere: logging in to it then needs the image code. */
  loginAccount: { bucket: 'login_account', max: 5, windowMs: 15 * 60_000 },
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
    const times = await hits.recentHits(this.db, {
      bucket: limit.bucket,
      key,
      since: this.now() - limit.windowMs,
      max: limit.max,
    });
    if (times.length < limit.max) return 0;
    const oldestCounted = times[times.length - 1]!;
    return Math.max(1, oldestCounted + limit.windowMs - this.now());
  }

  /** True while the key has reached its limit. */
  async reached(limit: Limit, key: string): Promise<boolean> {
    return (await this.retryAfter(limit, key)) > 0;
  }

  async hit(limit: Limit, key: string): Promise<void> {
    await hits.insertHit(this.db, { bucket: limit.bucket, key, at: this.now() });
  }

  async clear(limit: Limit, key: string): Promise<void> {
    await hits.deleteHits(this.db, limit.bucket, key);
  }

  /** Forgets hits older than the longest window (run now and then). */
  async prune(): Promise<void> {
    const longest = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
    await hits.deleteHitsBefore(this.db, this.now() - longest);
  }
}
