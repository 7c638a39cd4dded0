import { describe, expect, it } from 'vitest';
import { serverPagination, usdColumn } from './table';

describe('table helpers', () => {
  it('a USD column is right-aligned and shows each amount as USD', () => {
    const column = usdColumn<{ balance: number }>('Balance', 'balance') as {
      render: (v: number) => string;
    };
    expect(column).toMatchObject({ title: 'Balance', dataIndex: 'balance', align: 'end' });
    expect(column.render(1234.5)).toBe('$1,234.50');
    expect(column.render(-25)).toBe('-$25.00');
  });

  it('a server-paged list shows its page of 20, and how many there are in all', () => {
    const onPage = () => undefined;
    expect(serverPagination(3, undefined, onPage)).toMatchObject({
      current: 3,
      pageSize: 20,
      total: 0,
      showSizeChanger: false,
      onChange: onPage,
    });
  });
});
