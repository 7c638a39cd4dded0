import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  adminDeleteNewsEndpoint,
  adminNewsDetailEndpoint,
  adminRemoveNewsTranslationEndpoint,
  adminSaveNewsEndpoint,
  LANG_INFO,
  type AdminNewsArticle,
  type Lang,
} from '@pipwise/shared';
import { App, Button, Card, Flex, Form, Popconfirm, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { NewsSettingsCard } from './news-settings-card';
import { NewsTextCard } from './news-text-card';
import {
  baseLangOf,
  initialNews,
  NEWS_STALE,
  newsInput,
  textOf,
  writtenLangs,
  type NewsValues,
} from './news-values';

interface EditorProps {
  onClose: () => void;
  onCreated: (id: number) => void;
}

/**
 * One article: its settings and the text of one language at a time (`news/save` writes the
 * settings and that language, keeping the others). A new article starts in its base
 * language; once saved, other languages are added one by one.
 */
export function NewsEditor({ id, ...props }: EditorProps & { id: number | null }) {
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
  return <EditorForm article={detail.data ?? null} {...props} />;
}

function EditorForm({ article, onClose, onCreated }: EditorProps & { article: AdminNewsArticle | null }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<NewsValues>();
  const baseLang = baseLangOf(article);
  const [lang, setLang] = useState<Lang>(baseLang);
  const save = useApiMutation(adminSaveNewsEndpoint, {
    invalidates: NEWS_STALE,
    onSuccess: (saved) => {
      if (!article) onCreated(saved.id);
    },
  });
  const removeText = useApiMutation(adminRemoveNewsTranslationEndpoint, { invalidates: NEWS_STALE });
  const remove = useApiMutation(adminDeleteNewsEndpoint, { invalidates: NEWS_STALE, onSuccess: onClose });
  const langName = LANG_INFO[lang].nativeName;

  /** Another language's text; unsaved changes to this one are discarded only once confirmed. */
  const switchLang = (next: Lang) => {
    const apply = () => {
      setLang(next);
      form.setFieldsValue(textOf(article, next));
    };
    if (!form.isFieldsTouched(['title', 'desc', 'content'])) return apply();
    modal.confirm({
      title: t('admin_app.news.unsaved_title'),
      content: t('admin_app.news.unsaved_desc'),
      okText: t('admin_app.news.discard'),
      cancelText: t('admin_app.common.cancel'),
      onOk: apply,
    });
  };

  return (
    <Page
      title={article ? t('admin_app.news.edit_title', { id: article.id }) : t('admin_app.news.new')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
          {t('admin_app.news.back')}
        </Button>
      }
    >
      <Form<NewsValues>
        form={form}
        layout="vertical"
        initialValues={initialNews(article)}
        onFinish={(v) => save.mutate(newsInput(article, lang, v))}
      >
        <Flex vertical gap={16}>
          <NewsSettingsCard saved={!!article} onBaseLang={setLang} />
          <NewsTextCard article={article} lang={lang} onLang={switchLang} />
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
              {article && lang !== baseLang && writtenLangs(article).includes(lang) ? (
                <Popconfirm
                  title={t('admin_app.news.remove_text_confirm', { lang: langName })}
                  okText={t('admin_app.common.delete')}
                  cancelText={t('admin_app.common.cancel')}
                  onConfirm={() => removeText.mutate({ id: article.id, lang })}
                >
                  <Button>{t('admin_app.news.remove_text')}</Button>
                </Popconfirm>
              ) : null}
            </Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="news-save">
              {t('admin_app.news.save_text', { lang: langName })}
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Page>
  );
}
