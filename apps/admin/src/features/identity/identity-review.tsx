import type { AdminIdentity } from '@pipwise/shared';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrivateImage } from '@/components/private-image';
import { ReviewDrawer } from '@/components/review/review-drawer';
import { reviewFacts } from '@/components/review/review-facts';
import { IDENTITY_QUEUE } from './identity-actions';

/** One identity submission: the name and number beside both photos, and the two decisions. */
export function IdentityReview({ item, onClose }: { item: AdminIdentity; onClose: () => void }) {
  const { t } = useTranslation();
  const photos = [
    { side: 'front', path: item.front_pic, label: t('admin_app.identity.front') },
    { side: 'back', path: item.reverse_pic, label: t('admin_app.identity.back') },
  ];
  return (
    <ReviewDrawer
      queue={IDENTITY_QUEUE}
      row={item}
      title={t('admin_app.identity.review_title', { id: item.id })}
      size={860}
      onClose={onClose}
      facts={[
        { key: 'name', label: t('admin_app.identity.name'), value: item.name },
        {
          key: 'card_id',
          label: t('admin_app.identity.card_id'),
          value: <Typography.Text copyable>{item.card_id}</Typography.Text>,
        },
      ]}
      note={reviewFacts.note('reason', t('admin_app.identity.reason'), item.reason)}
    >
      <Image.PreviewGroup>
        <Flex gap={16} wrap>
          {photos.map((photo) => (
            <Flex vertical gap={8} key={photo.side}>
              <Typography.Text strong>{photo.label}</Typography.Text>
              <PrivateImage
                path={photo.path}
                alt={photo.label}
                width={380}
                height={250}
                testId={`identity-${photo.side}`}
              />
            </Flex>
          ))}
        </Flex>
      </Image.PreviewGroup>
    </ReviewDrawer>
  );
}
