import { safeImageSrc } from '@pipwise/client';
import { LANG_INFO, LANGS, type Lang } from '@pipwise/shared';
import { Card, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageAddress } from '@/lib/rules';

/** An article's settings: its category, base language, cover and whether it is published. */
export function NewsSettingsCard({
  saved,
  onBaseLang,
}: {
  saved: boolean;
  onBaseLang: (lang: Lang) => void;
}) {
  const { t } = useTranslation();
  const logo = Form.useWatch<string | undefined>('logo') ?? '';
  return (
    <Card title={t('admin_app.news.settings')}>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item
            name="category_id"
            label={t('admin_app.news.category')}
            extra={t('admin_app.news.category_help')}
            rules={[{ required: true }]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="base_lang"
            label={t('admin_app.news.base_lang')}
            extra={t('admin_app.news.base_lang_help')}
          >
            <Select
              disabled={saved}
              onChange={onBaseLang}
              options={LANGS.map((l) => ({ value: l, label: LANG_INFO[l].nativeName }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="logo"
            label={t('admin_app.news.logo')}
            extra={t('admin_app.common.image_address_help')}
            rules={[imageAddress(t)]}
          >
            <Input dir="ltr" placeholder="https://… /static/…" />
          </Form.Item>
        </Col>
        <Col xs={24} md={4}>
          <Form.Item name="published" label={t('admin_app.news.published')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      {safeImageSrc(logo) ? (
        <img src={safeImageSrc(logo)} alt="" style={{ maxHeight: 96, borderRadius: 6 }} />
      ) : null}
    </Card>
  );
}
