/**
 * Envelope codes. The spec fixes 1 (success) and 999 (session missing or expired);
 * the rest are ours, documented in docs/api.md. Business errors travel with HTTP 200,
 * malformed requests with a 4xx status, and every one carries a translated `msg`.
 */
export const ResultCode = {
  Success: 1,
  SessionExpired: 999,
  InvalidParams: 1001,
  MalformedBody: 1002,
  UnsupportedMediaType: 1003,
  NotFound: 1004,
  PayloadTooLarge: 1005,
  TooManyRequests: 1029,
  Internal: 1500,
  /** A rule of the business was not met (wrong code, taken e-mail, market closed …). */
  BusinessRule: 2000,
  Forbidden: 2003,
  /**
   * The back office: the operator must first replace the password they were given and
   * turn on two-factor (docs/api.md "Back office API"); like HTTP 428 Precondition Required.
   */
  SetupRequired: 2028,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** The response envelope of every API call: `{code, msg, data}`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
