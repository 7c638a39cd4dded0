import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanArticleHtml } from '@/lib/article';

interface Props {
  /** The form field holding the HTML. */
  name: string;
  label: string;
  maxLength: number;
  required?: boolean;
  /** The direction of the language being written (Arabic articles read right to left). */
  dir: 'ltr' | 'rtl';
  testId?: string;
}

/**
 * Article HTML beside a live preview. The preview is cleaned with the traders' app's
 * allow-list (DOMPurify), so it shows what traders will see — scripts, handlers and foreign
 * frames are gone — and nothing pasted here can run in the back office.
 */
export function HtmlEditor({ name, label, maxLength, required, dir, testId }: Props) {
  const { t } = useTranslation();
  const html = Form.useWatch<string | undefined>(name) ?? '';
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Form.Item
          name={name}
          label={label}
          extra={t('admin_app.news.html_help')}
          className="html-source"
          rules={
            required ? [{ required: true, whitespace: true, message: t('admin_app.common.required') }] : []
          }
        >
          <Input.TextArea rows={16} maxLength={maxLength} spellCheck={false} dir="ltr" data-testid={testId} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('admin_app.news.preview')}
        </Typography.Text>
        <div
          className="article-preview"
          dir={dir}
          data-testid={testId ? `${testId}-preview` : undefined}
          // Cleaned by DOMPurify with the app's allow-list just above.
          dangerouslySetInnerHTML={{ __html: cleanArticleHtml(html) }}
        />
      </Col>
    </Row>
  );
}
