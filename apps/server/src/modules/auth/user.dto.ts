import type { User } from '@pipwise/shared';
import type { Selectable } from 'kysely';
import type { UserTable } from '../../core/db/database.js';

/** The user as the API shows it: never the password hash, status or demo device id. */
export function toUserDto(row: Selectable<UserTable>): User {
  return {
    id: Number(row.id),
    uid: row.uid,
    email: row.email,
    area_code: row.area_code,
    mobile: row.mobile,
    invite_code: row.invite_code,
    is_demo: row.is_demo === 1 ? 1 : 0,
  };
}
