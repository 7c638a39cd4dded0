import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
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

/** A trader's password login (LoginAttempt). */
export const TRADER_LOGIN: LoginLimits = {
  ip: LIMITS.loginIp,
  accountIp: LIMITS.loginAccountIp,
  account: LIMITS.loginAccount,
};

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

  /** Counts one event; the id it returns takes just that one back (`forget`). */
  async hit(limit: Limit, key: string): Promise<number> {
    return hits.insertHit(this.db, { bucket: limit.bucket, key, at: this.now() });
  }

  async forget(hitIds: readonly number[]): Promise<void> {
    for (const id of hitIds) await hits.deleteHit(this.db, id);
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

/** The three counts a password login keeps (docs/api.md "Accounts and access"). */
export interface LoginLimits {
  /** Failures from one address: the address is locked out. */
  ip: Limit;
  /** Failures for one account from one address: that address is locked out of it. */
  accountIp: Limit;
  /** Failures for one account from anywhere: it then needs the image code. */
  account: Limit;
}

/** The same limit, read with one more hit counted: the caller's own is already among them. */
const withOwnHit = (limit: Limit): Limit => ({ ...limit, max: limit.max + 1 });

const tooMany = (waitMs: number) =>
  AppError.rule('errors.too_many_attempts', { minutes: Math.ceil(waitMs / 60_000) });

/**
 * One password login, counted as a failure BEFORE its password is checked, then the counts
 * read again with it: guesses sent at once — to one instance or several — each see those
 * recorded before them, so no more than the limits' numbers are ever checked (reading first
 * and recording after let a burst all pass one empty count). What turns out not to be a
 * guess takes its own hits back: a right password (`succeeded`), an attempt refused before
 * its password was checked (`withdraw`).
 */
export class LoginAttempt {
  private constructor(
    private readonly throttle: Throttle,
    private readonly limits: LoginLimits,
    private readonly keys: { ip: string; pair: string; account: string },
    private readonly hitIds: { ip: number; pair: number; account: number },
    /** The account had reached its failures before this attempt: it needs the image code. */
    readonly captchaNeeded: boolean,
  ) {}

  /** Counts the attempt, or refuses it (too many) with nothing counted. */
  static async begin(
    throttle: Throttle,
    limits: LoginLimits,
    keys: { ip: string; pair: string; account: string },
  ): Promise<LoginAttempt> {
    const waitBefore = Math.max(
      await throttle.retryAfter(limits.ip, keys.ip),
      await throttle.retryAfter(limits.accountIp, keys.pair),
    );
    if (waitBefore > 0) throw tooMany(waitBefore);
    const hitIds = {
      ip: await throttle.hit(limits.ip, keys.ip),
      pair: await throttle.hit(limits.accountIp, keys.pair),
      account: await throttle.hit(limits.account, keys.account),
    };
    const waitWith = Math.max(
      await throttle.retryAfter(withOwnHit(limits.ip), keys.ip),
      await throttle.retryAfter(withOwnHit(limits.accountIp), keys.pair),
    );
    const captchaNeeded =
      waitWith === 0 && (await throttle.reached(withOwnHit(limits.account), keys.account));
    const attempt = new LoginAttempt(throttle, limits, keys, hitIds, captchaNeeded);
    if (waitWith > 0) {
      await attempt.withdraw();
      throw tooMany(waitWith);
    }
    return attempt;
  }

  /** A wrong password: its hits stay. Whether the next attempt needs the image code. */
  async failed(): Promise<boolean> {
    return this.captchaNeeded || this.throttle.reached(this.limits.account, this.keys.account);
  }

  /**
   * The right password: its own hits go, and the address's count for this account. The
   * account-wide count of others' failures stays: an attack going on elsewhere still meets
   * the image code.
   */
  async succeeded(): Promise<void> {
    await this.throttle.forget([this.hitIds.ip, this.hitIds.account]);
    await this.throttle.clear(this.limits.accountIp, this.keys.pair);
  }

  /** Refused before its password was checked (the image code missing or wrong): not a guess. */
  async withdraw(): Promise<void> {
    await this.throttle.forget([this.hitIds.ip, this.hitIds.pair, this.hitIds.account]);
  }
}
