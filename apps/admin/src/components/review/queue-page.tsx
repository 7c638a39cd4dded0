import type { Endpoint } from '@pipwise/shared';
import { Card, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import {
  QueueFilterBar,
  queueSelects,
  useLeadingColumns,
  useOpenColumn,
  useStatusColumn,
  type QueueFilters,
  type QueueRow,
  type StatusFilter,
  type TypeFilter,
} from '@/components/review-queue';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';
import type { ReviewQueue } from './types';

/** A page of a queue's rows, and how many there are in all. */
interface QueueRows<Row> {
  data: Row[];
  total: number;
}

/**
 * The endpoint listing a queue a page at a time, filtered by `QueueFilters`; its output
 * parses to a page of the queue's rows (how a zod schema says what it returns).
 */
export type QueueEndpoint<Row> = Endpoint & { output: { parse: (data: unknown) => QueueRows<Row> } };

interface Props<Row extends QueueRow> {
  /** The queue (its statuses, the one awaiting a decision, its test ids) and its list. */
  queue: ReviewQueue<Row>;
  endpoint: QueueEndpoint<Row>;
  title: string;
  description: string;
  statusFilter: StatusFilter;
  /** A second filter, by a code of the queue's own (omitted: none). */
  typeFilter?: TypeFilter;
  /** The queue's own columns, between who sent the row and its status. */
  columns: TableColumnsType<Row>;
  scrollX: number;
  /** The review drawer of one row. */
  review: (row: Row, close: () => void) => ReactNode;
}

/**
 * A review queue (deposits, withdrawals, identities): filters, the rows awaiting a decision
 * first by default, and a row opened in its review drawer.
 */
export function ReviewQueuePage<Row extends QueueRow>(props: Props<Row>) {
  const { queue } = props;
  const { t } = useTranslation();
  const list = useListFilters<QueueFilters>({ status: queue.awaiting });
  const query = useApiQuery(props.endpoint, { ...list.filters, page: list.page });
  // The endpoint's type says its output parses to this page (QueueEndpoint).
  const result = query.data as QueueRows<Row> | undefined;
  const [open, setOpen] = useState<Row | null>(null);
  const leading = useLeadingColumns<Row>();
  const status = useStatusColumn<Row>(queue.statuses);
  const opener = useOpenColumn<Row>(queue.awaiting, setOpen, queue.name);

  return (
    <Page title={props.title} description={props.description}>
      <Card>
        <QueueFilterBar
          list={list}
          selects={queueSelects(t, queue.statuses, props.statusFilter, props.typeFilter)}
        />
        <Table<Row>
          rowKey="id"
          columns={[...leading, ...props.columns, status, opener]}
          dataSource={result?.data ?? []}
          loading={query.isFetching}
          pagination={serverPagination(list.page, result?.total, list.setPage)}
          // An empty queue has nothing to scroll to: a scrolling box with nothing a keyboard
          // can reach inside is one it cannot scroll (docs/accessibility.md).
          scroll={result?.data.length ? { x: props.scrollX } : undefined}
        />
      </Card>
      {open ? props.review(open, () => setOpen(null)) : null}
    </Page>
  );
}
