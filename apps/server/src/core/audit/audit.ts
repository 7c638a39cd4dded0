import type { AuditAction } from '@pipwise/shared';
import type { Db } from '../db/database.js';
import { insertAudit } from './audit.repository.js';

/**
 * The audit trail (docs/api.md "Back office API"): every mutating back-office call writes
 * exactly one row, in the same transaction as its change, so a committed change always has
 * its row and a rolled-back one never does.
 */

/** What an operator did, to what, and the object before and after. */
export interface AuditRecord {
  /**
   * `area.verb`: deposit.approve, user.adjust_balance, settings.save … Only the listed codes
   * (`AUDIT_ACTIONS`), so each one the server writes has a name in the back office.
   */
  action: AuditAction;
  objectType: string;
  objectId: string | number | null;
  before: unknown;
  after: unknown;
}

/** Who did it and from where: the calling operator's request. */
export interface AuditActor {
  operatorId: number;
  ip: string;
  userAgent: string;
}

/** JSON of a value for the log; bigint ids as numbers, undefined as null. */
function json(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/**
 * The audit of one request: `write` is handed to the service doing the change and called
 * inside its transaction. It counts its rows, so the route layer can check that a
 * successful mutating call wrote exactly one.
 */
export class AuditScope {
  private count = 0;
  private replay = false;

  constructor(
    private readonly actor: AuditActor,
    private readonly now: () => number,
  ) {}

  get written(): number {
    return this.count;
  }

  /** The call repeated an earlier one (same idempotency key): nothing changed, nothing to write. */
  replayed(): void {
    this.replay = true;
  }

  /** Whether a successful call kept the rule: one row, or none for a replay. */
  get complete(): boolean {
    return this.replay ? this.count === 0 : this.count === 1;
  }

  /** Writes the row in `trx`, the transaction of the change. */
  readonly write = async (trx: Db, record: AuditRecord): Promise<void> => {
    await insertAudit(trx, {
      operator_id: this.actor.operatorId,
      action: record.action,
      object_type: record.objectType,
      object_id: record.objectId === null ? '' : String(record.objectId).slice(0, 64),
      before_json: json(record.before),
      after_json: json(record.after),
      ip: this.actor.ip.slice(0, 64),
      user_agent: this.actor.userAgent.slice(0, 300),
      created_at: this.now(),
    });
    this.count += 1;
  };
}

/** Writes an audit row inside a transaction of the caller's (the shape services take). */
export type AuditWrite = (trx: Db) => Promise<void>;
