import { randomBytes } from 'node:crypto';
import { OPERATOR_ROLES, type OperatorRole } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { hashToken } from '../../auth/index.js';
import type { SettingsService } from '../../../core/settings/settings.service.js';
import * as repo from './operator-session.repository.js';
import type { OperatorPrincipal } from '../../../core/caller.js';

export type { OperatorPrincipal };

/**
 * Operator sessions last 12 hours from login (a working day; the back office moves money),
 * and end at logout, deactivation, a password change (the others) or a reset.
 */
export const OPERATOR_SESSION_TTL_MS = 12 * 3600 * 1000;

/** Ended sessions are kept this long (who was logged in when), then forgotten. */
const KEEP_ENDED_MS = 30 * 24 * 3600 * 1000;

const isRole = (value: string): value is OperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(value);

/**
 * Whether operators must use two-factor: the `admin_totp_required` setting, on by default
 * (core/settings/defaults.ts), for every role. A value that is not a number counts as on.
 */
export async function totpRequired(settings: SettingsService): Promise<boolean> {
  return (await settings.number('admin_totp_required')) !== 0;
}

/** Operators' sessions: 256-bit random tokens of which only the SHA-256 is stored. */
export class OperatorSessions {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly now: () => number,
  ) {}

  /** Opens a session (in `trx` when given) and returns its token, the only time it exists in clear. */
  async create(operatorId: number, ip: string, trx: Db = this.db): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await repo.insertOperatorSession(trx, {
      operatorId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: now + OPERATOR_SESSION_TTL_MS,
      ip,
    });
    await repo.deleteEndedOperatorSessions(trx, now - KEEP_ENDED_MS);
    return token;
  }

  /** The operator behind a token, or null: unknown, expired, ended, or deactivated. */
  async resolve(token: string | undefined): Promise<OperatorPrincipal | null> {
    if (!token || token.length > 512) return null;
    const row = await repo.findOperatorSession(this.db, hashToken(token));
    if (!row || row.revokedAt !== null || row.expiresAt <= this.now() || row.active !== 1) return null;
    if (!isRole(row.role)) return null;
    return {
      operatorId: Number(row.operatorId),
      sessionId: Number(row.sessionId),
      email: row.email,
      role: row.role,
      mustChangePassword: Number(row.mustChangePassword) === 1,
      totpSetupRequired: Number(row.totpEnabled) !== 1 && (await totpRequired(this.settings)),
    };
  }

  revoke(trx: Db, sessionId: number): Promise<boolean> {
    return repo.revokeOperatorSession(trx, sessionId, this.now());
  }

  /** Ends an operator's sessions (all, or all but `exceptId`) in the caller's transaction. */
  endAll(trx: Db, operatorId: number, exceptId?: number): Promise<number> {
    return repo.revokeOperatorSessions(trx, operatorId, this.now(), exceptId);
  }
}
