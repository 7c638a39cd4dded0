import { PlusOutlined } from '@ant-design/icons';
import { adminNewsEndpoint, LANG_INFO, normalizeLang, type EndpointOutput } from '@pipwise/shared';
import { Button, Card, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { NewsEditor } from './news-editor';

type AdminNewsItem = EndpointOutput<typeof adminNewsEndpoint>['data'][number];

/** News: every article, published or not; `?edit=<id|new>` opens the editor. */
export default function NewsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useApiQuery(adminNewsEndpoint, { page });
  const edit = params.get('edit');
  const setEdit = (value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set('edit', value);
    else next.delete('edit');
    setParams(next);
  };

  if (edit) {
    const id = edit === 'new' ? null : Number(edit) || null;
    return (
      <NewsEditor
        key={edit}
        id={id}
        onClose={() => setEdit(null)}
        onCreated={(newId) => setEdit(String(newId))}
      />
    );
  }

  const columns: TableColumnsType<AdminNewsItem> = [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: t('admin_app.news.title'),
      render: (_, n) => (
        <span>
          <Typography.Text strong>{n.title}</Typography.Text>
          {n.is_sample ? (
            <Tag color="purple" style={{ marginInlineStart: 8 }}>
              {t('admin_app.common.sample')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: t('admin_app.news.base_lang'),
      dataIndex: 'base_lang',
      render: (v: string) => LANG_INFO[normalizeLang(v)].nativeName,
    },
    { title: t('admin_app.news.category'), dataIndex: 'category_id', width: 110 },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'published',
      render: (v: boolean) =>
        v ? <Tag color="green">{t('admin_app.news.published')}</Tag> : <Tag>{t('admin_app.news.draft')}</Tag>,
    },
    { title: t('admin_app.common.updated'), dataIndex: 'updated_at', render: (v: number) => formatTime(v) },
    {
      title: '',
      width: 90,
      render: (_, n) => (
        <Button size="small" onClick={() => setEdit(String(n.id))}>
          {t('admin_app.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('admin_app.menu.news')}
      description={t('admin_app.news.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEdit('new')} data-testid="news-new">
          {t('admin_app.news.new')}
        </Button>
      }
    >
      <Card>
        <Table<AdminNewsItem>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
        />
      </Card>
    </Page>
  );
}
