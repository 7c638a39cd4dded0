import type { Db } from '../../../db/database.js';

/** What a private upload is used for: the back office shows each use to its own roles. */
export interface UploadUses {
  depositProof: boolean;
  identityPhoto: boolean;
  feedbackScreenshot: boolean;
}

export async function usesOfUpload(db: Db, name: string): Promise<UploadUses | undefined> {
  const upload = await db.selectFrom('uploads').select('id').where('name', '=', name).executeTakeFirst();
  if (!upload) return undefined;
  const id = Number(upload.id);
  const [deposit, identity, feedback] = await Promise.all([
    db.selectFrom('deposits').select('id').where('proof_upload_id', '=', id).limit(1).executeTakeFirst(),
    db
      .selectFrom('identity_verifications')
      .select('id')
      .where((eb) => eb.or([eb('front_upload_id', '=', id), eb('reverse_upload_id', '=', id)]))
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('feedback').select('id').where('screenshot_upload_id', '=', id).limit(1).executeTakeFirst(),
  ]);
  return { depositProof: !!deposit, identityPhoto: !!identity, feedbackScreenshot: !!feedback };
}
