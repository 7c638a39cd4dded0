import type { Operator, OperatorProfile, OperatorRole } from '@pipwise/shared';
import type { OperatorRow } from './operator.repository.js';

/** An operator as the back office shows one: never the password hash or the TOTP secret. */
export function toOperatorDto(row: OperatorRow): Operator {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role as OperatorRole,
    active: Number(row.active),
    totp_enabled: Number(row.totp_enabled),
    must_change_password: Number(row.must_change_password),
    created_at: Number(row.created_at),
    last_login_at: row.last_login_at === null ? null : Number(row.last_login_at),
  };
}

/** The logged-in operator; `totpRequired`: the `admin_totp_required` setting is on. */
export function toProfile(row: OperatorRow, totpRequired: boolean): OperatorProfile {
  return {
    ...toOperatorDto(row),
    totp_setup_required: totpRequired && Number(row.totp_enabled) !== 1,
    totp_required: totpRequired,
  };
}

/** What the audit log keeps of an operator (never secrets). */
export function auditView(row: OperatorRow) {
  const { id, email, name, role, active, totp_enabled, must_change_password } = toOperatorDto(row);
  return { id, email, name, role, active, totp_enabled, must_change_password };
}
