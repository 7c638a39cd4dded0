import type { Endpoint, EndpointInput } from '@pipwise/shared';
import { Button, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { FlagTag } from '@/components/status';
import { isOn } from '@/lib/codes';
import { useApiMutation } from '@/lib/query';

/** The columns CRUD tables share, built with the operator's `t`. */
type Column<Row> = TableColumnsType<Row>[number];

export const idColumn = <Row,>(title = '#', width = 60): Column<Row> => ({ title, dataIndex: 'id', width });

export const sortColumn = <Row,>(t: TFunction): Column<Row> => ({
  title: t('admin_app.common.sort'),
  dataIndex: 'sort',
  align: 'end',
});

/** A 0/1 flag (enabled, shown, open) as a green tag or a plain one. */
export function flagColumn<Row>(
  t: TFunction,
  { dataIndex = 'enabled', on, off }: { dataIndex?: string; on: string; off: string },
): Column<Row> {
  return {
    title: t('admin_app.common.status'),
    dataIndex,
    render: (v: number | boolean) => <FlagTag on={isOn(v)} onText={on} offText={off} />,
  };
}

/** "Sample" beside what the first start seeded, to replace before going live. */
export function SampleTag({ t, on }: { t: TFunction; on: number | boolean }) {
  return isOn(on) ? <Tag color="purple">{t('admin_app.common.sample')}</Tag> : null;
}

interface Actions<Row> {
  edit: (row: Row) => void;
  editTestId?: (row: Row) => string;
  /** Delete, after the question (omitted: rows are not deleted here). */
  remove?: { question: (row: Row) => string; run: (row: Row) => void };
  fixed?: 'end';
}

/** The last column: "Edit", and "Delete" behind a question. */
export function actionsColumn<Row>(t: TFunction, actions: Actions<Row>): Column<Row> {
  const { edit, editTestId, remove } = actions;
  return {
    title: '',
    width: remove ? 170 : 90,
    fixed: actions.fixed,
    render: (_, row) => (
      <Space>
        <Button size="small" onClick={() => edit(row)} data-testid={editTestId?.(row)}>
          {t('admin_app.common.edit')}
        </Button>
        {remove ? (
          <Popconfirm
            title={remove.question(row)}
            okText={t('admin_app.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('admin_app.common.cancel')}
            onConfirm={() => remove.run(row)}
          >
            <Button size="small" danger>
              {t('admin_app.common.delete')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    ),
  };
}

/** Deleting a row by id through `endpoint`, then the lists under `invalidates` fetched again. */
export function useCrudDelete<E extends Endpoint>(endpoint: E, invalidates: readonly string[]) {
  const remove = useApiMutation(endpoint, { invalidates });
  return (row: { id: number }) => remove.mutate({ id: row.id } as EndpointInput<E>);
}
