import { Card, Flex, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Page } from '@/components/page';
import {
  QueueSelectFilter,
  useLeadingColumns,
  useOpenColumn,
  UserIdFilter,
  useStatusColumn,
  type QueueRow,
  type QueueSelect,
} from '@/components/review-queue';
import type { CodeStyles } from '@/lib/labels';
import type { ListFilters } from '@/lib/use-list-filters';
import { serverPagination } from '@/lib/table';

/** The filters every queue has: a status, maybe a type, and one user. */
interface QueueFilters {
  status?: number;
  user_id?: number;
}

interface Props<Row extends QueueRow, F extends QueueFilters> {
  title: string;
  description: string;
  /** Its filters and page (`useListFilters`), and the page of rows they asked for. */
  queue: ListFilters<F>;
  result: { data: Row[]; total: number } | undefined;
  loading: boolean;
  /** The code filters before the user filter (the status first). */
  selects: readonly QueueSelect<F>[];
  statuses: CodeStyles<number>;
  /** The status a row awaits a decision in: its button reads "Review". */
  awaiting: number;
  /** The queue's own columns, between who sent the row and its status. */
  columns: TableColumnsType<Row>;
  /** `<prefix>-open-<id>` is each row's button. */
  testIdPrefix: string;
  scrollX: number;
  /** The review drawer of one row. */
  review: (row: Row, close: () => void) => ReactNode;
}

/**
 * A review queue (deposits, withdrawals, identities): filters, the rows awaiting a decision
 * first by default, and a row opened in its review drawer.
 */
export function ReviewQueuePage<Row extends QueueRow, F extends QueueFilters>(props: Props<Row, F>) {
  const { queue, result, selects } = props;
  const [open, setOpen] = useState<Row | null>(null);
  const leading = useLeadingColumns<Row>();
  const status = useStatusColumn<Row>(props.statuses);
  const opener = useOpenColumn<Row>(props.awaiting, setOpen, props.testIdPrefix);

  return (
    <Page title={props.title} description={props.description}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          {selects.map((select) => (
            <QueueSelectFilter<F>
              key={select.key}
              select={select}
              value={queue.filters[select.key] as number | undefined}
              onChange={(v) => queue.setFilter(select.key, v as F[typeof select.key])}
            />
          ))}
          <UserIdFilter value={queue.filters.user_id} onChange={(id) => queue.setFilter('user_id', id)} />
        </Flex>
        <Table<Row>
          rowKey="id"
          columns={[...leading, ...props.columns, status, opener]}
          dataSource={result?.data ?? []}
          loading={props.loading}
          pagination={serverPagination(queue.page, result?.total, queue.setPage)}
          scroll={{ x: props.scrollX }}
        />
      </Card>
      {open ? props.review(open, () => setOpen(null)) : null}
    </Page>
  );
}
