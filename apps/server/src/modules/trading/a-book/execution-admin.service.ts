import { pointsToDecimal, type AdminExecution } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { adminPage } from '../../../core/db/paging.js';
import { instrumentLabels, type InstrumentLabel } from '../../market/index.js';
import { pageExecutions, type ExecutionFilter, type ExecutionRow } from './execution.repository.js';

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

/** Points as a decimal price of the instrument ("1.08012"); an unknown instrument shows the points. */
const price = (points: number, label: InstrumentLabel) =>
  pointsToDecimal(Number(points), label.precision).toFixed(label.precision);

function toAdminExecution(row: ExecutionRow, label: InstrumentLabel, who: TraderContact): AdminExecution {
  return {
    id: Number(row.id),
    cl_ord_id: row.cl_ord_id,
    user_id: Number(row.user_id),
    ...who,
    instrument_id: Number(row.instrument_id),
    instrument_code: label.code,
    purpose: row.purpose,
    order_id: row.order_id === null ? null : Number(row.order_id),
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
    resolved_at: row.resolved_at === null ? null : Number(row.resolved_at),
  };
}

/**
 * The dealing desk's read-only view of orders sent to the liquidity provider
 * (docs/execution.md): a page of this module's `executions`, then the page's traders and
 * instruments asked of their owners.
 */
export class ExecutionAdminService {
  constructor(
    private readonly db: Db,
    private readonly contacts: ContactLookup,
  ) {}

  list(filter: ExecutionFilter, page: number): Promise<{ data: AdminExecution[]; total: number }> {
    return adminPage(
      page,
      async (limit, offset) => {
        const { rows, total } = await pageExecutions(this.db, filter, limit, offset);
        const [contactOf, labelOf] = await Promise.all([
          this.contacts(
            this.db,
            rows.map((r) => Number(r.user_id)),
          ),
          instrumentLabels(
            this.db,
            rows.map((r) => Number(r.instrument_id)),
          ),
        ]);
        return {
          rows: rows.map((r) => ({ row: r, label: labelOf(r.instrument_id), who: contactOf(r.user_id) })),
          total,
        };
      },
      ({ row, label, who }) => toAdminExecution(row, label, who),
    );
  }
}
