import { adminWithdrawalsEndpoint, WithdrawStatus, type AdminWithdrawal } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { formatUsd } from '@/lib/format';
import { codeOptions, DRAW_TYPE, WITHDRAWAL_STATUS } from '@/lib/labels';
import { useApiQuery } from '@/lib/query';
import { method, payout } from './withdrawal-actions';
import { WithdrawalReview } from './withdrawal-review';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  status?: number;
  type?: number;
  user_id?: number;
}

/** Withdrawals: the ones under review first; paying one is done outside, then marked here. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const queue = useListFilters<Filters>({ status: WithdrawStatus.Pending });
  const { data, isFetching } = useApiQuery(adminWithdrawalsEndpoint, { ...queue.filters, page: queue.page });
  return (
    <ReviewQueuePage<AdminWithdrawal, Filters>
      title={t('admin_app.menu.withdrawals')}
      description={t('admin_app.withdrawals.intro')}
      queue={queue}
      result={data}
      loading={isFetching}
      selects={[
        {
          key: 'status',
          placeholder: t('admin_app.common.status'),
          options: codeOptions(t, WITHDRAWAL_STATUS),
          width: 220,
        },
        {
          key: 'type',
          placeholder: t('admin_app.withdrawals.method'),
          options: codeOptions(t, DRAW_TYPE),
          width: 180,
        },
      ]}
      statuses={WITHDRAWAL_STATUS}
      awaiting={WithdrawStatus.Pending}
      columns={[
        { title: t('admin_app.withdrawals.method'), render: (_, w) => method(t, w) },
        {
          title: t('admin_app.withdrawals.amount'),
          dataIndex: 'amount',
          align: 'end',
          render: (v: number) => formatUsd(v),
        },
        {
          title: t('admin_app.withdrawals.fee'),
          dataIndex: 'fee',
          align: 'end',
          render: (v: number) => formatUsd(v),
        },
        { title: t('admin_app.withdrawals.to_pay'), align: 'end', render: (_, w) => payout(w) },
      ]}
      testIdPrefix="withdrawal"
      scrollX={1100}
      review={(row, close) => <WithdrawalReview item={row} onClose={close} />}
    />
  );
}
