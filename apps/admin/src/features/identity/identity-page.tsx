import { adminIdentitiesEndpoint, ReviewStatus, type AdminIdentity } from '@pipwise/shared';
import { useTranslation } from 'react-i18next';
import { ReviewQueuePage } from '@/components/review/queue-page';
import { codeOptions, IDENTITY_STATUS } from '@/lib/labels';
import { useApiQuery } from '@/lib/query';
import { IdentityReview } from './identity-review';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  status?: number;
  user_id?: number;
}

/** Identity submissions: the ones under review first; each resubmission is its own row. */
export default function IdentityPage() {
  const { t } = useTranslation();
  const queue = useListFilters<Filters>({ status: ReviewStatus.Review });
  const { data, isFetching } = useApiQuery(adminIdentitiesEndpoint, { ...queue.filters, page: queue.page });
  return (
    <ReviewQueuePage<AdminIdentity, Filters>
      title={t('admin_app.menu.identity')}
      description={t('admin_app.identity.intro')}
      queue={queue}
      result={data}
      loading={isFetching}
      selects={[
        {
          key: 'status',
          placeholder: t('admin_app.common.status'),
          // A submission is never "not submitted": the queue filters by the other three.
          options: codeOptions(t, IDENTITY_STATUS, [
            ReviewStatus.Review,
            ReviewStatus.Verified,
            ReviewStatus.Rejected,
          ]),
          width: 180,
        },
      ]}
      statuses={IDENTITY_STATUS}
      awaiting={ReviewStatus.Review}
      columns={[
        { title: t('admin_app.identity.name'), dataIndex: 'name' },
        { title: t('admin_app.identity.card_id'), dataIndex: 'card_id' },
      ]}
      testIdPrefix="identity"
      scrollX={900}
      review={(row, close) => <IdentityReview item={row} onClose={close} />}
    />
  );
}
