import { ResultCode, type OperatorRole } from '@pipwise/shared';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import { isFeedbackScreenshot } from '../../content/index.js';
import { isIdentityPhoto } from '../../identity/index.js';
import { findUploadByName, type UploadService } from '../../uploads/index.js';
import { isDepositProof } from '../../wallet/index.js';

/** What a private upload is used for: the back office shows each use to its own roles. */
interface UploadUses {
  depositProof: boolean;
  identityPhoto: boolean;
  feedbackScreenshot: boolean;
}

/** The uses of an upload, each asked of the module that holds it; undefined: no such upload. */
async function usesOfUpload(db: Db, name: string): Promise<UploadUses | undefined> {
  const upload = await findUploadByName(db, name);
  if (!upload) return undefined;
  const id = Number(upload.id);
  const [depositProof, identityPhoto, feedbackScreenshot] = await Promise.all([
    isDepositProof(db, id),
    isIdentityPhoto(db, id),
    isFeedbackScreenshot(db, id),
  ]);
  return { depositProof, identityPhoto, feedbackScreenshot };
}

/** Which uses of an upload a role may see: finance the money, support the people. */
function mayView(role: OperatorRole, uses: UploadUses): boolean {
  if (role === 'admin') return true;
  if (role === 'finance') return uses.depositProof;
  if (role === 'support') return uses.identityPhoto || uses.feedbackScreenshot;
  return false;
}

/** Not found, whatever the reason: an operator learns nothing about images of other uses. */
const notFound = () => new AppError(ResultCode.NotFound, 'errors.not_found', {}, 404);

/** The private images operators review (deposit proofs, identity photos, feedback screenshots). */
export class AdminImageService {
  constructor(
    private readonly db: Db,
    private readonly uploads: UploadService,
  ) {}

  /** The image's bytes for this operator, or not found when its role may not see it. */
  async read(operator: { operatorId: number; role: OperatorRole }, name: string) {
    if (!/^[a-f0-9]{32}\.(jpg|png|webp)$/.test(name)) throw notFound();
    const uses = await usesOfUpload(this.db, name);
    if (!uses || !mayView(operator.role, uses)) throw notFound();
    const image = await this.uploads.read({ operatorId: operator.operatorId }, name);
    if (!image) throw notFound();
    return image;
  }
}
