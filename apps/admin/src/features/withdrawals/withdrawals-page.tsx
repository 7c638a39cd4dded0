import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  adminWithdrawalsEndpoint,
  type AdminWithdrawal,
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
import { ReasonModal } from '@/components/reason-modal';
import { WithdrawStatusTag } from '@/components/status';
import { formatTime, formatUsd } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { useApiSubmission } from '@/lib/use-submission';
import { serverPagination } from '@/lib/table';

const STALE = ['/api/admin/withdrawals/', '/api/admin/dashboard', '/api/admin/users/'];
const UNDER_REVIEW = 0;

/** One withdrawal: where to pay, how much, and the two decisions. */
function WithdrawalReview({ item, onClose }: { item: AdminWithdrawal; onClose: () => void }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const approve = useApiSubmission(adminApproveWithdrawalEndpoint, {
    invalidates: STALE,
    onSuccess: onClose,
  });
  const reject = useApiSubmission(adminRejectWithdrawalEndpoint, { invalidates: STALE, onSuccess: onClose });
  const open = item.status === UNDER_REVIEW;
  const coin = item.type === 1;

  return (
    <Drawer
      open
      onClose={onClose}
      size={720}
      title={t('admin_app.withdrawals.review_title', { id: item.id })}
      data-testid="withdrawal-review"
      extra={
        open ? (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="withdrawal-reject">
              {t('admin_app.withdrawals.reject')}
            </Button>
            <Popconfirm
              title={t('admin_app.withdrawals.approve_confirm', {
                amount: `${item.real_number} ${item.currency_code}`,
              })}
              okText={t('admin_app.withdrawals.approve')}
              cancelText={t('admin_app.common.cancel')}
              onConfirm={() => void approve.submit({ id: item.id })}
              okButtonProps={{ 'data-testid': 'withdrawal-approve-confirm' }}
            >
              <Button type="primary" loading={approve.locked} data-testid="withdrawal-approve">
                {t('admin_app.withdrawals.approve')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label={t('admin_app.common.status')} span={2}>
          <WithdrawStatusTag status={item.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('admin_app.common.user')}>{item.user_contact}</Descriptions.Item>
        <Descriptions.Item label={t('admin_app.users.uid')}>{item.uid}</Descriptions.Item>
        <Descriptions.Item label={t('admin_app.withdrawals.amount')}>
          {formatUsd(item.amount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin_app.withdrawals.fee')}>{formatUsd(item.fee)}</Descriptions.Item>
        <Descriptions.Item label={t('admin_app.withdrawals.to_pay')} span={2}>
          <Typography.Text strong copyable={{ text: item.real_number }}>
            {item.real_number} {item.currency_code}
            {item.protocol ? ` (${item.protocol})` : ''}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('admin_app.withdrawals.usd_price')} span={2}>
          {item.usd_price}
        </Descriptions.Item>
        {coin ? (
          <Descriptions.Item label={t('admin_app.withdrawals.address')} span={2}>
            <Typography.Text copyable code>
              {item.address}
            </Typography.Text>
          </Descriptions.Item>
        ) : (
          <>
            <Descriptions.Item label={t('admin_app.channels.bank_name')}>{item.bank_name}</Descriptions.Item>
            <Descriptions.Item label={t('admin_app.channels.bank_swift')}>
              {item.bank_swift || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.channels.payee_name')}>
              {item.payee_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.channels.payee_account')}>
              <Typography.Text copyable>{item.payee_account}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('admin_app.channels.bank_address')} span={2}>
              {item.bank_address || '—'}
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('admin_app.withdrawals.memo')} span={2}>
          {item.memo || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin_app.common.created')}>
          {formatTime(item.created_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('admin_app.common.reviewed')}>
          {item.reviewed_at ? `${formatTime(item.reviewed_at)} · #${item.reviewed_by}` : '—'}
        </Descriptions.Item>
        {item.notes ? (
          <Descriptions.Item label={t('admin_app.withdrawals.note')} span={2}>
            {item.notes}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <ReasonModal
        open={rejecting}
        title={t('admin_app.withdrawals.reject')}
        label={t('admin_app.withdrawals.note')}
        help={t('admin_app.withdrawals.note_help')}
        okText={t('admin_app.withdrawals.reject')}
        danger
        loading={reject.locked}
        onCancel={() => setRejecting(false)}
        onSubmit={(notes) => {
          void reject.submit({ id: item.id, notes });
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}

/** Withdrawals: the ones under review first; paying one is done outside, then marked here. */
export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage } = useQueueFilters<{
    status?: number;
    type?: number;
    user_id?: number;
  }>({ status: UNDER_REVIEW });
  const [open, setOpen] = useState<AdminWithdrawal | null>(null);
  const { data, isFetching } = useApiQuery(adminWithdrawalsEndpoint, { ...filters, page });

  const leadingColumns = useLeadingColumns<AdminWithdrawal>();
  const openColumn = useOpenColumn<AdminWithdrawal>(UNDER_REVIEW, setOpen, 'withdrawal');

  const columns: TableColumnsType<AdminWithdrawal> = [
    ...leadingColumns,
    {
      title: t('admin_app.withdrawals.method'),
      render: (_, w) =>
        `${w.type === 1 ? t('admin_app.withdrawals.type_coin') : t('admin_app.withdrawals.type_bank')} · ${w.currency_code}${w.protocol ? ` ${w.protocol}` : ''}`,
    },
    {
      title: t('admin_app.withdrawals.amount'),
      dataIndex: 'amount',
      align: 'end',
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('admin_app.withdrawals.fee'),
      dataIndex: 'fee',
      align: 'end',
      render: (v: number) => formatUsd(v),
    },
    {
      title: t('admin_app.withdrawals.to_pay'),
      align: 'end',
      render: (_, w) => `${w.real_number} ${w.currency_code}`,
    },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'status',
      render: (v: number) => <WithdrawStatusTag status={v} />,
    },
    openColumn,
  ];

  return (
    <Page title={t('admin_app.menu.withdrawals')} description={t('admin_app.withdrawals.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            value={filters.status}
            onChange={(v?: number) => setFilter('status', v)}
            options={[0, 1, 2].map((s) => ({
              value: s,
              label: t(`withdraw_status.s${s}` as 'withdraw_status.s0'),
            }))}
            style={{ width: 220 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.withdrawals.method')}
            value={filters.type}
            onChange={(v?: number) => setFilter('type', v)}
            options={[
              { value: 1, label: t('admin_app.withdrawals.type_coin') },
              { value: 2, label: t('admin_app.withdrawals.type_bank') },
            ]}
            style={{ width: 180 }}
          />
          <UserIdFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        </Flex>
        <Table<AdminWithdrawal>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          scroll={{ x: 1100 }}
        />
      </Card>
      {open ? <WithdrawalReview item={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}
