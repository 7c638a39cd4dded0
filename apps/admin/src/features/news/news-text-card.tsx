import {
  LANG_INFO,
  LANGS,
  NEWS_CONTENT_MAX,
  NEWS_DESC_MAX,
  NEWS_TITLE_MAX,
  type AdminNewsArticle,
  type Lang,
} from '@pipwise/shared';
import { Card, Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HtmlEditor } from '@/components/html-editor';
import { requiredText } from '@/lib/rules';
import { baseLangOf, writtenLangs } from './news-values';

interface Props {
  article: AdminNewsArticle | null;
  /** The language being edited, and the switch to another (asked first when unsaved). */
  lang: Lang;
  onLang: (lang: Lang) => void;
}

/** The text of one language: title, summary and HTML beside its preview. */
export function NewsTextCard({ article, lang, onLang }: Props) {
  const { t } = useTranslation();
  const base = baseLangOf(article);
  const written = writtenLangs(article);
  const dir = LANG_INFO[lang].dir;
  const languages = LANGS.map((l) => ({
    value: l,
    label: (
      <Flex justify="space-between" gap={8}>
        <span>{LANG_INFO[l].nativeName}</span>
        {l === base ? (
          <Tag color="blue">{t('admin_app.news.base')}</Tag>
        ) : written.includes(l) ? (
          <Tag color="green">✓</Tag>
        ) : null}
      </Flex>
    ),
  }));
  return (
    <Card
      title={t('admin_app.news.text_in', { lang: LANG_INFO[lang].nativeName })}
      extra={
        article ? (
          <Select
            value={lang}
            onChange={onLang}
            style={{ width: 240 }}
            options={languages}
            data-testid="news-lang"
          />
        ) : null
      }
    >
      {article ? (
        <Typography.Paragraph type="secondary">
          {t('admin_app.news.written_in', { langs: written.map((l) => LANG_INFO[l].nativeName).join(', ') })}
        </Typography.Paragraph>
      ) : null}
      <Form.Item name="title" label={t('admin_app.news.title')} rules={[requiredText(t)]}>
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
  );
}
