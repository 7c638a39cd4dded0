import { ADMIN_PAGE_SIZE } from '@pipwise/shared';
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

/**
 * Page `page` (1-based, of ADMIN_PAGE_SIZE rows) of a back-office list: `read` fetches the
 * rows and the total, `toDto` shapes each row for the wire.
 */
export async function adminPage<Row, Dto>(
  page: number,
  read: (limit: number, offset: number) => Promise<Page<Row>>,
  toDto: (row: Row) => Dto,
): Promise<{ data: Dto[]; total: number }> {
  const { rows, total } = await read(ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
  return { data: rows.map(toDto), total };
}
