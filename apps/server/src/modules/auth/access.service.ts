import { toMicros, type LoginResult, type User } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';

import { post } from '../../core/money/ledger.js';
import { createAccount } from '../../core/money/ledger.repository.js';
import type { CaptchaService } from './captcha.service.js';
import { resolveIdentity, type Identity } from './identifiers.js';
import { dummyPasswordHash, verifyPassword } from './password.js';
import { SESSION_TTL_MS, type SessionService } from './session.service.js';
import { LIMITS, LoginAttempt, TRADER_LOGIN, type Throttle } from './throttle.js';
import { toUserDto } from './user.dto.js';
import * as users from './user.repository.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import { newDemoId, newInviteCode, newUid } from './user-codes.js';

/**
 * How long a device's demo_id gives its demo user back: while the newest session of that
 * user would still be valid, i.e. at most 30 days after the last demo login.
 */
export const DEMO_RESUME_MS = SESSION_TTL_MS;

/** What a login refused for want of the image code says in `data`, so the form shows it. */
const CAPTCHA_REQUIRED = { captcha_required: true };

export interface LoginInput {
  account: string;
  password: string;
  login_type: 1 | 2;
  area_id?: number | undefined;
  key?: string | undefined;
  captcha?: string | undefined;
}

/** Login, demo accounts, logout and the caller's own user. */
export class AccessService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly captchas: CaptchaService,
    private readonly throttle: Throttle,
    private readonly options: { demoBalance: number },
    private readonly now: () => number,
  ) {}

  /**
   * Password login. The failure message is the same whether or not the account exists,
   * and a password is checked (against a dummy hash) either way so timing tells nothing.
   * Guessing locks out the source (the address, and the address for that account); the
   * account itself is only slowed down: after a few failures from anywhere it needs the
   * image code, which also applies to unknown accounts, so it tells nothing either.
   */
  async login(input: LoginInput, ip: string): Promise<LoginResult> {
    let identity: Identity;
    try {
      identity = resolveIdentity(input.login_type, input.account, input.area_id);
    } catch {
      throw AppError.rule('errors.login_failed');
    }
    const target = identity.target;
    const attempt = await LoginAttempt.begin(this.throttle, TRADER_LOGIN, {
      ip,
      pair: `${target} ${ip}`,
      account: target,
    });
    // Checked before the password, so a guess without a solved image tells nothing.
    if (attempt.captchaNeeded) await this.checkCaptcha(input, ip, attempt);

    const user =
      identity.kind === 'email'
        ? await users.findUserByEmail(this.db, identity.email)
        : await users.findUserByMobile(this.db, identity.areaCode, identity.national);
    const passwordOk = await verifyPassword(
      user && user.is_demo === 0 ? user.password_hash : await dummyPasswordHash(),
      input.password,
    );
    if (!user || user.is_demo === 1 || !passwordOk) {
      const failed = AppError.rule('errors.login_failed');
      throw (await attempt.failed()) ? failed.withData(CAPTCHA_REQUIRED) : failed;
    }
    await attempt.succeeded();
    if (user.status !== 'active') throw AppError.rule('errors.account_frozen');
    return { token: await this.sessions.create(Number(user.id)), user: toUserDto(user) };
  }

  /**
   * The image code a slowed-down account needs: without one the attempt is not counted; a
   * wrong one counts once against the address.
   */
  private async checkCaptcha(input: LoginInput, ip: string, attempt: LoginAttempt): Promise<void> {
    if (!input.key || !input.captcha) {
      await attempt.withdraw();
      throw AppError.rule('errors.login_captcha_required').withData(CAPTCHA_REQUIRED);
    }
    try {
      await this.captchas.verify(input.key, input.captcha);
    } catch (err) {
      await attempt.withdraw();
      if (!(err instanceof AppError)) throw err;
      await this.throttle.hit(LIMITS.loginIp, ip);
      throw err.withData(CAPTCHA_REQUIRED);
    }
  }

  /**
   * A demo account: the device's own when it sends the demo_id of an active demo user whose
   * newest session started less than DEMO_RESUME_MS ago, otherwise a new one. Resuming
   * ends the user's older sessions, so one device holds one session, not one per visit.
   */
  async demo(demoId: string | undefined): Promise<LoginResult & { demo_id: string }> {
    if (demoId) {
      const existing = await users.findUserByDemoId(this.db, demoId);
      if (existing && existing.status === 'active' && (await this.resumable(Number(existing.id)))) {
        const userId = Number(existing.id);
        this.sessions.announce(await this.sessions.endUserSessions(this.db, userId));
        return { token: await this.sessions.create(userId), user: toUserDto(existing), demo_id: demoId };
      }
    }
    const userId = await this.createDemoUser();
    const user = await users.findUserById(this.db, userId);
    if (!user?.demo_id) throw new Error('demo user vanished');
    return { token: await this.sessions.create(userId), user: toUserDto(user), demo_id: user.demo_id };
  }

  private async resumable(userId: number): Promise<boolean> {
    const latest = await this.sessions.latestStart(userId);
    return latest !== undefined && this.now() - latest < DEMO_RESUME_MS;
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(token);
  }

  /** The logged-in caller as the API shows users. */
  async profile(userId: number): Promise<User> {
    const user = await users.findUserById(this.db, userId);
    if (!user) throw AppError.sessionExpired();
    return toUserDto(user);
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
          await createAccount(trx, userId, now, 'demo');
          await post(trx, { userId, kind: 'demo_credit', amount: toMicros(this.options.demoBalance), now });
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
