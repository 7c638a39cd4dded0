import { PlusOutlined } from '@ant-design/icons';
import {
  adminCategoriesEndpoint,
  adminSaveCategoryEndpoint,
  LANG_INFO,
  LANGS,
  type AdminCategory,
} from '@pipwise/shared';
import {
  Button,
  Card,
  Col,
  Collapse,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { currentLang } from '@/lib/i18n';
import { useApiMutation, useApiQuery } from '@/lib/query';

type Names = Record<string, string | undefined>;

interface Values {
  names: Names;
  sort: number;
}

const OTHER_LANGS = LANGS.filter((l) => l !== 'en');

/** Creates or renames a category: English is required; other languages fall back to it. */
function CategoryForm({ category, onClose }: { category: AdminCategory | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useApiMutation(adminSaveCategoryEndpoint, {
    invalidates: ['/api/admin/categories/', '/api/admin/instruments/'],
    onSuccess: onClose,
  });
  const existing = category === 'new' ? null : category;
  return (
    <Modal
      open
      width={720}
      title={
        existing
          ? t('admin_app.categories.edit_title', { name: existing.names.en ?? '' })
          : t('admin_app.categories.new')
      }
      okText={t('admin_app.common.save')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ names: existing?.names ?? {}, sort: existing?.sort ?? 0 }}
        onFinish={(v) => {
          const names: Names = { en: (v.names.en ?? '').trim() };
          for (const l of OTHER_LANGS) {
            const name = v.names[l]?.trim();
            if (name) names[l] = name;
          }
          save.mutate({
            ...(existing ? { id: existing.id } : {}),
            names: { ...names, en: names.en ?? '' },
            sort: v.sort,
          });
        }}
      >
        <Row gutter={16}>
          <Col span={16}>
            <Form.Item
              name={['names', 'en']}
              label={t('admin_app.categories.name_en')}
              rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
            >
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('admin_app.common.sort')} rules={[{ required: true }]}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Collapse
          size="small"
          items={[
            {
              key: 'langs',
              label: t('admin_app.categories.other_languages'),
              forceRender: true,
              children: (
                <Row gutter={16}>
                  {OTHER_LANGS.map((l) => (
                    <Col span={12} key={l}>
                      <Form.Item name={['names', l]} label={LANG_INFO[l].nativeName}>
                        <Input maxLength={40} dir={LANG_INFO[l].dir} />
                      </Form.Item>
                    </Col>
                  ))}
                </Row>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

/** The board's categories and their names in each language. */
export default function CategoriesPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminCategory | 'new' | null>(null);
  const { data, isFetching } = useApiQuery(adminCategoriesEndpoint, {});
  const lang = currentLang();

  const columns: TableColumnsType<AdminCategory> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t('admin_app.categories.name_en'), render: (_, c) => c.names.en },
    ...(lang === 'en'
      ? []
      : [
          {
            title: LANG_INFO[lang].nativeName,
            render: (_: unknown, c: AdminCategory) => c.names[lang] || '—',
          },
        ]),
    {
      title: t('admin_app.categories.translated'),
      render: (_, c) => `${Object.values(c.names).filter(Boolean).length} / ${LANGS.length}`,
    },
    { title: t('admin_app.menu.instruments'), dataIndex: 'instruments', align: 'end' },
    { title: t('admin_app.common.sort'), dataIndex: 'sort', align: 'end' },
    {
      title: '',
      width: 90,
      render: (_, c) => (
        <Button size="small" onClick={() => setEditing(c)}>
          {t('admin_app.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page
      title={t('admin_app.menu.categories')}
      description={t('admin_app.categories.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin_app.categories.new')}
        </Button>
      }
    >
      <Card>
        <Table<AdminCategory>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
        />
      </Card>
      {editing ? <CategoryForm category={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
