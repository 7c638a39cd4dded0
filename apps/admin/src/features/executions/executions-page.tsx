import {
  adminExecutionsEndpoint,
  adminInstrumentsEndpoint,
  type AdminExecution,
  type ExecutionState,
} from '@pipwise/shared';
import { Alert, Button, Card, Flex, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';
import { executionColumns } from './execution-columns';
import { executionRowClass, stateOptions, userIdOf } from './execution-labels';

interface Filters {
  state?: ExecutionState;
  instrument_id?: number;
  user_id?: number;
}

/**
 * The dealing desk's view of every order sent to the liquidity provider, newest first, read
 * only. Unbooked fills — filled by the provider, not on the trader's books — are counted
 * above the list and highlighted in it: the desk offsets each at the provider.
 */
export default function ExecutionsPage() {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage } = useListFilters<Filters>({});
  const { data, isFetching } = useApiQuery(adminExecutionsEndpoint, { ...filters, page });
  // How many wait for the desk, whatever the list shows; the first page's total says it.
  const unbooked = useApiQuery(adminExecutionsEndpoint, { state: 'unbooked', page: 1 });
  const instruments = useApiQuery(adminInstrumentsEndpoint, {});
  const waiting = unbooked.data?.total ?? 0;

  return (
    <Page title={t('admin_execution.menu')} description={t('admin_execution.intro')}>
      {waiting > 0 && filters.state !== 'unbooked' ? (
        <Alert
          type="error"
          showIcon
          title={t('admin_execution.unbooked_waiting', { count: waiting })}
          action={
            <Button size="small" onClick={() => setFilter('state', 'unbooked')} data-testid="show-unbooked">
              {t('admin_execution.show_unbooked')}
            </Button>
          }
        />
      ) : null}
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            value={filters.state}
            onChange={(v?: ExecutionState) => setFilter('state', v)}
            options={stateOptions(t)}
            style={{ width: 170 }}
            data-testid="execution-state-filter"
          />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('admin_execution.instrument')}
            value={filters.instrument_id}
            onChange={(v?: number) => setFilter('instrument_id', v)}
            options={(instruments.data ?? []).map((i) => ({ value: i.id, label: i.code }))}
            style={{ width: 170 }}
            data-testid="execution-instrument-filter"
          />
          <Input.Search
            allowClear
            inputMode="numeric"
            placeholder={t('admin_app.common.user_id')}
            onSearch={(v) => setFilter('user_id', userIdOf(v))}
            style={{ width: 170 }}
            data-testid="execution-user-filter"
          />
        </Flex>
        <Table<AdminExecution>
          rowKey="id"
          size="middle"
          columns={executionColumns(t)}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          rowClassName={executionRowClass}
          scroll={{ x: 1700 }}
        />
      </Card>
    </Page>
  );
}
