import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import * as repo from './captcha.repository.js';

const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * Image captchas: for registration when `verify_reg_type` is 2, and for logging in to an
 * account that has seen too many wrong passwords. Each answer works once.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async create(): Promise<{ id: string; b64s: string }> {
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      color: true,
      ignoreChars: '0oO1iIlL',
      width: 120,
      height: 44,
    });
    const id = randomBytes(16).toString('hex');
    await repo.deleteExpiredCaptchas(this.db, this.now());
    await repo.insertCaptcha(this.db, {
      id,
      answer: captcha.text.toLowerCase(),
      expiresAt: this.now() + CAPTCHA_TTL_MS,
    });
    return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** Checks an answer and deletes the captcha whatever the outcome (one try each). */
  async verify(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!id || !answer) throw AppError.rule('errors.captcha_required');
    const row = await repo.takeCaptcha(this.db, id);
    if (!row || row.expires_at < this.now() || row.answer !== answer.trim().toLowerCase()) {
      throw AppError.rule('errors.captcha_invalid');
    }
  }
}
