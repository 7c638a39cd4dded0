import { ResultCode } from '@pipwise/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../core/app-error.js';
import { fail } from './envelope.js';
import type { Translator } from '../core/i18n.js';

/** busboy reports a broken multipart body as a plain Error, without a status. */
const BROKEN_MULTIPART = /multipart|unexpected end of form|malformed part header|boundary/i;

/** Fastify's own request errors (body parsing, content type, size) → our codes and keys. */
function fromFastifyError(err: FastifyError, contentType: string): AppError | undefined {
  if (!err.statusCode && contentType.startsWith('multipart/') && BROKEN_MULTIPART.test(err.message)) {
    return new AppError(ResultCode.MalformedBody, 'errors.malformed_body', {}, 400);
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return new AppError(ResultCode.PayloadTooLarge, 'errors.body_too_large', {}, 413);
  if (status === 415)
    return new AppError(ResultCode.UnsupportedMediaType, 'errors.unsupported_media', {}, 415);
  if (status === 429) return new AppError(ResultCode.TooManyRequests, 'errors.too_many_requests', {}, 429);
  if (status >= 400 && status < 500)
    return new AppError(ResultCode.MalformedBody, 'errors.malformed_body', {}, 400);
  return undefined;
}

/**
 * The one error handler: every failure leaves as the spec's envelope with a message in the
 * caller's language. Faults are logged with context; no stack or SQL reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance, t: Translator): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known =
      err instanceof AppError ? err : fromFastifyError(err, String(request.headers['content-type'] ?? ''));
    if (known) {
      const field = 'field' in known.vars ? { field: known.vars.field } : null;
      const data = known.data || field ? { ...field, ...known.data } : null;
      return reply.status(known.status).send(fail(known.code, t(request.lang, known.key, known.vars), data));
    }
    request.log.error({ err, url: request.url, method: request.method }, 'request failed');
    return reply.status(500).send(fail(ResultCode.Internal, t(request.lang, 'errors.internal')));
  });
}
