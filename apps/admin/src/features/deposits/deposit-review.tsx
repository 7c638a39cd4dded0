import type { AdminDeposit } from '@pipwise/shared';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivateImage } from '@/components/private-image';
import { ReviewDrawer } from '@/components/review/review-drawer';
import { reviewFacts } from '@/components/review/review-facts';
import { DEPOSIT_TYPE, labelOf } from '@/lib/labels';
import { creditLine, DEPOSIT_QUEUE } from './deposit-actions';

/** One deposit under review: what was declared, the proof, and the three decisions. */
export function DepositReview({ deposit: d, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t } = useTranslation();
  const credit = creditLine(t, d);
  return (
    <ReviewDrawer
      queue={DEPOSIT_QUEUE}
      row={d}
      title={t('admin_app.deposits.review_title', { id: d.id })}
      size={720}
      onClose={onClose}
      facts={[
        { key: 'type', label: t('admin_app.deposits.channel'), value: labelOf(t, DEPOSIT_TYPE, d.type) },
        {
          key: 'currency',
          label: t('admin_app.deposits.currency'),
          value: `${d.currency_code}${d.protocol_code ? ` · ${d.protocol_code}` : ''}`,
        },
        { key: 'declared', label: t('admin_app.deposits.declared'), value: `${d.number} ${d.currency_code}` },
        { key: 'rate', label: t('admin_app.deposits.rate'), value: d.usd_rate },
        {
          key: 'credit',
          label: credit.label,
          value: <Typography.Text strong>{credit.amount}</Typography.Text>,
          span: 2,
        },
        {
          key: 'sender',
          label: t('admin_app.deposits.sender'),
          value: (
            <Typography.Text copyable code>
              {d.address}
            </Typography.Text>
          ),
          span: 2,
          shown: !!d.address,
        },
      ]}
      note={reviewFacts.note('remark', t('admin_app.deposits.remark'), d.remark)}
    >
      <div>
        <Typography.Title level={5}>{t('admin_app.deposits.proof')}</Typography.Title>
        <PrivateImage
          path={d.proof_img}
          alt={t('admin_app.deposits.proof')}
          width={480}
          height={320}
          testId="deposit-proof"
        />
      </div>
    </ReviewDrawer>
  );
}
