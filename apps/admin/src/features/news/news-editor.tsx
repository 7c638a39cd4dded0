import { ArrowLeftOutlined } from '@ant-design/icons';
import { safeImageSrc } from '@pipwise/client';
import {
  adminDeleteNewsEndpoint,
  adminNewsDetailEndpoint,
  adminRemoveNewsTranslationEndpoint,
  adminSaveNewsEndpoint,
  LANG_INFO,
  LANGS,
  NEWS_CONTENT_MAX,
  NEWS_DEFAULT_CATEGORY,
  NEWS_DESC_MAX,
  NEWS_TITLE_MAX,
  normalizeLang,
  type AdminNewsArticle,
  type Lang,
} from '@pipwise/shared';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlEditor } from '@/components/html-editor';
import { Page } from '@/components/page';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { isImageAddressOrEmpty } from '@/lib/validate';

interface Values {
  category_id: number;
  base_lang: Lang;
  logo: string;
  published: boolean;
  title: string;
  desc: string;
  content: string;
}

const STALE = ['/api/admin/news/'];

/**
 * One article: its settings and the text of one language at a time (`news/save` writes the
 * settings and that language, keeping the others). A new article starts in its base
 * language; once saved, other languages are added one by one.
 */
export function NewsEditor({
  id,
  onClose,
  onCreated,
}: {
  id: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const detail = useApiQuery(
    adminNewsDetailEndpoint,
    { id: id ?? 0 },
    { enabled: id !== null, placeholderData: undefined },
  );
  if (id !== null && !detail.data) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return <EditorForm article={detail.data ?? null} onClose={onClose} onCreated={onCreated} />;
}

function textOf(article: AdminNewsArticle | null, lang: Lang) {
  const text = article?.translations[lang];
  return { title: text?.title ?? '', desc: text?.desc ?? '', content: text?.content ?? '' };
}

function EditorForm({
  article,
  onClose,
  onCreated,
}: {
  article: AdminNewsArticle | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const baseLang = normalizeLang(article?.base_lang ?? 'en');
  const [lang, setLang] = useState<Lang>(baseLang);
  const save = useApiMutation(adminSaveNewsEndpoint, {
    invalidates: STALE,
    onSuccess: (saved) => {
      if (!article) onCreated(saved.id);
    },
  });
  const removeText = useApiMutation(adminRemoveNewsTranslationEndpoint, { invalidates: STALE });
  const remove = useApiMutation(adminDeleteNewsEndpoint, { invalidates: STALE, onSuccess: onClose });
  const logo = Form.useWatch('logo', form) ?? '';
  const written = article ? (Object.keys(article.translations) as Lang[]) : [];

  const switchLang = (next: Lang) => {
    const apply = () => {
      setLang(next);
      form.setFieldsValue(textOf(article, next));
    };
    if (form.isFieldsTouched(['title', 'desc', 'content'])) {
      modal.confirm({
        title: t('admin_app.news.unsaved_title'),
        content: t('admin_app.news.unsaved_desc'),
        okText: t('admin_app.news.discard'),
        cancelText: t('admin_app.common.cancel'),
        onOk: apply,
      });
    } else apply();
  };

  const submit = (v: Values) =>
    save.mutate({
      ...(article ? { id: article.id } : {}),
      category_id: v.category_id,
      base_lang: article ? baseLang : v.base_lang,
      logo: v.logo.trim(),
      published: v.published ? 1 : 0,
      lang: article ? lang : v.base_lang,
      title: v.title.trim(),
      desc: v.desc.trim(),
      content: v.content,
    });

  const dir = LANG_INFO[lang].dir;
  return (
    <Page
      title={article ? t('admin_app.news.edit_title', { id: article.id }) : t('admin_app.news.new')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('admin_app.news.back')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          category_id: article?.category_id ?? NEWS_DEFAULT_CATEGORY,
          base_lang: baseLang,
          logo: article?.logo ?? '',
          published: article?.published ?? false,
          ...textOf(article, baseLang),
        }}
        onFinish={submit}
      >
        <Flex vertical gap={16}>
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
                    disabled={!!article}
                    onChange={(v: Lang) => setLang(v)}
                    options={LANGS.map((l) => ({ value: l, label: LANG_INFO[l].nativeName }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item
                  name="logo"
                  label={t('admin_app.news.logo')}
                  extra={t('admin_app.common.image_address_help')}
                  rules={[
                    {
                      validator: (_, v: string) =>
                        isImageAddressOrEmpty(v)
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('admin_app.common.image_address_invalid'))),
                    },
                  ]}
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
          <Card
            title={t('admin_app.news.text_in', { lang: LANG_INFO[lang].nativeName })}
            extra={
              article ? (
                <Select
                  value={lang}
                  onChange={switchLang}
                  style={{ width: 240 }}
                  options={LANGS.map((l) => ({
                    value: l,
                    label: (
                      <Flex justify="space-between" gap={8}>
                        <span>{LANG_INFO[l].nativeName}</span>
                        {l === baseLang ? (
                          <Tag color="blue">{t('admin_app.news.base')}</Tag>
                        ) : written.includes(l) ? (
                          <Tag color="green">✓</Tag>
                        ) : null}
                      </Flex>
                    ),
                  }))}
                  data-testid="news-lang"
                />
              ) : null
            }
          >
            {article ? (
              <Typography.Paragraph type="secondary">
                {t('admin_app.news.written_in', {
                  langs: written.map((l) => LANG_INFO[l].nativeName).join(', '),
                })}
              </Typography.Paragraph>
            ) : null}
            <Form.Item
              name="title"
              label={t('admin_app.news.title')}
              rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
            >
              <Input maxLength={NEWS_TITLE_MAX} showCount dir={dir} data-testid="news-title" />
            </Form.Item>
            <Form.Item name="desc" label={t('admin_app.news.desc')}>
              <Input.TextArea rows={2} maxLength={NEWS_DESC_MAX} showCount dir={dir} />
            </Form.Item>
            <HtmlEditor
              name="content"
              label={t('admin_app.news.content')}
              maxLength={NEWS_CONTENT_MAX}
              dir={dir}
              testId="news-content"
            />
          </Card>
          <Flex justify="space-between" wrap gap={12}>
            <Space>
              {article ? (
                <Popconfirm
                  title={t('admin_app.news.delete_confirm')}
                  okText={t('admin_app.common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('admin_app.common.cancel')}
                  onConfirm={() => remove.mutate({ id: article.id })}
                >
                  <Button danger>{t('admin_app.news.delete')}</Button>
                </Popconfirm>
              ) : null}
              {article && lang !== baseLang && written.includes(lang) ? (
                <Popconfirm
                  title={t('admin_app.news.remove_text_confirm', { lang: LANG_INFO[lang].nativeName })}
                  okText={t('admin_app.common.delete')}
                  cancelText={t('admin_app.common.cancel')}
                  onConfirm={() => removeText.mutate({ id: article.id, lang })}
                >
                  <Button>{t('admin_app.news.remove_text')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="news-save">
              {t('admin_app.news.save_text', { lang: LANG_INFO[lang].nativeName })}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Page>
  );
}
