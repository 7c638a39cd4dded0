import multipart from '@fastify/multipart';
import { ResultCode } from '@pipwise/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error.js';

/**
 * Request bodies are small everywhere (docs/api.md "Requests"): 64 KiB of JSON or form,
 * the server's default `bodyLimit`. Fastify enforces it for JSON and url-encoded bodies
 * while reading; the hooks below refuse a larger Content-Length before any byte of the
 * body is read, and keep multipart forms to a few small fields.
 */
export const BODY_LIMIT = 64 * 1024;

/**
 * busboy limits of a form posted as multipart: fields only (no files), each ≤ 2 KiB, so
 * even a chunked body without Content-Length holds at most ~64 KiB in memory.
 */
export const FORM_MULTIPART_LIMITS = {
  files: 0,
  fields: 32,
  parts: 32,
  fieldSize: 2048,
  fieldNameSize: 64,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The hook for uploads (POST /api/common/image_upload): the route reads its multipart
     * body itself, streaming, with `request.file({ limits: { files: 1, fileSize } })`, and
     * sets the route option `bodyLimit` to its own maximum. Every other route gets its
     * multipart form read here as small fields, with FORM_MULTIPART_LIMITS.
     */
    multipartStream?: boolean;
  }
}

const tooLarge = () => new AppError(ResultCode.PayloadTooLarge, 'errors.body_too_large', {}, 413);

/** Registers the body parsers' limits; call before any route. */
export async function registerBodyLimits(app: FastifyInstance): Promise<void> {
  // Only the multipart parser and `request.parts()` / `request.file()`: nothing is read
  // unless a route (or the hook below) asks, and these limits are the default of each call.
  await app.register(multipart, { limits: FORM_MULTIPART_LIMITS });

  // Callback hooks, not async ones: every request passes them, nearly always with nothing
  // to do, and an async hook costs a promise and a turn of the microtask queue each time.
  app.addHook('onRequest', (request, reply, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > request.routeOptions.bodyLimit) {
      // Nothing of the body was read; closing spares draining megabytes nobody wants.
      void reply.header('connection', 'close');
      done(tooLarge());
      return;
    }
    done();
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || request.routeOptions.config.multipartStream) {
      done();
      return;
    }
    readFormFields(request).then((body) => {
      request.body = body;
      done();
    }, done);
  });
}

/** A multipart form as `{name: value}` (a repeated name gives an array), like a url-encoded one. */
async function readFormFields(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  // A file part ends the loop with FilesLimitError (413): forms carry no files.
  for await (const part of request.parts()) {
    if (part.type !== 'field' || part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
    const earlier: unknown = body[part.fieldname];
    const value: unknown = part.value;
    body[part.fieldname] =
      earlier === undefined
        ? value
        : Array.isArray(earlier)
          ? [...(earlier as unknown[]), value]
          : [earlier, value];
  }
  return body;
}
