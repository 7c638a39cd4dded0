import type { Insertable, Selectable } from 'kysely';
import type { Db, UploadTable } from '../../core/db/database.js';

import { uploadNameOf } from './upload-url.js';

/** Only this file touches `uploads`. */

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Db, row: Insertable<UploadTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findUploadByName(db: Db, name: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

/** The upload a URL points at, if it is this user's own (anything else: undefined). */
export async function findOwnUpload(db: Db, userId: number, url: string): Promise<UploadRow | undefined> {
  const name = uploadNameOf(url);
  if (!name) return undefined;
  const row = await findUploadByName(db, name);
  return row && Number(row.user_id) === userId ? row : undefined;
}

export function findUpload(db: Db, id: number): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The stored names of these uploads, by id: a list that shows proofs or photos pages its
 * own table, then asks here for the page's names (docs/architecture.md "Layers and modules").
 */
export async function uploadNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null).map(Number))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('uploads').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}
