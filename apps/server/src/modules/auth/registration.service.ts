import { CodePurpose, PhoneAtRegistration, RegistrationCaptcha } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import type { SettingsService } from '../../core/settings/settings.service.js';
import { createAccount } from '../../core/money/ledger.repository.js';
import type { CaptchaService } from './captcha.service.js';
import type { CodeService } from './code.service.js';
import { normalizeMobile, resolveIdentity } from './identifiers.js';
import { assertNewPassword, hashPassword } from './password.js';
import { LIMITS, type Throttle } from './throttle.js';
import * as users from './user.repository.js';
import { isUniqueViolation } from '../../core/db/unique-violation.js';
import { newInviteCode, newUid } from './user-codes.js';

export interface RegisterInput {
  type: 1 | 2;
  account: string;
  password: string;
  re_password: string;
  sms_code: string;
  area_id?: number | undefined;
  mobile?: string | undefined;
  invite_code?: string | undefined;
  key?: string | undefined;
  captcha?: string | undefined;
}

/** Registration of a real user (docs/product.md §7 register; docs/api.md enumerations). */
export class RegistrationService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodeService,
    private readonly captchas: CaptchaService,
    private readonly settings: SettingsService,
    private readonly throttle: Throttle,
    private readonly now: () => number,
  ) {}

  async register(input: RegisterInput, ip: string): Promise<{ uid: string }> {
    if ((await this.throttle.retryAfter(LIMITS.registerIp, ip)) > 0)
      throw AppError.rule('errors.too_many_requests');
    if ((await this.settings.number('verify_reg_type')) === RegistrationCaptcha.Required)
      await this.captchas.verify(input.key, input.captcha);
    assertNewPassword(input.password, input.re_password);

    const identity = resolveIdentity(input.type, input.account, input.area_id);
    let email: string | null = null;
    let phone: { areaCode: string; national: string } | null = null;
    if (identity.kind === 'email') {
      email = identity.email;
      phone = await this.extraMobile(input);
    } else {
      phone = { areaCode: identity.areaCode, national: identity.national };
    }

    if (email && (await users.findUserByEmail(this.db, email))) throw AppError.rule('errors.email_taken');
    if (phone && (await users.findUserByMobile(this.db, phone.areaCode, phone.national)))
      throw AppError.rule('errors.mobile_taken');
    const referrerId = await this.referrer(input.invite_code);

    await this.codes.consume(identity.target, CodePurpose.Register, input.sms_code);
    const passwordHash = await hashPassword(input.password);
    await this.throttle.hit(LIMITS.registerIp, ip);

    for (let attempt = 0; ; attempt++) {
      const uid = newUid();
      try {
        await this.db.transaction().execute(async (trx) => {
          const now = this.now();
          const userId = await users.insertUser(trx, {
            uid,
            email,
            area_code: phone?.areaCode ?? null,
            mobile: phone?.national ?? null,
            password_hash: passwordHash,
            invite_code: newInviteCode(),
            referrer_id: referrerId,
            is_demo: 0,
            demo_id: null,
            status: 'active',
            created_at: now,
          });
          await createAccount(trx, userId, now, 'real');
        });
        return { uid };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The e-mail or phone was taken between the check and the insert by another request.
        if (email && (await users.findUserByEmail(this.db, email))) throw AppError.rule('errors.email_taken');
        if (phone && (await users.findUserByMobile(this.db, phone.areaCode, phone.national)))
          throw AppError.rule('errors.mobile_taken');
        if (attempt >= 5) throw err;
      }
    }
  }

  /**
   * The optional phone number of an e-mail registration (spec /register: shown by
   * `is_show_mobile`, 1 with an area code, 3 the number alone; shown is not required).
   * When given it must be a valid number: national to `area_id`, or with its own +country
   * prefix. When the setting hides it, it is ignored.
   */
  private async extraMobile(input: RegisterInput): Promise<{ areaCode: string; national: string } | null> {
    const mode = await this.settings.number('is_show_mobile');
    if (
      (mode !== PhoneAtRegistration.WithAreaCode && mode !== PhoneAtRegistration.NumberOnly) ||
      !input.mobile
    )
      return null;
    const phone = normalizeMobile(input.mobile, input.area_id);
    return { areaCode: phone.areaCode, national: phone.national };
  }

  private async referrer(inviteCode: string | undefined): Promise<number | null> {
    if (!inviteCode) return null;
    const referrer = await users.findUserByInviteCode(this.db, inviteCode.trim().toUpperCase());
    if (!referrer || referrer.is_demo === 1) throw AppError.rule('errors.invite_invalid');
    return Number(referrer.id);
  }
}
