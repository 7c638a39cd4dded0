import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { Page } from '@/components/page';

interface Props<Row extends { id: number }> {
  title: string;
  description: string;
  /** The "New …" button's text; no button when rows are only edited. */
  createLabel?: string;
  /** Above the table: its filter or tabs. */
  toolbar?: ReactNode;
  rows: readonly Row[] | undefined;
  loading: boolean;
  /** The table's columns; `edit` opens a row in the editor (the actions column calls it). */
  columns: (edit: (row: Row) => void) => TableColumnsType<Row>;
  /** The edit modal of a row, or of a new one (`null`). */
  editor: (row: Row | null, close: () => void) => ReactNode;
  scrollX?: number;
  size?: 'middle';
}

/**
 * A configuration table (channels, currencies, instruments, categories, traders): every
 * row on one page, a "New" button, and one row at a time in its edit modal.
 */
export function CrudPage<Row extends { id: number }>(props: Props<Row>) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const create = props.createLabel ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
      {props.createLabel}
    </Button>
  ) : null;
  return (
    <Page title={props.title} description={props.description} extra={create}>
      <Card>
        {props.toolbar}
        <Table<Row>
          rowKey="id"
          size={props.size}
          columns={props.columns(setEditing)}
          dataSource={props.rows ?? []}
          loading={props.loading}
          pagination={false}
          scroll={props.scrollX ? { x: props.scrollX } : undefined}
        />
      </Card>
      {editing ? props.editor(editing === 'new' ? null : editing, () => setEditing(null)) : null}
    </Page>
  );
}
