import {
  adminApproveDepositEndpoint,
  adminDepositsEndpoint,
  adminInvalidateDepositEndpoint,
  adminRejectDepositEndpoint,
  type AdminDeposit,
} from '@pipwise/shared';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { useLeadingColumns, useOpenColumn, UserIdFilter, useQueueFilters } from '@/components/review-queue';
import { PrivateImage } from '@/components/private-image';
import { ReasonModal } from '@/components/reason-modal';
import { DepositStatusTag } from '@/components/status';
import { formatTime, formatUsd } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { useApiSubmission } from '@/lib/use-submission';
import { serverPagination } from '@/lib/table';

const DEPOSITS = '/api/admin/deposits/';
const STALE = [DEPOSITS, '/api/admin/dashboard', '/api/admin/users/'];
const UNCHECKED = 0;

function useTypeLabel() {
  const { t } = useTranslation();
  return (type: number) =>
    t(
      type === 0
        ? 'admin_app.deposits.type_coin'
        : type === 1
          ? 'admin_app.deposits.type_wire'
          : 'admin_app.deposits.type_card',
    );
}

/** One deposit under review: what was declared, the proof, and the three decisions. */
function DepositReview({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const [refusal, setRefusal] = useState<'reject' | 'invalidate' | null>(null);
  const approve = useApiSubmission(adminApproveDepositEndpoint, { invalidates: STALE, onSuccess: onClose });
  const reject = useApiSubmission(adminRejectDepositEndpoint, { invalidates: STALE, onSuccess: onClose });
  const invalidate = useApiSubmission(adminInvalidateDepositEndpoint, {
    invalidates: STALE,
    onSuccess: onClose,
  });
  const open = deposit.status === UNCHECKED;

  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={t('admin_app.deposits.review_title', { id: deposit.id })}
      data-testid="deposit-review"
      extra={
        open ? (
          <Space>
            <Button onClick={() => setRefusal('invalidate')} data-testid="deposit-invalidate">
              {t('admin_app.deposits.invalidate')}
            </Button>
            <Button danger onClick={() => setRefusal('reject')} data-testid="deposit-reject">
              {t('admin_app.deposits.reject')}
            </Button>
            <Popconfirm
              title={t('admin_app.deposits.approve_confirm', { amount: formatUsd(deposit.usd_estimate) })}
              okText={t('admin_app.deposits.approve')}
              cancelText={t('admin_app.common.cancel')}
              onConfirm={() => void approve.submit({ id: deposit.id })}
              okButtonProps={{ 'data-testid': 'deposit-approve-confirm' }}
            >
              <Button type="primary" loading={approve.locked} data-testid="deposit-approve">
                {t('admin_app.deposits.approve')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      <Flex vertical gap={20}>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label={t('admin_app.common.status')} span={2}>
            <DepositStatusTag status={deposit.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.common.user')}>{deposit.user_contact}</Descriptions.Item>
          <Descriptions.Item label={t('admin_app.users.uid')}>{deposit.uid}</Descriptions.Item>
          <Descriptions.Item label={t('admin_app.deposits.channel')}>
            {typeLabel(deposit.type)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.deposits.currency')}>
            {deposit.currency_code}
            {deposit.protocol_code ? ` · ${deposit.protocol_code}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.deposits.declared')}>
            {deposit.number} {deposit.currency_code}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.deposits.rate')}>{deposit.usd_rate}</Descriptions.Item>
          <Descriptions.Item
            label={open ? t('admin_app.deposits.would_credit') : t('admin_app.deposits.credited')}
            span={2}
          >
            <Typography.Text strong>
              {formatUsd(open ? deposit.usd_estimate : deposit.credited)}
            </Typography.Text>
          </Descriptions.Item>
          {deposit.address ? (
            <Descriptions.Item label={t('admin_app.deposits.sender')} span={2}>
              <Typography.Text copyable code>
                {deposit.address}
              </Typography.Text>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('admin_app.common.created')}>
            {formatTime(deposit.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.common.reviewed')}>
            {deposit.reviewed_at ? `${formatTime(deposit.reviewed_at)} · #${deposit.reviewed_by}` : '—'}
          </Descriptions.Item>
          {deposit.remark ? (
            <Descriptions.Item label={t('admin_app.deposits.remark')} span={2}>
              {deposit.remark}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <div>
          <Typography.Title level={5}>{t('admin_app.deposits.proof')}</Typography.Title>
          <PrivateImage
            path={deposit.proof_img}
            alt={t('admin_app.deposits.proof')}
            width={480}
            height={320}
            testId="deposit-proof"
          />
        </div>
      </Flex>
      <ReasonModal
        open={refusal !== null}
        title={refusal === 'invalidate' ? t('admin_app.deposits.invalidate') : t('admin_app.deposits.reject')}
        label={t('admin_app.deposits.remark')}
        help={t('admin_app.deposits.remark_help')}
        okText={
          refusal === 'invalidate' ? t('admin_app.deposits.invalidate') : t('admin_app.deposits.reject')
        }
        danger
        loading={reject.locked || invalidate.locked}
        onCancel={() => setRefusal(null)}
        onSubmit={(remark) => {
          if (refusal === 'reject') void reject.submit({ id: deposit.id, remark });
          else void invalidate.submit({ id: deposit.id, remark });
          setRefusal(null);
        }}
      />
    </Drawer>
  );
}

/** Deposits: unchecked ones first by default; open one to see its proof and decide. */
export default function DepositsPage() {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const { filters, setFilter, page, setPage } = useQueueFilters<{
    status?: number;
    type?: number;
    user_id?: number;
  }>({ status: UNCHECKED });
  const [open, setOpen] = useState<AdminDeposit | null>(null);
  const { data, isFetching } = useApiQuery(adminDepositsEndpoint, { ...filters, page });

  const leadingColumns = useLeadingColumns<AdminDeposit>();
  const openColumn = useOpenColumn<AdminDeposit>(UNCHECKED, setOpen, 'deposit');

  const columns: TableColumnsType<AdminDeposit> = [
    ...leadingColumns,
    { title: t('admin_app.deposits.channel'), dataIndex: 'type', render: (v: number) => typeLabel(v) },
    {
      title: t('admin_app.deposits.declared'),
      align: 'end',
      render: (_, d) => `${d.number} ${d.currency_code}${d.protocol_code ? ` (${d.protocol_code})` : ''}`,
    },
    {
      title: t('admin_app.deposits.usd'),
      align: 'end',
      render: (_, d) => formatUsd(d.status === 1 ? d.credited : d.usd_estimate),
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'status',
      render: (v: number) => <DepositStatusTag status={v} />,
    },
    openColumn,
  ];

  return (
    <Page title={t('admin_app.menu.deposits')} description={t('admin_app.deposits.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            value={filters.status}
            onChange={(v?: number) => setFilter('status', v)}
            options={[0, 1, 2, 3].map((s) => ({
              value: s,
              label: t(`deposit_status.s${s}` as 'deposit_status.s0'),
            }))}
            style={{ width: 180 }}
            data-testid="deposit-status-filter"
          />
          <Select
            allowClear
            placeholder={t('admin_app.deposits.channel')}
            value={filters.type}
            onChange={(v?: number) => setFilter('type', v)}
            options={[0, 1, 2].map((v) => ({ value: v, label: typeLabel(v) }))}
            style={{ width: 180 }}
          />
          <UserIdFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        </Flex>
        <Table<AdminDeposit>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          scroll={{ x: 1000 }}
        />
      </Card>
      {open ? <DepositReview deposit={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}
