import { sql, type SelectQueryBuilder } from 'kysely';

/** One page of a list and how many rows the whole list has. */
export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * The page `limit`/`offset` of a filtered, ordered query, and its total: the count runs the
 * same filter with the selection and order cleared, so the two can never disagree on what
 * the list holds. Both run at once.
 */
export async function pageOf<DB, TB extends keyof DB, Row>(
  query: SelectQueryBuilder<DB, TB, Row>,
  limit: number,
  offset: number,
): Promise<Page<Row>> {
  const [rows, count] = await Promise.all([
    query.limit(limit).offset(offset).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select(sql<number | string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: number | string }).n) };
}
