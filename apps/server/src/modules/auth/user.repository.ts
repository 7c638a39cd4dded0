import type { Db } from '../../db/database.js';

/** Only this file reads and writes `users`. */

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
