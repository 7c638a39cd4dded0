import { messages } from '@pipwise/locales';
import { LANGS } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import {
  defaultMaxQuoteAgeMs,
  defaultMaxSlippagePoints,
  defaultSwapTerms,
  SEED_CATEGORIES,
  SEED_INSTRUMENTS,
} from './instruments.js';

/** Looks up `category.crypto`-style keys in one language's messages. */
function lookup(lang: (typeof LANGS)[number], key: string): string {
  const [group, name] = key.split('.') as [keyof typeof messages.en, string];
  const table = messages[lang][group] as Record<string, string> | undefined;
  return table?.[name] ?? key;
}

/**
 * Loads the starting categories and instruments on the first start only (an empty
 * `categories` table), in one transaction, so an interrupted first start leaves nothing
 * half-seeded. Returns true when it seeded.
 */
export async function seedMarketIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('categories')
      .values(
        SEED_CATEGORIES.map((c) => ({
          id: c.id,
          name_key: c.nameKey,
          names: JSON.stringify(Object.fromEntries(LANGS.map((l) => [l, lookup(l, c.nameKey)]))),
          sort: c.sort,
        })),
      )
      .execute();
    await trx
      .insertInto('instruments')
      .values(
        SEED_INSTRUMENTS.map((i, index) => ({
          id: i.id,
          code: i.code,
          show_code: i.showCode,
          category_id: i.categoryId,
          base_currency: i.base,
          quote_currency: i.quote,
          session: i.session,
          price_precision: i.precision,
          lot_step: i.lotStep,
          min_lots: i.minLots,
          contract_size: i.contractSize,
          margin_mode: 0,
          leverages: JSON.stringify(i.leverages),
          fee_rate: i.feeRate,
          spread_points: i.spreadPoints,
          max_quote_age_ms: defaultMaxQuoteAgeMs(i.session),
          max_slippage_points: defaultMaxSlippagePoints(i.spreadPoints),
          ...swapColumns(defaultSwapTerms(i.session)),
          sim: JSON.stringify(i.sim),
          enabled: 1,
          sort: index + 1,
        })),
      )
      .execute();
  });
  return true;
}

function swapColumns(terms: ReturnType<typeof defaultSwapTerms>) {
  return {
    swap_long: terms.long,
    swap_short: terms.short,
    swap_unit: terms.unit,
    swap_triple_day: terms.tripleDay,
  };
}
