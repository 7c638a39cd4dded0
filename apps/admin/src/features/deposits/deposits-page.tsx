import { adminDepositsEndpoint, ChargeStatus, type AdminDeposit } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { formatUsd } from '@/lib/format';
import { codeOptions, DEPOSIT_STATUS, DEPOSIT_TYPE, labelOf } from '@/lib/labels';
import { useApiQuery } from '@/lib/query';
import { declared, listedUsd } from './deposit-actions';
import { DepositReview } from './deposit-review';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  status?: number;
  type?: number;
  user_id?: number;
}

/** Deposits: unchecked ones first by default; open one to see its proof and decide. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const queue = useListFilters<Filters>({ status: ChargeStatus.Unchecked });
  const { data, isFetching } = useApiQuery(adminDepositsEndpoint, { ...queue.filters, page: queue.page });
  return (
    <ReviewQueuePage<AdminDeposit, Filters>
      title={t('admin_app.menu.deposits')}
      description={t('admin_app.deposits.intro')}
      queue={queue}
      result={data}
      loading={isFetching}
      selects={[
        {
          key: 'status',
          placeholder: t('admin_app.common.status'),
          options: codeOptions(t, DEPOSIT_STATUS),
          width: 180,
          testId: 'deposit-status-filter',
        },
        {
          key: 'type',
          placeholder: t('admin_app.deposits.channel'),
          options: codeOptions(t, DEPOSIT_TYPE),
          width: 180,
        },
      ]}
      statuses={DEPOSIT_STATUS}
      awaiting={ChargeStatus.Unchecked}
      columns={[
        {
          title: t('admin_app.deposits.channel'),
          dataIndex: 'type',
          render: (v: number) => labelOf(t, DEPOSIT_TYPE, v),
        },
        { title: t('admin_app.deposits.declared'), align: 'end', render: (_, d) => declared(d) },
        { title: t('admin_app.deposits.usd'), align: 'end', render: (_, d) => formatUsd(listedUsd(d)) },
      ]}
      testIdPrefix="deposit"
      scrollX={1000}
      review={(row, close) => <DepositReview deposit={row} onClose={close} />}
    />
  );
}
