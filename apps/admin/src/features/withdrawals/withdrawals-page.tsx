import { adminWithdrawalsEndpoint, type AdminWithdrawal } from '@pipwise/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { DRAW_TYPE } from '@/lib/labels';
import { usdColumn } from '@/lib/table';
import { method, payout, WITHDRAWAL_QUEUE } from './withdrawal-actions';
import { WithdrawalReview } from './withdrawal-review';

/** Withdrawals: the ones under review first; paying one is done outside, then marked here. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueuePage
      queue={WITHDRAWAL_QUEUE}
      endpoint={adminWithdrawalsEndpoint}
      title={t('admin_app.menu.withdrawals')}
      description={t('admin_app.withdrawals.intro')}
      statusFilter={{ width: 220 }}
      typeFilter={{ placeholder: t('admin_app.withdrawals.method'), codes: DRAW_TYPE, width: 180 }}
      columns={[
        { title: t('admin_app.withdrawals.method'), render: (_, w) => method(t, w) },
        usdColumn<AdminWithdrawal>(t('admin_app.withdrawals.amount'), 'amount'),
        usdColumn<AdminWithdrawal>(t('admin_app.withdrawals.fee'), 'fee'),
        { title: t('admin_app.withdrawals.to_pay'), align: 'end', render: (_, w) => payout(w) },
        {
          title: t('admin_app.withdrawals.reference'),
          ellipsis: true,
          render: (_, w) =>
            w.payout_reference ? <Typography.Text code>{w.payout_reference}</Typography.Text> : '—',
        },
      ]}
      scrollX={1300}
      review={(row, close) => <WithdrawalReview item={row} onClose={close} />}
    />
  );
}
