import {
  ASSET_CLASSES,
  type AssetClass,
  defaultAssetClass,
  lots,
  markupHalves,
  points,
  type ExecutionMode,
  type Lots,
  type MarketSession,
  type Points,
  SWAP_UNITS,
  type SwapTerms,
  TRIPLE_SWAP_DAYS,
  widenedPoints,
} from '@pipwise/shared';
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
  /** Filled here, or sent to the liquidity provider (docs/execution.md). */
  executionMode: ExecutionMode;
  /** An A-book order fills at most this many points worse than quoted. */
  maxSlippagePoints: number;
  /** Points the trader's spread is wider than the provider's: floor(m/2) off the bid, the rest on the ask. */
  markupPoints: number;
  /** The provider's Symbol (55) set by an operator; null: the default (fix/provider-symbol.ts). */
  providerSymbol: string | null;
  /** Overnight financing: signed rates in their unit, and the triple day (docs/money.md). */
  swap: SwapTerms & { long: string; short: string };
  /** Its class for the retail leverage caps: the operator's, or the market's default. */
  assetClass: AssetClass;
}

// One list for the server, the contract and the back office (shared domain/execution.ts).
export { EXECUTION_MODES, type ExecutionMode } from '@pipwise/shared';

/** The trader's quote from the provider's: widened by the markup, never narrower than the raw spread. */
export function markedUp<T extends { bid: Points; ask: Points }>(inst: Instrument, raw: T): T {
  return widenedPoints(raw, inst.markupPoints);
}

/**
 * Points a trader's price on `side` (1 buy at the ask, 2 sell at the bid) is worse than the
 * provider's: the instrument's markup and the group's the order carries (shared domain/markup.ts).
 */
export function markupOnSide(inst: Instrument, side: 1 | 2, groupMarkup: number): number {
  const own = markupHalves(inst.markupPoints);
  const group = markupHalves(groupMarkup);
  return side === 1 ? own.ask + group.ask : own.bid + group.bid;
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
    executionMode: row.execution_mode === 'a_book' ? 'a_book' : 'b_book',
    maxSlippagePoints: row.max_slippage_points,
    markupPoints: row.markup_points,
    providerSymbol: row.provider_symbol,
    swap: swapTermsOf(row),
    assetClass: assetClassOf(row),
  };
}

/** The class an operator set, or the market's default (a word edited by hand reads as unset). */
export function assetClassOf(
  row: Pick<
    Selectable<InstrumentTable>,
    'asset_class' | 'code' | 'session' | 'base_currency' | 'quote_currency'
  >,
): AssetClass {
  return (
    ASSET_CLASSES.find((c) => c === row.asset_class) ??
    defaultAssetClass({
      code: row.code,
      session: row.session as MarketSession,
      baseCurrency: row.base_currency,
      quoteCurrency: row.quote_currency,
    })
  );
}

/**
 * An instrument row's financing terms (the engine's and the back office's one reading): a
 * unit or day edited by hand to another word reads as the column's default, never as a throw.
 */
export function swapTermsOf(
  row: Pick<Selectable<InstrumentTable>, 'swap_long' | 'swap_short' | 'swap_unit' | 'swap_triple_day'>,
): Instrument['swap'] {
  return {
    long: row.swap_long,
    short: row.swap_short,
    unit: SWAP_UNITS.find((u) => u === row.swap_unit) ?? 'points',
    tripleDay: TRIPLE_SWAP_DAYS.find((d) => d === row.swap_triple_day) ?? 'wednesday',
  };
}
