import { PlusOutlined } from '@ant-design/icons';
import { safeImageSrc } from '@pipwise/client';
import {
  adminDeleteTraderEndpoint,
  adminSaveTraderEndpoint,
  adminTradersEndpoint,
  type EndpointOutput,
} from '@pipwise/shared';
import {
  Avatar,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Space,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { formatNumber, formatUsd } from '@/lib/format';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { isDecimal, isImageAddressOrEmpty } from '@/lib/validate';

type Trader = EndpointOutput<typeof adminTradersEndpoint>[number];

interface Values {
  user: string;
  avatar: string;
  code: string;
  multiple: number;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
  sort: number;
  enabled: boolean;
}

const STALE = ['/api/admin/traders/'];

/** A signed number with at most 2 decimals, within ±max. */
const signedRule = (max: number, message: string, nonNegative = false) => ({
  validator: (_: unknown, v: string | undefined) => {
    if (v === undefined || v === '') return Promise.resolve();
    const body = v.startsWith('-') && !nonNegative ? v.slice(1) : v;
    return isDecimal(body, 2) && Math.abs(Number(v)) <= max
      ? Promise.resolve()
      : Promise.reject(new Error(message));
  },
});

function TraderForm({ trader, onClose }: { trader: Trader | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const existing = trader === 'new' ? null : trader;
  const save = useApiMutation(adminSaveTraderEndpoint, { invalidates: STALE, onSuccess: onClose });
  const invalid = t('admin_app.traders.number_invalid');
  return (
    <Modal
      open
      width={760}
      title={
        existing ? t('admin_app.traders.edit_title', { name: existing.user }) : t('admin_app.traders.new')
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
                three_week_rate: String(existing.three_week_rate),
                three_week_win: String(existing.three_week_win),
                three_week_profit: String(existing.three_week_profit),
                total_rate: String(existing.total_rate),
              }
            : {
                multiple: 1,
                sort: 0,
                enabled: true,
                total_trade_num: 0,
                three_week_rate: '0',
                three_week_win: '0',
                three_week_profit: '0',
                total_rate: '0',
              }
        }
        onFinish={(v) =>
          save.mutate({
            ...(existing ? { id: existing.id } : {}),
            user: v.user.trim(),
            avatar: (v.avatar ?? '').trim(),
            code: v.code.trim(),
            multiple: v.multiple,
            three_week_rate: v.three_week_rate,
            three_week_win: v.three_week_win,
            three_week_profit: v.three_week_profit,
            total_rate: v.total_rate,
            total_trade_num: v.total_trade_num,
            sort: v.sort,
            enabled: v.enabled ? 1 : 0,
          })
        }
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="user"
              label={t('admin_app.traders.name')}
              rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
            >
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="code"
              label={t('admin_app.traders.code')}
              rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
            >
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="avatar"
              label={t('admin_app.traders.avatar')}
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
          <Col span={8}>
            <Form.Item name="multiple" label={t('admin_app.traders.multiple')} rules={[{ required: true }]}>
              <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="three_week_rate"
              label={t('content.three_week_rate')}
              rules={[{ required: true }, signedRule(1_000_000, invalid)]}
            >
              <Input suffix="%" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="three_week_win"
              label={t('content.three_week_win')}
              rules={[{ required: true }, signedRule(100, invalid, true)]}
            >
              <Input suffix="%" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="three_week_profit"
              label={t('content.three_week_profit')}
              rules={[{ required: true }, signedRule(1_000_000_000, invalid)]}
            >
              <Input prefix="$" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="total_rate"
              label={t('content.total_rate')}
              rules={[{ required: true }, signedRule(1_000_000, invalid)]}
            >
              <Input suffix="%" inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="total_trade_num"
              label={t('content.total_trade_num')}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} max={100_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="sort"
              label={t('admin_app.common.sort')}
              extra={t('admin_app.common.sort_help')}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('admin_app.traders.shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The follow-trader ranking traders see on /rank (view only there). */
export default function TradersPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Trader | 'new' | null>(null);
  const { data, isFetching } = useApiQuery(adminTradersEndpoint, {});
  const remove = useApiMutation(adminDeleteTraderEndpoint, { invalidates: STALE });

  const columns: TableColumnsType<Trader> = [
    {
      title: t('admin_app.traders.name'),
      render: (_, r) => (
        <Space>
          <Avatar src={safeImageSrc(r.avatar) || undefined}>{r.user.slice(0, 1).toUpperCase()}</Avatar>
          <span>{r.user}</span>
          {r.is_sample ? <Tag color="purple">{t('admin_app.common.sample')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('admin_app.traders.code'), dataIndex: 'code' },
    { title: t('admin_app.traders.multiple'), dataIndex: 'multiple', align: 'end' },
    {
      title: t('content.three_week_rate'),
      dataIndex: 'three_week_rate',
      align: 'end',
      render: (v: number) => `${formatNumber(v)} %`,
    },
    {
      title: t('content.three_week_win'),
      dataIndex: 'three_week_win',
      align: 'end',
      render: (v: number) => `${formatNumber(v)} %`,
    },
    {
      title: t('content.three_week_profit'),
      dataIndex: 'three_week_profit',
      align: 'end',
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('content.total_rate'),
      dataIndex: 'total_rate',
      align: 'end',
      render: (v: number) => `${formatNumber(v)} %`,
    },
    { title: t('content.total_trade_num'), dataIndex: 'total_trade_num', align: 'end' },
    { title: t('admin_app.common.sort'), dataIndex: 'sort', align: 'end' },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'enabled',
      render: (v: boolean) =>
        v ? (
          <Tag color="green">{t('admin_app.traders.shown')}</Tag>
        ) : (
          <Tag>{t('admin_app.traders.hidden')}</Tag>
        ),
    },
    {
      title: '',
      width: 170,
      render: (_, r) => (
        <Space>
          <Button size="small" onClick={() => setEditing(r)}>
            {t('admin_app.common.edit')}
          </Button>
          <Popconfirm
            title={t('admin_app.traders.delete_confirm', { name: r.user })}
            okText={t('admin_app.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('admin_app.common.cancel')}
            onConfirm={() => remove.mutate({ id: r.id })}
          >
            <Button size="small" danger>
              {t('admin_app.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Page
      title={t('admin_app.menu.traders')}
      description={t('admin_app.traders.intro')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('admin_app.traders.new')}
        </Button>
      }
    >
      <Card>
        <Table<Trader>
          rowKey="id"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1200 }}
        />
      </Card>
      {editing ? <TraderForm trader={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
