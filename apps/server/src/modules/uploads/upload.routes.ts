import { imageUploadEndpoint, ResultCode, UPLOAD_MAX_BYTES } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { sessionOf, tokenOf } from '../../http/auth-hook.js';
import { ok } from '../../http/envelope.js';
import type { SessionResolver } from '../../core/caller.js';
import { UPLOAD_URL_PREFIX, uploadUrl } from './upload-url.js';
import { refused, type UploadService } from './upload.service.js';

/**
 * The upload's whole request may be this large: the image and the multipart framing
 * around it. A larger Content-Length is refused before any byte is read (http/body-limits.ts).
 */
export const UPLOAD_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/**
 * busboy's limits for the upload: one file part named `file`, a few small fields that are
 * ignored, and one byte more than the largest image so that the service's own count
 * notices a larger one (and stops reading it).
 */
const UPLOAD_MULTIPART_LIMITS = {
  files: 1,
  fileSize: UPLOAD_MAX_BYTES + 1,
  fields: 8,
  fieldSize: 2048,
  fieldNameSize: 64,
  parts: 10,
  headerPairs: 20,
};

/** Not found, whatever the reason (no session, another user's, a guessed name). */
const notFound = () => new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);

/** Private image uploads (docs/api.md "Identity and uploads"). */
export function registerUploadRoutes(
  app: FastifyInstance,
  deps: { uploads: UploadService; sessions: SessionResolver },
): void {
  // Not `registerEndpoint`: the body is a stream this route reads itself, with its own limit.
  app.route({
    method: imageUploadEndpoint.method,
    url: imageUploadEndpoint.path,
    bodyLimit: UPLOAD_BODY_LIMIT,
    config: {
      auth: imageUploadEndpoint.auth,
      realOnly: imageUploadEndpoint.realOnly ?? false,
      multipartStream: true,
    },
    handler: async (request, reply) => {
      const userId = sessionOf(request).userId;
      const missing = () => refused('errors.field_required');
      if (!request.isMultipart()) throw missing();
      const part = await request.file({ limits: UPLOAD_MULTIPART_LIMITS, throwFileSizeLimit: false });
      if (!part) throw missing();
      if (part.fieldname !== 'file') {
        void reply.header('connection', 'close');
        throw missing();
      }
      try {
        const row = await deps.uploads.receive(userId, part.file);
        return ok({ url: uploadUrl(row.name) });
      } catch (err) {
        // The rest of an oversized body is not read: the connection closes after the answer.
        if (err instanceof AppError && err.code === ResultCode.PayloadTooLarge)
          void reply.header('connection', 'close');
        throw err;
      }
    },
  });

  app.get<{ Params: { name: string } }>(`${UPLOAD_URL_PREFIX}:name`, async (request, reply) => {
    const session = await deps.sessions.resolve(tokenOf(request));
    const image = await deps.uploads.read(session ? { userId: session.userId } : null, request.params.name);
    if (!image) throw notFound();
    return reply
      .type(image.mime)
      .header('cache-control', 'private')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(image.bytes);
  });
}
