import {
  adminExecutionsEndpoint,
  adminInstrumentsEndpoint,
  type AdminExecution,
  type ExecutionState,
} from '@pipwise/shared';
import { Alert, Button, Card, Flex, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { mayCall } from '@/lib/access';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';
import { executionColumns } from './execution-columns';
import { executionRowClass, filtersOf, handledOptions, stateOptions, userIdOf } from './execution-labels';

interface Filters {
  state?: ExecutionState;
  instrument_id?: number;
  user_id?: number;
  handled?: 0 | 1;
}

/** The fills the desk still has to offset at the provider: unbooked, not marked handled. */
const OPEN_UNBOOKED = { state: 'unbooked', handled: 0 } as const;

/**
 * The dealing desk's view of every order sent to the liquidity provider, newest first.
 * Unbooked fills — filled by the provider, not on the trader's books — nobody has marked
 * handled yet are counted above the list and highlighted in it: the desk offsets each at
 * the provider, then marks it handled with a note. The address may name the first filter
 * (the desk links to the open ones).
 */
export default function ExecutionsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { filters, setFilter, page, setPage } = useListFilters<Filters>(filtersOf(params));
  const { data, isFetching } = useApiQuery(adminExecutionsEndpoint, { ...filters, page });
  // How many wait for the desk, whatever the list shows; the first page's total says it.
  const unbooked = useApiQuery(adminExecutionsEndpoint, { ...OPEN_UNBOOKED, page: 1 });
  // Finance works the desk but not the instruments: no instrument filter for them.
  const byInstrument = mayCall(useSession()?.operator, adminInstrumentsEndpoint);
  const instruments = useApiQuery(adminInstrumentsEndpoint, {}, { enabled: byInstrument });
  const waiting = unbooked.data?.total ?? 0;
  const showingOpen = filters.state === OPEN_UNBOOKED.state && filters.handled === OPEN_UNBOOKED.handled;
  const showOpen = () => {
    setFilter('state', OPEN_UNBOOKED.state);
    setFilter('handled', OPEN_UNBOOKED.handled);
  };

  return (
    <Page title={t('admin_execution.menu')} description={t('admin_execution.intro')}>
      {waiting > 0 && !showingOpen ? (
        <Alert
          type="error"
          showIcon
          title={t('admin_execution.unbooked_waiting', { count: waiting })}
          action={
            <Button size="small" onClick={showOpen} data-testid="show-unbooked">
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
            aria-label={t('admin_app.common.status')}
            value={filters.state}
            onChange={(v?: ExecutionState) => setFilter('state', v)}
            options={stateOptions(t)}
            style={{ width: 170 }}
            data-testid="execution-state-filter"
          />
          <Select
            allowClear
            placeholder={t('admin_execution.handled')}
            aria-label={t('admin_execution.handled')}
            value={filters.handled}
            onChange={(v?: 0 | 1) => setFilter('handled', v)}
            options={handledOptions(t)}
            style={{ width: 150 }}
            data-testid="execution-handled-filter"
          />
          {byInstrument ? (
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('admin_execution.instrument')}
              aria-label={t('admin_execution.instrument')}
              value={filters.instrument_id}
              onChange={(v?: number) => setFilter('instrument_id', v)}
              options={(instruments.data ?? []).map((i) => ({ value: i.id, label: i.code }))}
              style={{ width: 170 }}
              data-testid="execution-instrument-filter"
            />
          ) : null}
          <Input.Search
            allowClear
            inputMode="numeric"
            placeholder={t('admin_app.common.user_id')}
            aria-label={t('admin_app.common.user_id')}
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
          scroll={{ x: 1920 }}
        />
      </Card>
    </Page>
  );
}
