import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { countReferredBy, inviteCodeOf } from '../auth/index.js';

/**
 * Invites (spec "/mine/invite"): every user has a code; registering with it records the
 * referrer (modules/auth/registration.service.ts). Both are columns of `users`, so this
 * asks the auth module's face for the code and the count; the module owns no table.
 */
export class ReferralService {
  constructor(private readonly db: Db) {}

  async inviteInfo(userId: number): Promise<{ invite_code: string; invited_count: number }> {
    const [code, count] = await Promise.all([
      inviteCodeOf(this.db, userId),
      countReferredBy(this.db, userId),
    ]);
    if (code === undefined) throw AppError.sessionExpired();
    return { invite_code: code, invited_count: count };
  }
}
