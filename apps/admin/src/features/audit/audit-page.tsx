import { adminAuditEndpoint, adminOperatorsEndpoint, type AuditEntry } from '@pipwise/shared';
import {
  Card,
  Col,
  DatePicker,
  Flex,
  Input,
  Row,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { JsonView } from '@/components/json-view';
import { Page } from '@/components/page';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  operator_id?: number;
  action?: string;
  object_type?: string;
  object_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Every operator action: who, what, to which object, before and after, when and from where. */
export default function AuditPage() {
  const { t } = useTranslation();
  const { filters, setFilter: set, page, setPage } = useListFilters<Filters>({});
  const operators = useApiQuery(adminOperatorsEndpoint, {});
  const [from, to] = filters.range ?? [null, null];
  const { data, isFetching } = useApiQuery(adminAuditEndpoint, {
    operator_id: filters.operator_id,
    action: filters.action || undefined,
    object_type: filters.object_type || undefined,
    object_id: filters.object_id || undefined,
    // The whole of each chosen day: from its start to the start of the day after the last.
    from: from ? from.startOf('day').valueOf() : undefined,
    to: to ? to.add(1, 'day').startOf('day').valueOf() : undefined,
    page,
  });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t('admin_app.common.time'),
      dataIndex: 'created_at',
      render: (v: number) => formatTime(v),
      width: 190,
    },
    {
      title: t('admin_app.audit.operator'),
      dataIndex: 'operator_email',
      render: (v: string, e) => v || `#${e.operator_id}`,
    },
    {
      title: t('admin_app.audit.action'),
      dataIndex: 'action',
      render: (v: string) => <Tag color="blue">{v}</Tag>,
    },
    { title: t('admin_app.audit.object'), render: (_, e) => `${e.object_type} #${e.object_id}` },
    {
      title: t('admin_app.audit.source'),
      render: (_, e) => (
        <Flex vertical>
          <span>{e.ip}</span>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 260 }} title={e.user_agent}>
            {e.user_agent}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <Page title={t('admin_app.menu.audit')} description={t('admin_app.audit.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.audit.operator')}
            value={filters.operator_id}
            onChange={(v?: number) => set('operator_id', v)}
            options={(operators.data ?? []).map((o) => ({ value: o.id, label: o.email }))}
            style={{ width: 240 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.audit.action_placeholder')}
            onSearch={(v) => set('action', v.trim())}
            style={{ width: 280 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.audit.object_type')}
            onSearch={(v) => set('object_type', v.trim())}
            style={{ width: 180 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.audit.object_id')}
            onSearch={(v) => set('object_id', v.trim())}
            style={{ width: 160 }}
          />
          <DatePicker.RangePicker
            value={filters.range ?? null}
            onChange={(v) => set('range', v)}
            allowEmpty={[true, true]}
          />
        </Flex>
        <Table<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          expandable={{
            expandedRowRender: (e) => (
              <Row gutter={16}>
                <Col span={12}>
                  <Typography.Text strong>{t('admin_app.audit.before')}</Typography.Text>
                  <JsonView value={e.before} />
                </Col>
                <Col span={12}>
                  <Typography.Text strong>{t('admin_app.audit.after')}</Typography.Text>
                  <JsonView value={e.after} />
                </Col>
              </Row>
            ),
          }}
          scroll={{ x: 1000 }}
        />
      </Card>
    </Page>
  );
}
