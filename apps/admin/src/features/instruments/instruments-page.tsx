import {
  adminCategoriesEndpoint,
  adminInstrumentsEndpoint,
  adminSaveInstrumentEndpoint,
  type AdminInstrument,
} from '@pipwise/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { currentLang } from '@/lib/i18n';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { isDecimal, isMultipleOf, leverageListProblem } from '@/lib/validate';

interface Values {
  category_id: number;
  spread_points: number;
  /** The quote age limit in seconds (sent in ms). */
  max_quote_age_s: number;
  leverages: string;
  fee_rate: string;
  min_lots: string;
  lot_step: string;
  enabled: boolean;
  sort: number;
}

function useCategoryNames() {
  const { data } = useApiQuery(adminCategoriesEndpoint, {});
  const lang = currentLang();
  const options = (data ?? []).map((c) => ({
    value: c.id,
    label: c.names[lang] || c.names.en || `#${c.id}`,
  }));
  return { options, nameOf: (id: number) => options.find((o) => o.value === id)?.label ?? `#${id}` };
}

/** Edits one instrument; saved, it takes effect in the next quote on every server. */
function InstrumentForm({ instrument, onClose }: { instrument: AdminInstrument; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const categories = useCategoryNames();
  const save = useApiMutation(adminSaveInstrumentEndpoint, {
    invalidates: ['/api/admin/instruments/', '/api/admin/categories/'],
    onSuccess: onClose,
  });
  const point = 10 ** -instrument.precision;

  return (
    <Modal
      open
      width={720}
      title={t('admin_app.instruments.edit_title', { code: instrument.show_code })}
      okText={t('admin_app.common.save')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'instrument-save' }}
      destroyOnHidden
    >
      {instrument.live_orders > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin_app.instruments.live_warning', { count: instrument.live_orders })}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          category_id: instrument.category_id,
          spread_points: instrument.spread_points,
          max_quote_age_s: instrument.max_quote_age_ms / 1000,
          leverages: instrument.leverages.join(', '),
          fee_rate: instrument.fee_rate,
          min_lots: instrument.min_lots,
          lot_step: instrument.lot_step,
          enabled: instrument.enabled === 1,
          sort: instrument.sort,
        }}
        onFinish={(v) =>
          save.mutate({
            id: instrument.id,
            category_id: v.category_id,
            spread_points: v.spread_points,
            max_quote_age_ms: Math.round(v.max_quote_age_s * 1000),
            leverages: v.leverages.trim(),
            fee_rate: v.fee_rate.trim(),
            min_lots: v.min_lots.trim(),
            lot_step: v.lot_step.trim(),
            enabled: v.enabled ? 1 : 0,
            sort: v.sort,
          })
        }
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="category_id"
              label={t('admin_app.instruments.category')}
              rules={[{ required: true }]}
            >
              <Select options={categories.options} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label={t('admin_app.instruments.precision')}
              extra={t('admin_app.instruments.precision_help')}
            >
              <Input value={String(instrument.precision)} disabled />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="spread_points"
              label={t('admin_app.instruments.spread')}
              extra={t('admin_app.instruments.spread_help', { point: point.toFixed(instrument.precision) })}
              rules={[{ required: true, message: t('admin_app.common.required') }]}
            >
              <InputNumber
                min={0}
                max={1_000_000}
                precision={0}
                style={{ width: '100%' }}
                data-testid="instrument-spread"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="leverages"
              label={t('admin_app.instruments.leverages')}
              extra={t('admin_app.instruments.leverages_help')}
              rules={[
                { required: true, message: t('admin_app.common.required') },
                {
                  validator: (_, v: string) => {
                    const problem = v ? leverageListProblem(v) : null;
                    return problem
                      ? Promise.reject(new Error(t(`admin_app.instruments.leverages_${problem}`)))
                      : Promise.resolve();
                  },
                },
              ]}
            >
              <Input placeholder="1, 10, 50, 100" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="fee_rate"
              label={t('admin_app.instruments.fee_rate')}
              extra={t('admin_app.instruments.fee_rate_help')}
              rules={[
                { required: true, message: t('admin_app.common.required') },
                {
                  validator: (_, v: string) =>
                    !v || isDecimal(v, 8)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('admin_app.common.decimal_invalid', { places: 8 }))),
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="max_quote_age_s"
              label={t('admin_app.instruments.max_quote_age')}
              extra={t('admin_app.instruments.max_quote_age_help')}
              rules={[{ required: true, message: t('admin_app.common.required') }]}
            >
              <InputNumber
                min={1}
                max={600}
                precision={1}
                step={1}
                style={{ width: '100%' }}
                data-testid="instrument-max-quote-age"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="sort"
              label={t('admin_app.common.sort')}
              extra={t('admin_app.common.sort_help')}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="min_lots"
              label={t('admin_app.instruments.min_lots')}
              dependencies={['lot_step']}
              rules={[
                { required: true, message: t('admin_app.common.required') },
                ({ getFieldValue }) => ({
                  validator: (_, v: string) => {
                    if (!v) return Promise.resolve();
                    if (!isDecimal(v, 4) || Number(v) <= 0 || Number(v) > 1000)
                      return Promise.reject(new Error(t('admin_app.instruments.lots_invalid')));
                    const step = String(getFieldValue('lot_step') ?? '');
                    if (isDecimal(step, 4) && Number(step) > 0 && !isMultipleOf(v, step)) {
                      return Promise.reject(new Error(t('admin_app.instruments.min_lots_multiple')));
                    }
                    return Promise.resolve();
                  },
                }),
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="lot_step"
              label={t('admin_app.instruments.lot_step')}
              rules={[
                { required: true, message: t('admin_app.common.required') },
                {
                  validator: (_, v: string) =>
                    !v || (isDecimal(v, 4) && Number(v) > 0 && Number(v) <= 1000)
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('admin_app.instruments.lots_invalid'))),
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="enabled"
              label={t('admin_app.instruments.open_for_trading')}
              valuePropName="checked"
              extra={t('admin_app.instruments.enabled_help')}
            >
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Instruments: spread, leverages, fee, lots and whether each is open for trading. */
export default function InstrumentsPage() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | undefined>();
  const [editing, setEditing] = useState<AdminInstrument | null>(null);
  const categories = useCategoryNames();
  const { data, isFetching } = useApiQuery(adminInstrumentsEndpoint, { category_id: category });

  const columns: TableColumnsType<AdminInstrument> = [
    {
      title: t('admin_app.instruments.instrument'),
      render: (_, i) => (
        <Flex vertical>
          <Typography.Text strong>{i.show_code}</Typography.Text>
          <Typography.Text type="secondary">{i.code}</Typography.Text>
        </Flex>
      ),
      fixed: 'start',
      width: 130,
    },
    {
      title: t('admin_app.instruments.category'),
      dataIndex: 'category_id',
      render: (v: number) => categories.nameOf(v),
    },
    { title: t('admin_app.instruments.precision'), dataIndex: 'precision', align: 'end' },
    {
      title: t('admin_app.instruments.spread'),
      dataIndex: 'spread_points',
      align: 'end',
      render: (v: number, i) => <span data-testid={`spread-${i.code}`}>{v}</span>,
    },
    {
      title: t('admin_app.instruments.leverages'),
      dataIndex: 'leverages',
      render: (v: number[]) => v.join(', '),
    },
    { title: t('admin_app.instruments.fee_rate'), dataIndex: 'fee_rate', align: 'end' },
    { title: t('admin_app.instruments.min_lots'), dataIndex: 'min_lots', align: 'end' },
    { title: t('admin_app.instruments.lot_step'), dataIndex: 'lot_step', align: 'end' },
    { title: t('admin_app.instruments.contract_size'), dataIndex: 'contract_size', align: 'end' },
    { title: t('admin_app.instruments.live_orders'), dataIndex: 'live_orders', align: 'end' },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'enabled',
      render: (v: number) =>
        v ? (
          <Tag color="green">{t('admin_app.instruments.open')}</Tag>
        ) : (
          <Tag>{t('admin_app.instruments.closed')}</Tag>
        ),
    },
    {
      title: '',
      fixed: 'end',
      width: 90,
      render: (_, i) => (
        <Button size="small" onClick={() => setEditing(i)} data-testid={`instrument-edit-${i.code}`}>
          {t('admin_app.common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Page title={t('admin_app.menu.instruments')} description={t('admin_app.instruments.intro')}>
      <Card>
        <Space style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.instruments.category')}
            value={category}
            onChange={(v?: number) => setCategory(v)}
            options={categories.options}
            style={{ width: 220 }}
          />
        </Space>
        <Table<AdminInstrument>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data ?? []}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1300 }}
        />
      </Card>
      {editing ? <InstrumentForm instrument={editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}
