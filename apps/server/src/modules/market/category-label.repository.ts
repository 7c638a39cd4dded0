import type { Lang } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';

/** A category's name in each language, as operators wrote them (English always). */
export type CategoryNames = Partial<Record<Lang, string>>;

/**
 * The names of these categories, by id; undefined for one gone from the table. A list of
 * another module's rows that points at categories asks here for its page's, as it asks
 * `instrumentLabels` for instruments (docs/architecture.md "Layers and modules").
 */
export async function categoryNames(
  db: Db,
  ids: readonly number[],
): Promise<(id: number) => CategoryNames | undefined> {
  const wanted = [...new Set(ids.map(Number))];
  const rows =
    wanted.length === 0
      ? []
      : await db.selectFrom('categories').select(['id', 'names']).where('id', 'in', wanted).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), JSON.parse(r.names) as CategoryNames]));
  return (id) => byId.get(Number(id));
}
