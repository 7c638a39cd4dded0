import { STEP_UP_WINDOW_MS, type AuthenticationCredential, type StepUpResult } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { StepUpGate } from '../../core/caller.js';
import type { Db } from '../../core/db/database.js';
import type { PasskeyService, RelyingParty } from './passkey.service.js';
import { verifyPassword } from './password.js';
import { markVerified, sessionVerifiedAt } from './session.repository.js';
import { LIMITS, type Limit, type Throttle } from './throttle.js';
import { findUserById } from './user.repository.js';

/**
 * Step-up (docs/passkeys.md "Step-up before a withdrawal"): a session may withdraw within
 * STEP_UP_WINDOW_MS of its last proof — its sign-in, or the password or one of the trader's
 * passkeys asked for again. A session found on a lost phone, or a token lifted from one,
 * cannot move money out without what only the trader knows or holds.
 */
export class StepUpService implements StepUpGate {
  constructor(
    private readonly db: Db,
    private readonly passkeys: PasskeyService,
    private readonly throttle: Throttle,
    private readonly now: () => number,
  ) {}

  async withPassword(userId: number, sessionId: number, password: string): Promise<StepUpResult> {
    await this.countAttempt(userId);
    const user = await findUserById(this.db, userId);
    if (!user) throw AppError.sessionExpired();
    if (!(await verifyPassword(user.password_hash, password))) throw AppError.rule('errors.step_up_failed');
    return this.proven(userId, sessionId);
  }

  async passkeyOptions(userId: number, rp: RelyingParty) {
    await this.assertNotLocked(userId);
    return this.passkeys.stepUpOptions(userId, rp);
  }

  async withPasskey(
    userId: number,
    sessionId: number,
    rp: RelyingParty,
    input: { challenge_id: string; credential: AuthenticationCredential },
  ): Promise<StepUpResult> {
    await this.countAttempt(userId);
    if (!(await this.passkeys.provesOwner(userId, rp, input))) throw AppError.rule('errors.step_up_failed');
    return this.proven(userId, sessionId);
  }

  /** Refuses, asking for a step-up, unless the session proved itself within the window. */
  async assertRecent(sessionId: number): Promise<void> {
    const verifiedAt = await sessionVerifiedAt(this.db, sessionId);
    if (verifiedAt === undefined) throw AppError.sessionExpired();
    if (this.now() - verifiedAt > STEP_UP_WINDOW_MS)
      throw AppError.rule('errors.step_up_required').withData({ step_up_required: true });
  }

  private async proven(userId: number, sessionId: number): Promise<StepUpResult> {
    const at = this.now();
    await markVerified(this.db, sessionId, at);
    await this.throttle.clear(LIMITS.stepUpUser, String(userId));
    return { verified_until: at + STEP_UP_WINDOW_MS };
  }

  private async assertNotLocked(userId: number, limit: Limit = LIMITS.stepUpUser): Promise<void> {
    const wait = await this.throttle.retryAfter(limit, String(userId));
    if (wait > 0) throw AppError.rule('errors.too_many_attempts', { minutes: Math.ceil(wait / 60_000) });
  }

  /**
   * Counts an answer before it is checked (a right one clears the count in `proven`), then
   * reads the count with it: answers sent at once, to one instance or several, each see
   * those recorded before them, so at most the limit's number of them are ever checked
   * (reading first and recording only wrong ones let a burst all pass one empty count).
   */
  private async countAttempt(userId: number): Promise<void> {
    await this.assertNotLocked(userId);
    await this.throttle.hit(LIMITS.stepUpUser, String(userId));
    await this.assertNotLocked(userId, { ...LIMITS.stepUpUser, max: LIMITS.stepUpUser.max + 1 });
  }
}
