import type { Db } from '../../core/db/database.js';

/** How another module's list names an instrument and writes its prices. */
export interface InstrumentLabel {
  code: string;
  /** How the back office displays it ("EUR/USD"). */
  showCode: string;
  /** Decimals of its prices: stored prices are integer points of 10^-precision. */
  precision: number;
}

/** An instrument gone from the table (never, while rows point at it) reads as blank, not as an error. */
const NO_LABEL: InstrumentLabel = { code: '', showCode: '', precision: 0 };

/**
 * The code and precision of these instruments, by id, enabled or not (a closed instrument's
 * history still needs its prices read): a list of another module's rows pages its own table,
 * then asks here for the page's instruments (docs/architecture.md "Layers and modules").
 */
export async function instrumentLabels(
  db: Db,
  ids: readonly number[],
): Promise<(id: number) => InstrumentLabel> {
  const wanted = [...new Set(ids.map(Number))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .selectFrom('instruments')
          .select(['id', 'code', 'show_code', 'price_precision'])
          .where('id', 'in', wanted)
          .execute();
  const byId = new Map(
    rows.map((r) => [Number(r.id), { code: r.code, showCode: r.show_code, precision: r.price_precision }]),
  );
  return (id) => byId.get(Number(id)) ?? NO_LABEL;
}
