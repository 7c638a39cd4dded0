import { PlusOutlined } from '@ant-design/icons';
import { adminCurrenciesEndpoint, adminSaveCurrencyEndpoint, type AdminCurrency } from '@pipwise/shared';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { isDecimal } from '@/lib/validate';

interface Values {
  type: 1 | 2;
  code: string;
  protocol?: string;
  fee_type: 1 | 2;
  draw_rate: string;
  usd_price: string;
  minimum: string;
  has_channel: boolean;
  enabled: boolean;
  sort: number;
}

const decimalRule = (places: number, message: string, positive = false) => ({
  validator: (_: unknown, v: string | undefined) =>
    !v || (isDecimal(v, places) && (!positive || Number(v) > 0))
      ? Promise.resolve()
      : Promise.reject(new Error(message)),
});

function CurrencyForm({ currency, onClose }: { currency: AdminCurrency | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const existing = currency === 'new' ? null : currency;
  const save = useApiMutation(adminSaveCurrencyEndpoint, {
    invalidates: ['/api/admin/currencies/'],
    onSuccess: onClose,
  });
  const type = Form.useWatch('type', form);
  const feeType = Form.useWatch('fee_type', form);
  const required = { required: true, message: t('admin_app.common.required') };
  return (
    <Modal
      open
      width={720}
      title={
        existing
          ? t('admin_app.currencies.edit_title', { code: existing.code })
          : t('admin_app.currencies.new')
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
          existing
            ? {
                ...existing,
                type: existing.type as 1 | 2,
                fee_type: existing.fee_type as 1 | 2,
                has_channel: existing.has_channel === 1,
                enabled: existing.enabled === 1,
              }
            : {
                type: 1,
                fee_type: 1,
                draw_rate: '0',
                usd_price: '1',
                minimum: '10',
                has_channel: true,
                enabled: true,
                sort: 0,
              }
        }
        onFinish={(v) =>
          save.mutate({
            ...(existing ? { id: existing.id } : {}),
            type: v.type,
            code: v.code.trim(),
            protocol: (v.protocol ?? '').trim(),
            fee_type: v.fee_type,
            draw_rate: v.draw_rate.trim(),
            usd_price: v.usd_price.trim(),
            minimum: v.minimum.trim(),
            has_channel: v.has_channel ? 1 : 0,
            enabled: v.enabled ? 1 : 0,
            sort: v.sort,
          })
        }
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="type"
              label={t('admin_app.currencies.type')}
              extra={existing ? t('admin_app.currencies.type_fixed') : undefined}
            >
              <Radio.Group
                disabled={!!existing}
                optionType="button"
                options={[
                  { value: 1, label: t('admin_app.withdrawals.type_coin') },
                  { value: 2, label: t('admin_app.withdrawals.type_bank') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="sort" label={t('admin_app.common.sort')} rules={[required]}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="enabled" label={t('admin_app.common.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('admin_app.currencies.code')}
              rules={[
                required,
                { pattern: /^[A-Za-z0-9]{2,12}$/, message: t('admin_app.channels.code_invalid') },
              ]}
            >
              <Input maxLength={12} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="protocol"
              label={t('admin_app.channels.network')}
              extra={type === 1 ? t('admin_app.currencies.protocol_help') : undefined}
              rules={type === 1 ? [required] : []}
            >
              <Input maxLength={16} disabled={type === 2} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fee_type" label={t('admin_app.currencies.fee_type')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 1, label: t('admin_app.currencies.fee_fixed') },
                  { value: 2, label: t('admin_app.currencies.fee_rate') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="draw_rate"
              label={
                feeType === 2
                  ? t('admin_app.currencies.fee_rate_value')
                  : t('admin_app.currencies.fee_fixed_value')
              }
              extra={feeType === 2 ? t('admin_app.currencies.fee_rate_help') : undefined}
              rules={[
                required,
                decimalRule(8, t('admin_app.common.decimal_invalid', { places: 8 })),
                {
                  validator: (_, v: string) =>
                    feeType === 2 && Number(v) >= 1
                      ? Promise.reject(new Error(t('admin_app.currencies.fee_rate_help')))
                      : Promise.resolve(),
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="usd_price"
              label={t('admin_app.currencies.usd_price')}
              extra={t('admin_app.currencies.usd_price_help')}
              rules={[required, decimalRule(8, t('admin_app.common.decimal_invalid', { places: 8 }), true)]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="minimum"
              label={t('admin_app.currencies.minimum')}
              rules={[required, decimalRule(2, t('admin_app.common.decimal_invalid', { places: 2 }))]}
            >
              <Input prefix="$" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="has_channel"
              label={t('admin_app.currencies.has_channel')}
              valuePropName="checked"
              extra={t('admin_app.currencies.has_channel_help')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** What traders may withdraw to: the currency, its fee, its USD price and the minimum. */
export default function CurrenciesPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<1 | 2 | undefined>();
  const [editing, setEditing] = useState<AdminCurrency | 'new' | null>(null);
  const { data, isFetching } = useApiQuery(adminCurrenciesEndpoint, { type });

  const columns: TableColumnsType<AdminCurrency> = [
    { title: '#', dataIndex: 'id', width: 60 },
    {
      title: t('admin_app.currencies.code'),
      render: (_, c) => (
        <span>
          {c.code} {c.is_sample ? <Tag color="purple">{t('admin_app.common.sample')}</Tag> : null}
        </span>
      ),
    },
    {
      title: t('admin_app.currencies.type'),
      dataIndex: 'type',
      render: (v: number) =>
        v === 1 ? t('admin_app.withdrawals.type_coin') : t('admin_app.withdrawals.type_bank'),
    },
    { title: t('admin_app.channels.network'), dataIndex: 'protocol', render: (v: string) => v || '—' },
    {
      title: t('admin_app.currencies.fee'),
      render: (_, c) =>
        c.fee_type === 1 ? `$${c.draw_rate}` : `${(Number(c.draw_rate) * 100).toFixed(2)} %`,
    },
    { title: t('admin_app.currencies.usd_price'), dataIndex: 'usd_price', align: 'end' },
    {
      title: t('admin_app.currencies.minimum'),
      dataIndex: 'minimum',
      align: 'end',
      render: (v: string) => `$${v}`,
    },
    {
      title: t('admin_app.common.status'),
      render: (_, c) => (
        <span>
          {c.enabled ? (
            <Tag color="green">{t('admin_app.common.enabled')}</Tag>
          ) : (
            <Tag>{t('admin_app.common.disabled')}</Tag>
          )}
          {c.has_channel ? null : <Tag color="orange">{t('admin_app.currencies.no_channel')}</Tag>}
        </span>
      ),
    },
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
      title={t('admin_app.menu.currencies')}
      description={t('admin_app.currencies.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin_app.currencies.new')}
        </Button>
      }
    >
      <Card>
        <Radio.Group
          style={{ marginBottom: 16 }}
          optionType="button"
          value={type ?? 0}
          onChange={(e) => setType(e.target.value === 0 ? undefined : (e.target.value as 1 | 2))}
          options={[
            { value: 0, label: t('admin_app.common.all') },
            { value: 1, label: t('admin_app.withdrawals.type_coin') },
            { value: 2, label: t('admin_app.withdrawals.type_bank') },
          ]}
        />
        <Table<AdminCurrency>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 900 }}
        />
      </Card>
      {editing ? <CurrencyForm currency={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
