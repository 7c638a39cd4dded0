import { lots, points, type Lots, type MarketSession, type Points } from '@pipwise/shared';
import type { Selectable } from 'kysely';
import type { InstrumentTable } from '../../core/db/database.js';
import type { SimParams } from './simulator.js';

/** An instrument's configuration as the services use it (parsed from its row, units branded there). */
export interface Instrument {
  id: number;
  code: string;
  showCode: string;
  categoryId: number;
  baseCurrency: string;
  quoteCurrency: string;
  session: MarketSession;
  precision: number;
  lotStep: Lots & string;
  minLots: Lots & string;
  contractSize: string;
  marginMode: 0 | 1;
  leverages: number[];
  feeRate: string;
  spreadPoints: Points;
  /** Nothing is priced from a quote older than this, ms (docs/market-data.md "Fresh prices"). */
  maxQuoteAgeMs: number;
  sim: SimParams;
}

export function instrumentFromRow(row: Selectable<InstrumentTable>): Instrument {
  return {
    id: row.id,
    code: row.code,
    showCode: row.show_code,
    categoryId: row.category_id,
    baseCurrency: row.base_currency,
    quoteCurrency: row.quote_currency,
    session: row.session as MarketSession,
    precision: row.price_precision,
    lotStep: lots(row.lot_step),
    minLots: lots(row.min_lots),
    contractSize: row.contract_size,
    marginMode: row.margin_mode === 1 ? 1 : 0,
    leverages: JSON.parse(row.leverages) as number[],
    feeRate: row.fee_rate,
    spreadPoints: points(row.spread_points),
    maxQuoteAgeMs: row.max_quote_age_ms,
    sim: JSON.parse(row.sim) as SimParams,
  };
}
