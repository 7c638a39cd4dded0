import {
  adminAuditEndpoint,
  adminOperatorsEndpoint,
  type AuditAction,
  type AuditEntry,
  type Lang,
} from '@pipwise/shared';
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
import { useUiLocale } from '@/lib/i18n';
import { useApiQuery } from '@/lib/query';
import { serverPagination } from '@/lib/table';
import { useListFilters } from '@/lib/use-list-filters';
import { actionName, actionOptions } from './audit-actions';

interface Filters {
  operator_id?: number;
  action?: AuditAction;
  object_type?: string;
  object_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * An action by its name in the operator's language, its code in small text below: support
 * and the API speak in codes, and a code is what one searches the server's logs for. A code
 * the server no longer writes (older rows) has no name and shows as it is.
 */
function ActionCell({ code, lang }: { code: string; lang: Lang }) {
  const name = actionName(lang, code);
  if (name === null) return <Tag>{code}</Tag>;
  return (
    <Flex vertical align="start" gap={2}>
      <Tag color="blue" style={{ marginInlineEnd: 0 }}>
        {name}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable={{ text: code }}>
        <bdi dir="ltr">{code}</bdi>
      </Typography.Text>
    </Flex>
  );
}

/** Every operator action: who, what, to which object, before and after, when and from where. */
export default function AuditPage() {
  const { t } = useTranslation();
  const { lang } = useUiLocale();
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
      width: 210, // date, time and zone name
    },
    {
      title: t('admin_app.audit.operator'),
      dataIndex: 'operator_email',
      render: (v: string, e) => v || `#${e.operator_id}`,
    },
    {
      title: t('admin_app.audit.action'),
      dataIndex: 'action',
      render: (v: string) => <ActionCell code={v} lang={lang} />,
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
            aria-label={t('admin_app.audit.operator')}
            value={filters.operator_id}
            onChange={(v?: number) => set('operator_id', v)}
            options={(operators.data ?? []).map((o) => ({ value: o.id, label: o.email }))}
            style={{ width: 240 }}
          />
          {/* The server matches the code exactly: the operator picks a name, found by name or code. */}
          <Select
            allowClear
            showSearch={{
              filterOption: (input, option) =>
                `${option?.label ?? ''} ${option?.value ?? ''}`.toLowerCase().includes(input.toLowerCase()),
            }}
            placeholder={t('admin_app.audit.action')}
            aria-label={t('admin_app.audit.action')}
            value={filters.action}
            onChange={(v?: AuditAction) => set('action', v)}
            options={actionOptions(lang)}
            optionRender={(option) => (
              <Flex justify="space-between" gap={8}>
                <span>{option.label}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  <bdi dir="ltr">{option.value}</bdi>
                </Typography.Text>
              </Flex>
            )}
            style={{ width: 280 }}
            data-testid="audit-action"
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.audit.object_type')}
            aria-label={t('admin_app.audit.object_type')}
            onSearch={(v) => set('object_type', v.trim())}
            style={{ width: 180 }}
          />
          <Input.Search
            allowClear
            placeholder={t('admin_app.audit.object_id')}
            aria-label={t('admin_app.audit.object_id')}
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
