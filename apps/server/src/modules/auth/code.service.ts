import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
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
   * Issues a code for a target and purpose after the send limits (one per target per
   * 60 s, a few per IP per hour). Returns the code for the caller to deliver.
   */
  async issue(target: string, purpose: number, ip: string): Promise<string> {
    const wait = await this.throttle.retryAfter(LIMITS.codeTarget, target);
    if (wait > 0) throw AppError.rule('errors.code_wait', { seconds: Math.ceil(wait / 1000) });
    if ((await this.throttle.retryAfter(LIMITS.codeIp, ip)) > 0)
      throw AppError.rule('errors.code_hourly_limit');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      // A new code replaces any earlier one for the same target and purpose.
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          target,
          purpose,
          code_hash: sha256(code),
          attempts: 0,
          created_at: now,
          expires_at: now + CODE_TTL_MS,
          consumed_at: null,
        })
        .execute();
    });
    await this.throttle.hit(LIMITS.codeTarget, target);
    await this.throttle.hit(LIMITS.codeIp, ip);
    return code;
  }

  /** Checks and uses up a code; throws a translated reason when it does not pass. */
  async consume(target: string, purpose: number, code: string): Promise<void> {
    const row = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.consumed_at !== null) throw AppError.rule('errors.code_invalid');
    if (row.expires_at <= this.now()) throw AppError.rule('errors.code_expired');
    if (row.attempts >= MAX_WRONG_TRIES) throw AppError.rule('errors.code_too_many_tries');
    const given = Buffer.from(sha256(code.trim()));
    if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .execute();
      throw AppError.rule(
        row.attempts + 1 >= MAX_WRONG_TRIES ? 'errors.code_too_many_tries' : 'errors.code_invalid',
      );
    }
    // Conditional, so two requests racing with the same code cannot both use it.
    const used = await this.db
      .updateTable('verification_codes')
      .set({ consumed_at: this.now() })
      .where('id', '=', row.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) throw AppError.rule('errors.code_invalid');
  }
}
