import { toMicros, type LoginResult } from '@pipwise/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';

import { createAccount, postEntry } from '../wallet/account.repository.js';
import { resolveIdentity } from './identifiers.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import type { SessionService } from './session.service.js';
import { LIMITS, type Throttle } from './throttle.js';
import { toUserDto } from './user.dto.js';
import * as users from './user.repository.js';
import { isUniqueViolation, newDemoId, newInviteCode, newUid } from './user-codes.js';

/** Login, demo accounts and logout. */
export class AccessService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly throttle: Throttle,
    private readonly options: { demoBalance: number },
    private readonly now: () => number,
  ) {}

  /**
   * Password login. The failure message is the same whether or not the account exists,
   * and a password is checked (against a dummy hash) either way so timing tells nothing.
   */
  async login(
    input: { account: string; password: string; login_type: 1 | 2; area_id?: number | undefined },
    ip: string,
  ): Promise<LoginResult> {
    let target: string;
    try {
      target = resolveIdentity(input.login_type, input.account, input.area_id).target;
    } catch {
      throw AppError.rule('errors.login_failed');
    }
    const wait = Math.max(
      await this.throttle.retryAfter(LIMITS.loginAccount, target),
      await this.throttle.retryAfter(LIMITS.loginIp, ip),
    );
    if (wait > 0) throw AppError.rule('errors.too_many_attempts', { minutes: Math.ceil(wait / 60_000) });

    const identity = resolveIdentity(input.login_type, input.account, input.area_id);
    const user =
      identity.kind === 'email'
        ? await users.findUserByEmail(this.db, identity.email)
        : await users.findUserByMobile(this.db, identity.areaCode, identity.national);
    const passwordOk = await verifyPassword(
      user && user.is_demo === 0 ? user.password_hash : await dummyPasswordHash(),
      input.password,
    );
    if (!user || user.is_demo === 1 || !passwordOk) {
      await this.throttle.hit(LIMITS.loginAccount, target);
      await this.throttle.hit(LIMITS.loginIp, ip);
      throw AppError.rule('errors.login_failed');
    }
    if (user.status !== 'active') throw AppError.rule('errors.account_frozen');
    await this.throttle.clear(LIMITS.loginAccount, target);
    return { token: await this.sessions.create(Number(user.id)), user: toUserDto(user) };
  }

  /** A demo account: the device's own when it sends a known demo_id, otherwise a new one. */
  async demo(demoId: string | undefined): Promise<LoginResult & { demo_id: string }> {
    if (demoId) {
      const existing = await users.findUserByDemoId(this.db, demoId);
      if (existing && existing.status === 'active') {
        return {
          token: await this.sessions.create(Number(existing.id)),
          user: toUserDto(existing),
          demo_id: demoId,
        };
      }
    }
    const userId = await this.createDemoUser();
    const user = await users.findUserById(this.db, userId);
    if (!user?.demo_id) throw new Error('demo user vanished');
    return { token: await this.sessions.create(userId), user: toUserDto(user), demo_id: user.demo_id };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(token);
  }

  /** The demo user, its account and its starting credit, in one transaction. */
  private async createDemoUser(): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const now = this.now();
          const userId = await users.insertUser(trx, {
            uid: newUid(),
            email: null,
            area_code: null,
            mobile: null,
            // Demo users never log in by password: "!" is no valid argon2 hash.
            password_hash: '!',
            invite_code: newInviteCode(),
            referrer_id: null,
            is_demo: 1,
            demo_id: newDemoId(),
            status: 'active',
            created_at: now,
          });
          await createAccount(trx, userId, now);
          await postEntry(trx, {
            userId,
            type: 'demo_credit',
            amount: toMicros(this.options.demoBalance),
            now,
          });
          return userId;
        });
      } catch (err) {
        // A random uid or invite code collided: try again with new ones.
        if (attempt < 5 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }
}
