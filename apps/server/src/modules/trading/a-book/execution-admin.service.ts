import { pointsToDecimal, type AdminExecution } from '@pipwise/shared';
import type { AuditScope } from '../../../core/audit/audit.js';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import { adminPage } from '../../../core/db/paging.js';
import { instrumentLabels, type InstrumentLabel } from '../../market/index.js';
import {
  findExecution,
  markExecutionHandled,
  pageExecutions,
  type ExecutionFilter,
  type ExecutionRow,
} from './execution.repository.js';

/** How the back office names a trader: public id and sign-up contact. */
export interface TraderContact {
  uid: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
}

/**
 * The contacts of these users, by id, as the auth module reads them (its `userContacts`).
 * Handed in by the composition: auth's back office already reads accounts through this
 * module, so importing auth here would close a circle.
 */
export type ContactLookup = (db: Db, ids: readonly number[]) => Promise<(id: number) => TraderContact>;

/**
 * The e-mails of these operators, by id (the admin module's `operatorEmails`): who marked a
 * fill handled. Handed in by the composition, as the contacts are: the admin module owns
 * `operators` and already depends on this one.
 */
export type OperatorLookup = (db: Db, ids: readonly number[]) => Promise<Map<number, string>>;

/** Points as a decimal price of the instrument ("1.08012"); an unknown instrument shows the points. */
const price = (points: number, label: InstrumentLabel) =>
  pointsToDecimal(Number(points), label.precision).toFixed(label.precision);

const idOrNull = (v: number | null) => (v === null ? null : Number(v));

interface Named {
  row: ExecutionRow;
  label: InstrumentLabel;
  who: TraderContact;
  handledBy: string | null;
}

function toAdminExecution({ row, label, who, handledBy }: Named): AdminExecution {
  return {
    id: Number(row.id),
    cl_ord_id: row.cl_ord_id,
    user_id: Number(row.user_id),
    ...who,
    instrument_id: Number(row.instrument_id),
    instrument_code: label.code,
    purpose: row.purpose,
    order_id: idOrNull(row.order_id),
    side: Number(row.side),
    lots: row.lots,
    filled_lots: row.filled_lots,
    quoted_price: price(row.quoted_price, label),
    limit_price: price(row.limit_price, label),
    lp_price: row.lp_price === null ? null : price(row.lp_price, label),
    markup_points: Number(row.markup_points),
    state: row.state as AdminExecution['state'],
    outcome: row.outcome as AdminExecution['outcome'],
    reason: row.reason,
    lp_order_id: row.lp_order_id,
    created_at: Number(row.created_at),
    resolved_at: idOrNull(row.resolved_at),
    handled_at: idOrNull(row.handled_at),
    handled_by: idOrNull(row.handled_by),
    handled_by_email: handledBy,
    handled_note: row.handled_note,
  };
}

/**
 * The dealing desk's view of orders sent to the liquidity provider (docs/execution.md): a
 * page of this module's `executions`, then the page's traders, instruments and operators
 * asked of their owners; and the one change it makes, marking an unbooked fill handled.
 */
export class ExecutionAdminService {
  constructor(
    private readonly db: Db,
    private readonly contacts: ContactLookup,
    private readonly operators: OperatorLookup,
    private readonly now: () => number,
  ) {}

  list(filter: ExecutionFilter, page: number): Promise<{ data: AdminExecution[]; total: number }> {
    return adminPage(
      page,
      async (limit, offset) => {
        const { rows, total } = await pageExecutions(this.db, filter, limit, offset);
        return { rows: await this.named(rows), total };
      },
      toAdminExecution,
    );
  }

  /**
   * Records that an unbooked fill was offset at the provider outside Pipwise: the mark and
   * its audit row in one transaction. Refused, changing nothing, for an unknown execution,
   * one in another state, or one already marked (by another operator a moment before).
   */
  async markHandled(
    id: number,
    note: string,
    operatorId: number,
    audit: AuditScope,
  ): Promise<AdminExecution> {
    const row = await this.db.transaction().execute(async (trx) => {
      const at = this.now();
      if (!(await markExecutionHandled(trx, id, { operatorId, at, note }))) throw await this.refusal(trx, id);
      await audit.write(trx, {
        action: 'execution.handle',
        objectType: 'execution',
        objectId: id,
        before: { state: 'unbooked', handled_at: null },
        after: { state: 'unbooked', handled_at: at, handled_by: operatorId, note },
      });
      // Read in the transaction: the row just updated is there (executions are never deleted).
      return (await findExecution(trx, id))!;
    });
    const [named] = await this.named([row]);
    return toAdminExecution(named!);
  }

  /** Why the mark did not apply, read in its transaction (after the winner's commit). */
  private async refusal(trx: Db, id: number): Promise<AppError> {
    const row = await findExecution(trx, id);
    if (!row) return AppError.rule('errors.admin_execution_not_found', { field: 'id' });
    if (row.state !== 'unbooked')
      return AppError.rule('errors.admin_execution_not_unbooked', { field: 'id' });
    // Marked already: say by whom, so the second operator knows whom to ask.
    const by = Number(row.handled_by);
    const email = (await this.operators(trx, [by])).get(by);
    return AppError.rule('errors.admin_execution_already_handled', {
      field: 'id',
      operator: email ?? `#${by}`,
    });
  }

  /** The rows with their traders' contacts, instruments' labels and markers' e-mails. */
  private async named(rows: ExecutionRow[]): Promise<Named[]> {
    const markers = rows.flatMap((r) => (r.handled_by === null ? [] : [Number(r.handled_by)]));
    const [contactOf, labelOf, emails] = await Promise.all([
      this.contacts(
        this.db,
        rows.map((r) => Number(r.user_id)),
      ),
      instrumentLabels(
        this.db,
        rows.map((r) => Number(r.instrument_id)),
      ),
      this.operators(this.db, [...new Set(markers)]),
    ]);
    return rows.map((row) => ({
      row,
      label: labelOf(row.instrument_id),
      who: contactOf(row.user_id),
      handledBy: row.handled_by === null ? null : (emails.get(Number(row.handled_by)) ?? null),
    }));
  }
}
