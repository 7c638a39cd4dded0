import { FileImageOutlined, LoadingOutlined } from '@ant-design/icons';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePrivateImage } from '@/lib/use-private-image';

interface Props {
  /** A `/api/admin/image?name=…` path, or empty for none. */
  path: string;
  alt: string;
  width?: number;
  height?: number;
  testId?: string;
}

/**
 * A private upload shown with antd's Image (click to enlarge, zoom, rotate), loaded with the
 * operator's session header into an object URL.
 */
export function PrivateImage({ path, alt, width = 240, height = 160, testId }: Props) {
  const { t } = useTranslation();
  const image = usePrivateImage(path || null);
  const box = { width, height, border: '1px dashed #d9d9d9', borderRadius: 8, background: '#fafafa' };
  if (image.status === 'ready') {
    return (
      <Image
        src={image.src}
        alt={alt}
        width={width}
        height={height}
        style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8 }}
        data-testid={testId}
      />
    );
  }
  return (
    <Flex vertical align="center" justify="center" gap={6} style={box} data-testid={testId}>
      {image.status === 'loading' ? (
        <LoadingOutlined />
      ) : (
        <FileImageOutlined style={{ fontSize: 22, color: '#bfbfbf' }} />
      )}
      <Typography.Text type="secondary">
        {image.status === 'loading'
          ? t('admin_app.common.loading')
          : image.status === 'error'
            ? t('admin_app.common.image_failed')
            : t('admin_app.common.no_image')}
      </Typography.Text>
    </Flex>
  );
}
