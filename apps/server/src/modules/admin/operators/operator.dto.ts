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
    created_at: Number(row.created_at),
    last_login_at: row.last_login_at === null ? null : Number(row.last_login_at),
  };
}

export function toProfile(row: OperatorRow, totpSetupRequired: boolean): OperatorProfile {
  return { ...toOperatorDto(row), totp_setup_required: totpSetupRequired };
}

/** What the audit log keeps of an operator (never secrets). */
export function auditView(row: OperatorRow) {
  const { id, email, name, role, active, totp_enabled } = toOperatorDto(row);
  return { id, email, name, role, active, totp_enabled };
}
