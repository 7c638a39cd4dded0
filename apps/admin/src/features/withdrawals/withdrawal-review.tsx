import type { AdminWithdrawal } from '@pipwise/shared';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Fact } from '@/components/facts';
import { ReviewDrawer } from '@/components/review/review-drawer';
import { reviewFacts } from '@/components/review/review-facts';
import { formatUsd } from '@/lib/format';
import { paysToAddress, WITHDRAWAL_QUEUE } from './withdrawal-actions';

/** Where to pay: the coin address, or the bank account. */
function payeeFacts(t: TFunction, w: AdminWithdrawal): Fact[] {
  if (paysToAddress(w)) {
    const address = (
      <Typography.Text copyable code>
        {w.address}
      </Typography.Text>
    );
    return [{ key: 'address', label: t('admin_app.withdrawals.address'), value: address, span: 2 }];
  }
  return [
    { key: 'bank', label: t('admin_app.channels.bank_name'), value: w.bank_name },
    { key: 'swift', label: t('admin_app.channels.bank_swift'), value: w.bank_swift || '—' },
    { key: 'payee', label: t('admin_app.channels.payee_name'), value: w.payee_name },
    {
      key: 'account',
      label: t('admin_app.channels.payee_account'),
      value: <Typography.Text copyable>{w.payee_account}</Typography.Text>,
    },
    {
      key: 'bank_address',
      label: t('admin_app.channels.bank_address'),
      value: w.bank_address || '—',
      span: 2,
    },
  ];
}

/** Once paid: the payout's reference the operator recorded (what the trader sees too). */
function referenceFacts(t: TFunction, w: AdminWithdrawal): Fact[] {
  if (!w.payout_reference) return [];
  const reference = (
    <Typography.Text copyable code data-testid="withdrawal-reference">
      {w.payout_reference}
    </Typography.Text>
  );
  return [{ key: 'reference', label: t('admin_app.withdrawals.reference'), value: reference, span: 2 }];
}

/** One withdrawal: where to pay, how much, and the two decisions. */
export function WithdrawalReview({ item: w, onClose }: { item: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const toPay = (
    <Typography.Text strong copyable={{ text: w.real_number }}>
      {w.real_number} {w.currency_code}
      {w.protocol ? ` (${w.protocol})` : ''}
    </Typography.Text>
  );
  return (
    <ReviewDrawer
      queue={WITHDRAWAL_QUEUE}
      row={w}
      title={t('admin_app.withdrawals.review_title', { id: w.id })}
      size={720}
      onClose={onClose}
      facts={[
        { key: 'amount', label: t('admin_app.withdrawals.amount'), value: formatUsd(w.amount) },
        { key: 'fee', label: t('admin_app.withdrawals.fee'), value: formatUsd(w.fee) },
        { key: 'to_pay', label: t('admin_app.withdrawals.to_pay'), value: toPay, span: 2 },
        { key: 'usd_price', label: t('admin_app.withdrawals.usd_price'), value: w.usd_price, span: 2 },
        ...payeeFacts(t, w),
        { key: 'memo', label: t('admin_app.withdrawals.memo'), value: w.memo || '—', span: 2 },
        ...referenceFacts(t, w),
      ]}
      note={reviewFacts.note('notes', t('admin_app.withdrawals.note'), w.notes)}
    />
  );
}
