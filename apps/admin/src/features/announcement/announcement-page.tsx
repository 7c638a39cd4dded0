import {
  adminAnnouncementBroadcastsEndpoint,
  adminAnnouncementsEndpoint,
  adminBroadcastAnnouncementEndpoint,
  adminSaveAnnouncementEndpoint,
  LANG_INFO,
  LANGS,
  NEWS_CONTENT_MAX,
  NEWS_TITLE_MAX,
  type EndpointOutput,
  type Lang,
} from '@pipwise/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Menu,
  Popconfirm,
  Row,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlEditor } from '@/components/html-editor';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { AnnouncementSends } from './announcement-sends';

type Announcement = EndpointOutput<typeof adminAnnouncementsEndpoint>[number];

interface Values {
  title: string;
  content: string;
}

function AnnouncementForm({ lang, current }: { lang: Lang; current: Announcement | undefined }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useApiMutation(adminSaveAnnouncementEndpoint, { invalidates: ['/api/admin/announcement/'] });
  const dir = LANG_INFO[lang].dir;
  return (
    <Card
      title={t('admin_app.announcement.in', { lang: LANG_INFO[lang].nativeName })}
      extra={
        current ? (
          <Typography.Text type="secondary">
            {t('admin_app.common.updated_at', { time: formatTime(current.updated_at) })}
          </Typography.Text>
        ) : null
      }
    >
      {current?.is_sample ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin_app.announcement.sample_note')}
        />
      ) : null}
      {!current && lang !== 'en' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin_app.announcement.fallback_note')}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ title: current?.title ?? '', content: current?.content ?? '' }}
        onFinish={(v) => save.mutate({ lang, title: v.title.trim(), content: v.content })}
      >
        <Form.Item
          name="title"
          label={t('admin_app.announcement.title')}
          rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
        >
          <Input maxLength={NEWS_TITLE_MAX} showCount dir={dir} />
        </Form.Item>
        <HtmlEditor
          name="content"
          label={t('admin_app.announcement.content')}
          maxLength={NEWS_CONTENT_MAX}
          required
          dir={dir}
          testId="announcement-content"
        />
        <Flex justify="end">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('admin_app.common.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

/**
 * "Send to traders' inbox" (docs/notifications.md "Announcements"): saving never notifies
 * anyone; this sends the version on screen (the newest save over the languages) as one
 * notice per trader. The server refuses a version changed meanwhile or already sent. The
 * list of sends is read again at once: the new one shows, queued.
 */
function SendToInbox({ version }: { version: number }) {
  const { t } = useTranslation();
  const send = useApiMutation(adminBroadcastAnnouncementEndpoint, {
    invalidates: [adminAnnouncementBroadcastsEndpoint.path],
  });
  return (
    <Popconfirm
      title={t('admin_app.announcement.send')}
      description={<div style={{ maxWidth: 320 }}>{t('admin_app.announcement.send_confirm')}</div>}
      okText={t('admin_app.announcement.send')}
      cancelText={t('admin_app.common.cancel')}
      disabled={version === 0}
      onConfirm={() => send.mutate({ updated_at: version })}
    >
      <Button
        type="primary"
        disabled={version === 0}
        loading={send.isPending}
        data-testid="announcement-send"
        title={t('admin_app.announcement.send_hint')}
      >
        {t('admin_app.announcement.send')}
      </Button>
    </Popconfirm>
  );
}

/** The announcement (/mine/announcement) per language; a language without one shows English. */
export default function AnnouncementPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useApiQuery(adminAnnouncementsEndpoint, {});
  const [lang, setLang] = useState<Lang>('en');
  const byLang = new Map((data ?? []).map((a) => [a.lang, a]));
  const version = Math.max(0, ...(data ?? []).map((a) => a.updated_at));

  return (
    <Page
      title={t('admin_app.menu.announcement')}
      description={t('admin_app.announcement.intro')}
      extra={<SendToInbox version={version} />}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('admin_app.announcement.send_hint')}
      />
      <AnnouncementSends />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Card styles={{ body: { padding: 4 } }}>
            <Menu
              selectedKeys={[lang]}
              onClick={({ key }) => setLang(key as Lang)}
              items={LANGS.map((l) => ({
                key: l,
                label: (
                  <Flex justify="space-between" align="center" gap={8}>
                    <span>{LANG_INFO[l].nativeName}</span>
                    {byLang.has(l) ? (
                      <Tag color={byLang.get(l)!.is_sample ? 'purple' : 'green'}>
                        {byLang.get(l)!.is_sample ? t('admin_app.common.sample') : '✓'}
                      </Tag>
                    ) : (
                      <Tag>{t('admin_app.announcement.none')}</Tag>
                    )}
                  </Flex>
                ),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} md={18}>
          {isLoading ? (
            <Skeleton active />
          ) : (
            <AnnouncementForm
              key={`${lang}-${byLang.get(lang)?.updated_at ?? 0}`}
              lang={lang}
              current={byLang.get(lang)}
            />
          )}
        </Col>
      </Row>
    </Page>
  );
}
