import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/test/english';
import { actionsColumn, flagColumn, idColumn, SampleTag, sortColumn } from './columns';

vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);

interface Row {
  id: number;
  name: string;
}

/** What a column shows for a row, as text. */
function cell(column: ReturnType<typeof flagColumn<Row>>, value: unknown, row: Row): string {
  const render = (column as { render: (v: unknown, r: Row, i: number) => ReactNode }).render;
  return renderToStaticMarkup(<>{render(value, row, 0)}</>);
}

const row: Row = { id: 3, name: 'USDT' };

describe('the CRUD columns', () => {
  it('id and order', () => {
    expect(idColumn()).toEqual({ title: '#', dataIndex: 'id', width: 60 });
    expect(idColumn('ID', 70)).toEqual({ title: 'ID', dataIndex: 'id', width: 70 });
    expect(sortColumn(t)).toEqual({ title: 'Order', dataIndex: 'sort', align: 'end' });
  });

  it('a flag reads as its on or off word, whether 0/1 or a boolean', () => {
    const column = flagColumn<Row>(t, { on: 'Shown', off: 'Hidden' });
    expect(column).toMatchObject({ title: 'Status', dataIndex: 'enabled' });
    expect(cell(column, 1, row)).toContain('Shown');
    expect(cell(column, 1, row)).toContain('data-color="green"');
    expect(cell(column, 0, row)).toContain('Hidden');
    expect(cell(column, false, row)).not.toContain('Shown');
    expect(cell(column, true, row)).toContain('Shown');
  });

  it('"Sample" marks only what the first start seeded', () => {
    expect(renderToStaticMarkup(<SampleTag t={t} on={1} />)).toContain('Sample');
    expect(renderToStaticMarkup(<SampleTag t={t} on={0} />)).toBe('');
  });

  it('edit, with its test id, and delete only where rows are deleted', () => {
    const edit = vi.fn();
    const editOnly = actionsColumn<Row>(t, { edit, editTestId: (r) => `edit-${r.name}`, fixed: 'end' });
    expect(editOnly).toMatchObject({ width: 90, fixed: 'end' });
    const html = cell(editOnly, undefined, row);
    expect(html).toContain('data-testid="edit-USDT"');
    expect(html).toContain('Edit');
    expect(html).not.toContain('Delete');

    const withDelete = actionsColumn<Row>(t, {
      edit,
      remove: { question: (r) => `Remove ${r.name}?`, run: vi.fn() },
    });
    expect(withDelete).toMatchObject({ width: 170 });
    const both = cell(withDelete, undefined, row);
    expect(both).toContain('data-question="Remove USDT?"');
    expect(both).toContain('data-ok="Delete"');
    expect(both).toContain('data-danger="yes"');
  });
});
