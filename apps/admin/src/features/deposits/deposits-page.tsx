import { adminDepositsEndpoint } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { formatUsd } from '@/lib/format';
import { DEPOSIT_TYPE, labelOf } from '@/lib/labels';
import { DEPOSIT_QUEUE, declared, listedUsd } from './deposit-actions';
import { DepositReview } from './deposit-review';

/** Deposits: unchecked ones first by default; open one to see its proof and decide. */
export default function DepositsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueuePage
      queue={DEPOSIT_QUEUE}
      endpoint={adminDepositsEndpoint}
      title={t('admin_app.menu.deposits')}
      description={t('admin_app.deposits.intro')}
      statusFilter={{ width: 180, testId: 'deposit-status-filter' }}
      typeFilter={{ placeholder: t('admin_app.deposits.channel'), codes: DEPOSIT_TYPE, width: 180 }}
      columns={[
        {
          title: t('admin_app.deposits.channel'),
          dataIndex: 'type',
          render: (v: number) => labelOf(t, DEPOSIT_TYPE, v),
        },
        { title: t('admin_app.deposits.declared'), align: 'end', render: (_, d) => declared(d) },
        { title: t('admin_app.deposits.usd'), align: 'end', render: (_, d) => formatUsd(listedUsd(d)) },
      ]}
      scrollX={1000}
      review={(row, close) => <DepositReview deposit={row} onClose={close} />}
    />
  );
}
