import { ResultCode, type Envelope } from '@pipwise/shared';

export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: ResultCode.Success, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}
