import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import * as repo from './code.repository.js';
import { LIMITS, type Throttle } from './throttle.js';

/** Codes: 6 digits, single use, valid 10 minutes, at most 5 wrong tries. */
const CODE_TTL_MS = 10 * 60_000;
const MAX_WRONG_TRIES = 5;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class CodeService {
  constructor(
    private readonly db: Db,
    private readonly throttle: Throttle,
    private readonly now: () => number,
  ) {}

  /**
   * The send limits (one per target per 60 s, a few per IP per hour): throws the translated
   * reason when a send is not allowed now, else counts this send. Called for every request
   * that could send, including those that in the end send nothing (a reset for an unknown
   * address), so both answer alike.
   */
  async admit(target: string, ip: string): Promise<void> {
    const wait = await this.throttle.retryAfter(LIMITS.codeTarget, target);
    if (wait > 0) throw AppError.rule('errors.code_wait', { seconds: Math.ceil(wait / 1000) });
    if (await this.throttle.reached(LIMITS.codeIp, ip)) throw AppError.rule('errors.code_hourly_limit');
    await this.throttle.hit(LIMITS.codeTarget, target);
    await this.throttle.hit(LIMITS.codeIp, ip);
  }

  /** Issues a code after the send limits; returns it for the caller to deliver. */
  async issue(target: string, purpose: number, ip: string): Promise<string> {
    await this.admit(target, ip);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces any earlier one for the same target and purpose.
      await repo.retireCodes(trx, target, purpose, now);
      await repo.insertCode(trx, {
        target,
        purpose,
        codeHash: sha256(code),
        createdAt: now,
        expiresAt: now + CODE_TTL_MS,
      });
    });
    return code;
  }

  /** Checks and uses up a code; throws a translated reason when it does not pass. */
  async consume(target: string, purpose: number, code: string): Promise<void> {
    const row = await repo.latestCode(this.db, target, purpose);
    if (!row || row.consumed_at !== null) throw AppError.rule('errors.code_invalid');
    if (row.expires_at <= this.now()) throw AppError.rule('errors.code_expired');
    if (row.attempts >= MAX_WRONG_TRIES) throw AppError.rule('errors.code_too_many_tries');
    const given = Buffer.from(sha256(code.trim()));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await repo.countWrongTry(this.db, Number(row.id));
      throw AppError.rule(
        row.attempts + 1 >= MAX_WRONG_TRIES ? 'errors.code_too_many_tries' : 'errors.code_invalid',
      );
    }
    // Conditional, so two requests racing with the same code cannot both use it.
    if (!(await repo.consumeCode(this.db, Number(row.id), this.now()))) {
      throw AppError.rule('errors.code_invalid');
    }
  }
}
