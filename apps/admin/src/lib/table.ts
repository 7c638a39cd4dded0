import { ADMIN_PAGE_SIZE } from '@pipwise/shared';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { formatUsd } from './format';

/** antd pagination for a server-paged list (20 a page, docs/api.md "Back office API"). */
export function serverPagination(
  page: number,
  total: number | undefined,
  onPage: (page: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total ?? 0,
    showSizeChanger: false,
    onChange: onPage,
  };
}

/**
 * A column of USD amounts ("$1,234.50"), right-aligned so the cents line up: balances,
 * withdrawal amounts and fees, exposure.
 */
export function usdColumn<Row>(title: string, dataIndex: keyof Row & string): TableColumnsType<Row>[number] {
  return { title, dataIndex, align: 'end', render: (v: number) => formatUsd(v) };
}
