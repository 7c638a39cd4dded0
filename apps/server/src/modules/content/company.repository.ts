import type { Insertable } from 'kysely';
import type { CompanyTable, Db } from '../../core/db/database.js';

/** Only this file reads `companies`. Functions take `db` or a transaction first. */

/** At most this many companies answer one search. */
const COMPANY_PAGE = 50;

/** Companies whose name contains `name` (any case), the main one first, then by name. */
export function searchCompanies(db: Db, name: string | undefined) {
  let query = db.selectFrom('companies').selectAll().orderBy('is_main', 'desc').orderBy('name');
  if (name) {
    // LIKE's own wildcards typed by the caller are dropped: they match literally nowhere.
    const needle = name.toLowerCase().replace(/[%_\\]/g, '');
    query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', `%${needle}%`));
  }
  return query.limit(COMPANY_PAGE).execute();
}

export async function hasAnyCompany(db: Db): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function insertCompany(db: Db, row: Insertable<CompanyTable>): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}
