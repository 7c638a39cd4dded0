import type { AuditAction, Operator, OperatorRole } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { isPostgres } from '../../../core/db/migrations/helpers.js';
import { AppError } from '../../../core/app-error.js';
import { normalizeEmail } from '../../auth/index.js';
import { hashPassword } from '../../auth/index.js';
import { isUniqueViolation } from '../../../core/db/unique-violation.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { assertOperatorPassword } from './operator-auth.service.js';
import { auditView, toOperatorDto } from './operator.dto.js';
import * as repo from './operator.repository.js';
import type { OperatorRow } from './operator.repository.js';
import type { OperatorPrincipal, OperatorSessions } from './operator-sessions.js';

const notFound = () => AppError.rule('errors.admin_operator_not_found', { field: 'id' });

/**
 * Operators kept by admins: create with a role and an initial password, change the role,
 * deactivate (their sessions end at once) or reactivate, reset a forgotten password or a
 * lost authenticator. A password an admin sets (create, reset) is known to that admin, so
 * the operator must replace it at their next login (`must_change_password`, first use).
 * An admin never acts on their own row here (no locking oneself out), and one active
 * admin always remains.
 */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly sessions: OperatorSessions,
    private readonly now: () => number,
  ) {}

  async list(): Promise<Operator[]> {
    return (await repo.listOperators(this.db)).map(toOperatorDto);
  }

  async create(
    input: { email: string; name: string; role: OperatorRole; password: string },
    audit: AuditScope,
  ): Promise<Operator> {
    let email: string;
    try {
      email = normalizeEmail(input.email);
    } catch {
      throw AppError.rule('errors.email_invalid', { field: 'email' });
    }
    assertOperatorPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await repo.insertOperator(trx, {
          email,
          name: input.name,
          role: input.role,
          password_hash: passwordHash,
          active: 1,
          totp_secret: null,
          totp_enabled: 0,
          totp_last_step: null,
          must_change_password: 1,
          created_at: this.now(),
          last_login_at: null,
        });
        await audit.write(trx, {
          action: 'operator.create',
          objectType: 'operator',
          objectId: Number(row.id),
          before: null,
          after: auditView(row),
        });
        return toOperatorDto(row);
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw AppError.rule('errors.admin_operator_email_taken', { field: 'email' });
      throw err;
    }
  }

  setRole(caller: OperatorPrincipal, id: number, role: OperatorRole, audit: AuditScope): Promise<Operator> {
    return this.change(
      caller,
      id,
      'operator.set_role',
      async (trx, before) => {
        if (before.role === 'admin' && role !== 'admin' && before.active === 1) await this.keepAnAdmin(trx);
        return { role };
      },
      audit,
    );
  }

  setActive(caller: OperatorPrincipal, id: number, active: 0 | 1, audit: AuditScope): Promise<Operator> {
    return this.change(
      caller,
      id,
      'operator.set_active',
      async (trx, before) => {
        if (active === 0) {
          if (before.role === 'admin' && before.active === 1) await this.keepAnAdmin(trx);
          await this.sessions.endAll(trx, id);
        }
        return { active };
      },
      audit,
    );
  }

  /** A new initial password (to replace at the next login), two-factor off, every session ended. */
  async reset(caller: OperatorPrincipal, id: number, password: string, audit: AuditScope): Promise<Operator> {
    assertOperatorPassword(password);
    const passwordHash = await hashPassword(password);
    return this.change(
      caller,
      id,
      'operator.reset',
      async (trx) => {
        await this.sessions.endAll(trx, id);
        return {
          password_hash: passwordHash,
          must_change_password: 1,
          totp_enabled: 0,
          totp_secret: null,
          totp_last_step: null,
        };
      },
      audit,
    );
  }

  /** Applies a change to another operator in one transaction with its audit row. */
  private async change(
    caller: OperatorPrincipal,
    id: number,
    action: AuditAction,
    decide: (trx: Db, before: OperatorRow) => Promise<Partial<OperatorRow>>,
    audit: AuditScope,
  ): Promise<Operator> {
    if (id === caller.operatorId) throw AppError.rule('errors.admin_not_yourself', { field: 'id' });
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.findOperator(trx, id);
      if (!before) throw notFound();
      const { id: _ignored, ...changes } = await decide(trx, before);
      const after = await repo.updateOperator(trx, id, changes);
      if (!after) throw notFound();
      await audit.write(trx, {
        action,
        objectType: 'operator',
        objectId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return toOperatorDto(after);
    });
  }

  /** Refuses when the change would leave no active admin (the rows are locked meanwhile). */
  private async keepAnAdmin(trx: Db): Promise<void> {
    if ((await repo.lockActiveAdmins(trx, isPostgres(trx))) <= 1)
      throw AppError.rule('errors.admin_last_admin');
  }
}
