import { adminImageEndpoint, ResultCode, type OperatorRole } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../http/app-error.js';
import type { UploadService } from '../../uploads/upload.service.js';
import { registerAdminBinaryRoute } from '../admin-route.js';
import { usesOfUpload, type UploadUses } from './admin-image.repository.js';

/** Which uses of an upload a role may see: finance the money, support the people. */
function mayView(role: OperatorRole, uses: UploadUses): boolean {
  if (role === 'admin') return true;
  if (role === 'finance') return uses.depositProof;
  if (role === 'support') return uses.identityPhoto || uses.feedbackScreenshot;
  return false;
}

/** Not found, whatever the reason: an operator learns nothing about images of other uses. */
const notFound = () => new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);

/** GET /api/admin/image?name= — the private images operators review. */
export function registerAdminImageRoute(
  app: FastifyInstance,
  deps: { db: Db; uploads: UploadService; now: () => number },
): void {
  registerAdminBinaryRoute(
    app,
    adminImageEndpoint,
    async ({ name }, call, reply) => {
      if (!/^[a-f0-9]{32}\.(jpg|png|webp)$/.test(name)) throw notFound();
      const uses = await usesOfUpload(deps.db, name);
      if (!uses || !mayView(call.operator.role, uses)) throw notFound();
      const image = await deps.uploads.read({ operatorId: call.operator.operatorId }, name);
      if (!image) throw notFound();
      return reply
        .type(image.mime)
        .header('cache-control', 'private')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
    deps.now,
  );
}
