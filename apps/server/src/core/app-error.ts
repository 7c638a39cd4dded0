import { ResultCode } from '@pipwise/shared';

/**
 * The one way services report a failure: an envelope code and a message key, translated
 * into the caller's language by the error handler. `status` is the HTTP status; business
 * errors keep 200 (the client reads `code`).
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: string,
    readonly vars: Record<string, unknown> = {},
    readonly status = 200,
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** What the envelope's `data` carries besides `field` (e.g. `{captcha_required: true}`). */
  data: Record<string, unknown> | null = null;

  withData(data: Record<string, unknown>): this {
    this.data = data;
    return this;
  }

  /** A rule of the business was not met. */
  static rule(key: string, vars?: Record<string, unknown>): AppError {
    return new AppError(ResultCode.BusinessRule, key, vars);
  }

  /** Spec §6: demo users may not use real-money features. */
  static demoForbidden(): AppError {
    return new AppError(ResultCode.Forbidden, 'errors.demo_forbidden');
  }

  static sessionExpired(): AppError {
    return new AppError(ResultCode.SessionExpired, 'errors.session_expired');
  }
}
