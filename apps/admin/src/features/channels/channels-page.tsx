import { PlusOutlined } from '@ant-design/icons';
import {
  adminChannelsEndpoint,
  adminSaveChannelEndpoint,
  CHANNEL_KINDS,
  LANG_INFO,
  LANGS,
  type AdminChannel,
} from '@pipwise/shared';
import {
  App,
  Button,
  Card,
  Col,
  Collapse,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { refusedField } from '@/lib/api';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { isDecimal } from '@/lib/validate';

type Kind = (typeof CHANNEL_KINDS)[number];

interface Values {
  currency_code: string;
  protocol_code?: string;
  address?: string;
  bank_name?: string;
  bank_address?: string;
  bank_swift?: string;
  payee_name?: string;
  payee_account?: string;
  bank_remark?: string;
  provider_name?: string;
  provider_url?: string;
  instructions?: Record<string, string | undefined>;
  usd_rate: string;
  enabled: boolean;
  sort: number;
}

const TEXT_FIELDS = [
  'protocol_code',
  'address',
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'bank_remark',
  'provider_name',
  'provider_url',
] as const;

function ChannelForm({
  kind,
  channel,
  onClose,
}: {
  kind: Kind;
  channel: AdminChannel | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { modal } = App.useApp();
  const save = useApiMutation(adminSaveChannelEndpoint, {
    invalidates: ['/api/admin/channels/'],
    onSuccess: onClose,
    silent: true,
  });
  const required = [{ required: true, whitespace: true, message: t('admin_app.common.required') }];

  const submit = (v: Values) => {
    const input: Record<string, unknown> = {
      ...(channel ? { id: channel.id } : {}),
      kind,
      currency_code: v.currency_code.trim(),
      usd_rate: v.usd_rate.trim(),
      enabled: v.enabled ? 1 : 0,
      sort: v.sort,
    };
    for (const field of TEXT_FIELDS) input[field] = (v[field] ?? '').trim();
    if (kind === 'card') {
      const instructions: Record<string, string> = { en: (v.instructions?.en ?? '').trim() };
      for (const l of LANGS) {
        const text = v.instructions?.[l]?.trim();
        if (l !== 'en' && text) instructions[l] = text;
      }
      input.instructions = instructions;
    }
    save.mutate(input as Parameters<typeof save.mutate>[0], {
      onError: (error) => {
        const field = refusedField(error);
        const message = error.message;
        if (field && field in v) form.setFields([{ name: field as keyof Values, errors: [message] }]);
        else modal.error({ title: message });
      },
    });
  };

  return (
    <Modal
      open
      width={760}
      title={
        channel ? t('admin_app.channels.edit_title', { id: channel.id }) : t(`admin_app.channels.new_${kind}`)
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
        initialValues={
          channel
            ? { ...channel, enabled: channel.enabled === 1, instructions: channel.instructions }
            : { enabled: true, sort: 0, usd_rate: '1', instructions: {} }
        }
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="currency_code"
              label={t('admin_app.channels.currency')}
              rules={[
                ...required,
                { pattern: /^[A-Za-z0-9]{2,12}$/, message: t('admin_app.channels.code_invalid') },
              ]}
            >
              <Input dir="ltr" maxLength={12} placeholder="USDT" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="usd_rate"
              label={t('admin_app.channels.usd_rate')}
              extra={t('admin_app.channels.usd_rate_help')}
              rules={[
                ...required,
                {
                  validator: (_, v: string) =>
                    !v || (isDecimal(v, 8) && Number(v) > 0)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('admin_app.common.decimal_invalid', { places: 8 }))),
                },
              ]}
            >
              <Input dir="ltr" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="sort" label={t('admin_app.common.sort')} rules={[{ required: true }]}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('admin_app.common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          {kind === 'coin' ? (
            <>
              <Col span={8}>
                <Form.Item
                  name="protocol_code"
                  label={t('admin_app.channels.network')}
                  extra={t('admin_app.channels.network_help')}
                  rules={required}
                >
                  <Input dir="ltr" maxLength={16} placeholder="TRC20" />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  name="address"
                  label={t('admin_app.channels.address')}
                  extra={t('admin_app.channels.address_help')}
                  rules={required}
                >
                  <Input dir="ltr" maxLength={128} spellCheck={false} />
                </Form.Item>
              </Col>
            </>
          ) : null}
          {kind === 'wire' ? (
            <>
              <Col span={12}>
                <Form.Item name="bank_name" label={t('admin_app.channels.bank_name')} rules={required}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="bank_swift" label={t('admin_app.channels.bank_swift')}>
                  <Input dir="ltr" maxLength={11} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="payee_name" label={t('admin_app.channels.payee_name')} rules={required}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="payee_account"
                  label={t('admin_app.channels.payee_account')}
                  rules={required}
                >
                  <Input dir="ltr" maxLength={64} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="bank_address" label={t('admin_app.channels.bank_address')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="bank_remark" label={t('admin_app.channels.bank_remark')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </>
          ) : null}
          {kind === 'card' ? (
            <>
              <Col span={12}>
                <Form.Item
                  name="provider_name"
                  label={t('admin_app.channels.provider_name')}
                  rules={required}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="provider_url"
                  label={t('admin_app.channels.provider_url')}
                  rules={[{ pattern: /^https:\/\/\S+$/, message: t('admin_app.channels.https_only') }]}
                >
                  <Input dir="ltr" maxLength={300} placeholder="https://" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name={['instructions', 'en']}
                  label={t('admin_app.channels.instructions_en')}
                  rules={required}
                >
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
                <Collapse
                  size="small"
                  items={[
                    {
                      key: 'langs',
                      label: t('admin_app.categories.other_languages'),
                      forceRender: true,
                      children: LANGS.filter((l) => l !== 'en').map((l) => (
                        <Form.Item key={l} name={['instructions', l]} label={LANG_INFO[l].nativeName}>
                          <Input.TextArea rows={2} maxLength={2000} dir={LANG_INFO[l].dir} />
                        </Form.Item>
                      )),
                    },
                  ]}
                />
              </Col>
            </>
          ) : null}
        </Row>
      </Form>
    </Modal>
  );
}

function ChannelTable({ kind, onEdit }: { kind: Kind; onEdit: (c: AdminChannel) => void }) {
  const { t } = useTranslation();
  const { data, isFetching } = useApiQuery(adminChannelsEndpoint, { kind });
  const where: Record<Kind, TableColumnsType<AdminChannel>> = {
    coin: [
      { title: t('admin_app.channels.network'), dataIndex: 'protocol_code' },
      {
        title: t('admin_app.channels.address'),
        dataIndex: 'address',
        render: (v: string) => (
          <Typography.Text code copyable>
            {v}
          </Typography.Text>
        ),
      },
    ],
    wire: [
      { title: t('admin_app.channels.bank_name'), dataIndex: 'bank_name' },
      { title: t('admin_app.channels.payee_name'), dataIndex: 'payee_name' },
      { title: t('admin_app.channels.payee_account'), dataIndex: 'payee_account' },
    ],
    card: [
      { title: t('admin_app.channels.provider_name'), dataIndex: 'provider_name' },
      {
        title: t('admin_app.channels.provider_url'),
        dataIndex: 'provider_url',
        render: (v: string) => v || '—',
      },
    ],
  };
  const columns: TableColumnsType<AdminChannel> = [
    { title: '#', dataIndex: 'id', width: 60 },
    {
      title: t('admin_app.channels.currency'),
      dataIndex: 'currency_code',
      render: (v: string, c) => (
        <span>
          {v} {c.is_sample ? <Tag color="purple">{t('admin_app.common.sample')}</Tag> : null}
        </span>
      ),
    },
    ...where[kind],
    { title: t('admin_app.channels.usd_rate'), dataIndex: 'usd_rate', align: 'end' },
    { title: t('admin_app.common.sort'), dataIndex: 'sort', align: 'end' },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'enabled',
      render: (v: number) =>
        v ? (
          <Tag color="green">{t('admin_app.common.enabled')}</Tag>
        ) : (
          <Tag>{t('admin_app.common.disabled')}</Tag>
        ),
    },
    {
      title: '',
      width: 90,
      render: (_, c) => (
        <Button size="small" onClick={() => onEdit(c)}>
          {t('admin_app.common.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Table<AdminChannel>
      rowKey="id"
      columns={columns}
      dataSource={data ?? []}
      loading={isFetching}
      pagination={false}
      scroll={{ x: 900 }}
    />
  );
}

/** Where traders send deposits: coin networks and addresses, bank wire accounts, card providers. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('coin');
  const [editing, setEditing] = useState<AdminChannel | 'new' | null>(null);
  return (
    <Page
      title={t('admin_app.menu.channels')}
      description={t('admin_app.channels.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t(`admin_app.channels.new_${kind}`)}
        </Button>
      }
    >
      <Card>
        <Tabs
          activeKey={kind}
          onChange={(k) => setKind(k as Kind)}
          items={CHANNEL_KINDS.map((k) => ({
            key: k,
            label: t(`admin_app.channels.kind_${k}`),
            children: <ChannelTable kind={k} onEdit={setEditing} />,
          }))}
        />
      </Card>
      {editing ? (
        <ChannelForm
          kind={editing === 'new' ? kind : editing.kind}
          channel={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
