import { CodePurpose, type Lang } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import type { Translator } from '../../core/i18n.js';
import type { Notifier } from '../notify/index.js';
import type { CodeService } from './code.service.js';
import { normalizeEmail, normalizeMobile } from './identifiers.js';
import type { SessionUser } from './session.service.js';
import * as users from './user.repository.js';

export interface SendCodeInput {
  to?: string | undefined;
  area_id?: number | undefined;
  type: 1 | 2 | 3;
}

/**
 * send_email / send_sms: decides the target for the purpose, issues a code and delivers
 * it in the caller's language.
 * - 1 register: the address must not be registered yet (said clearly, as register does);
 * - 2 reset: an unknown address gets no code, but the answer is the same (no enumeration),
 *   including the send limits: the 60 s rule and the hourly count apply to it as well, and
 *   a code made for it (never sent) so that forget_password answers as for a known one;
 * - 3 change: the logged-in real user's own address; `to` is ignored.
 */
export class CodeDeliveryService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodeService,
    private readonly notifier: Notifier,
    private readonly t: Translator,
  ) {}

  async send(
    channel: 'email' | 'sms',
    input: SendCodeInput,
    context: { ip: string; lang: Lang; session: SessionUser | null },
  ): Promise<void> {
    const target = await this.target(channel, input, context.session);
    if (!target.send) {
      // A reset of an unknown address: a code is made as for a known one but never sent, so
      // that checking codes for it answers alike too (wrong, too many tries, expired).
      await this.codes.issue(target.address, input.type, context.ip);
      return;
    }
    const code = await this.codes.issue(target.address, input.type, context.ip);
    if (channel === 'email') {
      await this.notifier.email({
        to: target.address,
        subject: this.t(context.lang, 'mail.code_subject'),
        text: this.t(context.lang, 'mail.code_body', { code }),
      });
    } else {
      await this.notifier.text(target.address, this.t(context.lang, 'mail.sms_body', { code }));
    }
  }

  /** The address, and whether a code goes out to it (not for a reset of an unknown account). */
  private async target(
    channel: 'email' | 'sms',
    input: SendCodeInput,
    session: SessionUser | null,
  ): Promise<{ address: string; send: boolean }> {
    if (input.type === CodePurpose.ChangePassword) {
      if (!session) throw AppError.sessionExpired();
      if (session.isDemo) throw AppError.demoForbidden();
      const user = await users.findUserById(this.db, session.userId);
      const address =
        channel === 'email'
          ? user?.email
          : user?.area_code && user.mobile
            ? `${user.area_code}${user.mobile}`
            : null;
      if (!address)
        throw AppError.rule(channel === 'email' ? 'errors.email_invalid' : 'errors.mobile_invalid');
      return { address, send: true };
    }
    if (!input.to)
      throw AppError.rule(channel === 'email' ? 'errors.email_invalid' : 'errors.mobile_invalid');
    let exists: boolean;
    let address: string;
    if (channel === 'email') {
      address = normalizeEmail(input.to);
      exists = !!(await users.findUserByEmail(this.db, address));
    } else {
      const phone = normalizeMobile(input.to, input.area_id);
      address = phone.e164;
      exists = !!(await users.findUserByMobile(this.db, phone.areaCode, phone.national));
    }
    if (input.type === CodePurpose.Register && exists) {
      throw AppError.rule(channel === 'email' ? 'errors.email_taken' : 'errors.mobile_taken');
    }
    return { address, send: input.type !== CodePurpose.ResetPassword || exists };
  }
}
