import {
  ASSET_CLASSES,
  type AssetClass,
  isLotMultiple,
  LANGS,
  lots,
  type AdminCategory,
  type AdminInstrument,
  type ExecutionMode,
  type Lang,
  type SwapUnit,
  type TripleSwapDay,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import { isUniqueViolation } from '../../../core/db/unique-violation.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import * as repo from './instrument-admin.repository.js';
import type { AdminCategoryRow, InstrumentRow } from './instrument-admin.repository.js';
import { assetClassOf, swapTermsOf, type Instrument } from '../instrument.js';
import { checkProviderSymbol, defaultSymbolOf } from './provider-symbol-check.js';

/**
 * Live (pending or open) orders per instrument, or of one instrument, as the trading module
 * counts them (handed in by the composition: market sits below trading).
 */
export type LiveOrderCounter = (db: Db, instrumentId?: number) => Promise<ReadonlyMap<number, number>>;

type AdminInstrumentRow = InstrumentRow & { live_orders: number };

export interface InstrumentEdit {
  id: number;
  category_id: number;
  spread_points: number;
  max_quote_age_ms: number;
  leverages: number[];
  fee_rate: string;
  min_lots: string;
  lot_step: string;
  enabled: 0 | 1;
  sort: number;
  execution_mode: ExecutionMode;
  markup_points: number;
  max_slippage_points: number;
  /** Absent: the default symbol (fix/provider-symbol.ts). */
  provider_symbol?: string | undefined;
  swap_long: string;
  swap_short: string;
  swap_unit: SwapUnit;
  swap_triple_day: TripleSwapDay;
  /** '': the market's default class; absent: unchanged (docs/trading-groups.md). */
  asset_class?: AssetClass | '' | undefined;
}

function toAdminInstrument(row: AdminInstrumentRow): AdminInstrument {
  return {
    id: row.id,
    code: row.code,
    show_code: row.show_code,
    category_id: row.category_id,
    base_currency: row.base_currency,
    quote_currency: row.quote_currency,
    session: row.session,
    precision: row.price_precision,
    spread_points: row.spread_points,
    max_quote_age_ms: row.max_quote_age_ms,
    leverages: JSON.parse(row.leverages) as number[],
    fee_rate: row.fee_rate,
    min_lots: row.min_lots,
    lot_step: row.lot_step,
    contract_size: row.contract_size,
    enabled: row.enabled,
    sort: row.sort,
    live_orders: row.live_orders,
    execution_mode: row.execution_mode === 'a_book' ? 'a_book' : 'b_book',
    markup_points: row.markup_points,
    max_slippage_points: row.max_slippage_points,
    provider_symbol: row.provider_symbol,
    default_provider_symbol: defaultSymbolOf(row),
    ...swapOf(swapTermsOf(row)),
    asset_class: assetClassOf(row),
    asset_class_set: ASSET_CLASSES.find((c) => c === row.asset_class) ?? '',
  };
}

/** The financing terms as the back office names them, read as the engine reads them. */
const swapOf = (swap: Instrument['swap']) => ({
  swap_long: swap.long,
  swap_short: swap.short,
  swap_unit: swap.unit,
  swap_triple_day: swap.tripleDay,
});

function parseNames(text: string): Partial<Record<Lang, string>> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

function toAdminCategory(row: AdminCategoryRow): AdminCategory {
  return {
    id: row.id,
    names: parseNames(row.names),
    sort: row.sort,
    instruments: Number(row.instruments ?? 0),
  };
}

/** What the audit log keeps of an instrument: the fields operators edit. */
const editable = (i: AdminInstrument) => ({
  category_id: i.category_id,
  spread_points: i.spread_points,
  max_quote_age_ms: i.max_quote_age_ms,
  leverages: i.leverages,
  fee_rate: i.fee_rate,
  min_lots: i.min_lots,
  lot_step: i.lot_step,
  enabled: i.enabled,
  sort: i.sort,
  execution_mode: i.execution_mode,
  markup_points: i.markup_points,
  max_slippage_points: i.max_slippage_points,
  provider_symbol: i.provider_symbol,
  swap_long: i.swap_long,
  swap_short: i.swap_short,
  swap_unit: i.swap_unit,
  swap_triple_day: i.swap_triple_day,
  asset_class: i.asset_class_set,
});

/**
 * Instruments and categories as operators configure them. After a save, `changed` reloads
 * them here and tells every other instance (services.instrumentsChanged), so the next quote
 * carries the new spread and markup, a closed instrument refuses orders everywhere, and the
 * next order goes where the execution mode says.
 */
export class InstrumentAdminService {
  constructor(
    private readonly db: Db,
    private readonly changed: () => Promise<void>,
    private readonly liveOrders: LiveOrderCounter,
  ) {}

  async list(categoryId?: number): Promise<AdminInstrument[]> {
    const [rows, live] = await Promise.all([
      repo.listAllInstruments(this.db, categoryId),
      this.liveOrders(this.db),
    ]);
    return rows.map((row) => toAdminInstrument({ ...row, live_orders: live.get(row.id) ?? 0 }));
  }

  /** The instrument with its live orders counted in the same transaction. */
  private async findWithOrders(trx: Db, id: number): Promise<AdminInstrumentRow | undefined> {
    const row = await repo.findInstrumentRow(trx, id);
    if (!row) return undefined;
    const live = await this.liveOrders(trx, id);
    return { ...row, live_orders: live.get(id) ?? 0 };
  }

  async save(edit: InstrumentEdit, audit: AuditScope): Promise<AdminInstrument> {
    if (!isLotMultiple({ lots: lots(edit.min_lots), step: lots(edit.lot_step) }))
      throw AppError.rule('errors.admin_min_lots_step', { field: 'min_lots', step: edit.lot_step });
    const after = await this.db.transaction().execute(async (trx) => {
      const row = await this.findWithOrders(trx, edit.id);
      if (!row) throw AppError.rule('errors.instrument_not_found', { field: 'id' });
      const before = toAdminInstrument(row);
      if (!(await repo.findCategory(trx, edit.category_id)))
        throw AppError.rule('errors.admin_category_not_found', { field: 'category_id' });
      const providerSymbol = edit.provider_symbol ?? null;
      checkProviderSymbol(await repo.listAllInstruments(trx), edit.id, providerSymbol);
      // Positions on a closed instrument could no longer be priced, closed or stopped out.
      if (edit.enabled === 0 && before.enabled === 1 && before.live_orders > 0)
        throw AppError.rule('errors.admin_instrument_has_orders', {
          field: 'enabled',
          count: before.live_orders,
        });
      await repo.updateInstrument(trx, edit.id, {
        category_id: edit.category_id,
        spread_points: edit.spread_points,
        max_quote_age_ms: edit.max_quote_age_ms,
        leverages: JSON.stringify(edit.leverages),
        fee_rate: edit.fee_rate,
        min_lots: edit.min_lots,
        lot_step: edit.lot_step,
        enabled: edit.enabled,
        sort: edit.sort,
        execution_mode: edit.execution_mode,
        markup_points: edit.markup_points,
        max_slippage_points: edit.max_slippage_points,
        provider_symbol: providerSymbol,
        swap_long: edit.swap_long,
        swap_short: edit.swap_short,
        swap_unit: edit.swap_unit,
        swap_triple_day: edit.swap_triple_day,
        ...(edit.asset_class === undefined
          ? {}
          : { asset_class: edit.asset_class === '' ? null : edit.asset_class }),
      });
      const updated = await this.findWithOrders(trx, edit.id);
      if (!updated) throw AppError.rule('errors.instrument_not_found', { field: 'id' });
      const now = toAdminInstrument(updated);
      await audit.write(trx, {
        action: 'instrument.save',
        objectType: 'instrument',
        objectId: edit.id,
        before: editable(before),
        after: editable(now),
      });
      return now;
    });
    await this.changed();
    return after;
  }

  async categories(): Promise<AdminCategory[]> {
    return (await repo.listCategoriesWithCounts(this.db)).map(toAdminCategory);
  }

  /**
   * Creates or edits a category. Every language gets a name (English where none was
   * given), so the board never falls back to a message key.
   */
  async saveCategory(
    input: { id?: number | undefined; names: { en: string } & Partial<Record<Lang, string>>; sort: number },
    audit: AuditScope,
  ): Promise<AdminCategory> {
    const names = JSON.stringify(
      Object.fromEntries(LANGS.map((l) => [l, input.names[l]?.trim() || input.names.en])),
    );
    for (let attempt = 0; ; attempt++) {
      try {
        const id = await this.db.transaction().execute(async (trx) => {
          let categoryId = input.id;
          const before = categoryId === undefined ? undefined : await repo.findCategory(trx, categoryId);
          if (categoryId === undefined) {
            categoryId = await repo.nextCategoryId(trx);
            await repo.insertCategory(trx, { id: categoryId, names, sort: input.sort });
          } else {
            if (!before) throw AppError.rule('errors.admin_category_not_found', { field: 'id' });
            await repo.updateCategory(trx, categoryId, { names, sort: input.sort });
          }
          await audit.write(trx, {
            action: before ? 'category.save' : 'category.create',
            objectType: 'category',
            objectId: categoryId,
            before: before ? { names: parseNames(before.names), sort: before.sort } : null,
            after: { names: parseNames(names), sort: input.sort },
          });
          return categoryId;
        });
        await this.changed();
        const saved = (await this.categories()).find((c) => c.id === id);
        if (!saved) throw AppError.rule('errors.admin_category_not_found', { field: 'id' });
        return saved;
      } catch (err) {
        // Two operators creating a category at once took the same id: the later one tries again.
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }
}
