import { ADMIN_PAGE_SIZE } from '@pipwise/shared';
import type { TablePaginationConfig } from 'antd';

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
