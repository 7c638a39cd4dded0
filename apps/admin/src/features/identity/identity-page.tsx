import { adminIdentitiesEndpoint, ReviewStatus } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { IDENTITY_QUEUE } from './identity-actions';
import { IdentityReview } from './identity-review';

/** A submission is never "not submitted": the queue filters by the other three statuses. */
const SUBMITTED = [ReviewStatus.Review, ReviewStatus.Verified, ReviewStatus.Rejected];

/** Identity submissions: the ones under review first; each resubmission is its own row. */
export default function IdentityPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueuePage
      queue={IDENTITY_QUEUE}
      endpoint={adminIdentitiesEndpoint}
      title={t('admin_app.menu.identity')}
      description={t('admin_app.identity.intro')}
      statusFilter={{ width: 180, only: SUBMITTED }}
      columns={[
        { title: t('admin_app.identity.name'), dataIndex: 'name' },
        { title: t('admin_app.identity.card_id'), dataIndex: 'card_id' },
      ]}
      scrollX={900}
      review={(row, close) => <IdentityReview item={row} onClose={close} />}
    />
  );
}
