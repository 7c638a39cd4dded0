import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import * as repo from './referral.repository.js';

/**
 * Invites (spec "/mine/invite"): every user has a code; registering with it records the
 * referrer (modules/auth/registration.service.ts). This reports the code and the count.
 */
export class ReferralService {
  constructor(private readonly db: Db) {}

  async inviteInfo(userId: number): Promise<{ invite_code: string; invited_count: number }> {
    const [code, count] = await Promise.all([
      repo.inviteCodeOf(this.db, userId),
      repo.countReferred(this.db, userId),
    ]);
    if (code === undefined) throw AppError.sessionExpired();
    return { invite_code: code, invited_count: count };
  }
}
