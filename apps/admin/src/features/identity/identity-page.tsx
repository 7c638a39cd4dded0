import {
  adminApproveIdentityEndpoint,
  adminIdentitiesEndpoint,
  adminRejectIdentityEndpoint,
  type AdminIdentity,
} from '@pipwise/shared';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Image,
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
import { IdentityStatusTag } from '@/components/status';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { useApiSubmission } from '@/lib/use-submission';
import { serverPagination } from '@/lib/table';

const STALE = ['/api/admin/identity/', '/api/admin/dashboard', '/api/admin/users/'];
const UNDER_REVIEW = 1;

function IdentityReview({ item, onClose }: { item: AdminIdentity; onClose: () => void }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const approve = useApiSubmission(adminApproveIdentityEndpoint, { invalidates: STALE, onSuccess: onClose });
  const reject = useApiSubmission(adminRejectIdentityEndpoint, { invalidates: STALE, onSuccess: onClose });
  const open = item.status === UNDER_REVIEW;
  return (
    <Drawer
      open
      onClose={onClose}
      size={860}
      title={t('admin_app.identity.review_title', { id: item.id })}
      data-testid="identity-review"
      extra={
        open ? (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="identity-reject">
              {t('admin_app.identity.reject')}
            </Button>
            <Popconfirm
              title={t('admin_app.identity.approve_confirm', { name: item.name })}
              okText={t('admin_app.identity.approve')}
              cancelText={t('admin_app.common.cancel')}
              onConfirm={() => void approve.submit({ id: item.id })}
            >
              <Button type="primary" loading={approve.locked} data-testid="identity-approve">
                {t('admin_app.identity.approve')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      <Flex vertical gap={20}>
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label={t('admin_app.common.status')} span={2}>
            <IdentityStatusTag status={item.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.common.user')}>{item.user_contact}</Descriptions.Item>
          <Descriptions.Item label={t('admin_app.users.uid')}>{item.uid}</Descriptions.Item>
          <Descriptions.Item label={t('admin_app.identity.name')}>{item.name}</Descriptions.Item>
          <Descriptions.Item label={t('admin_app.identity.card_id')}>
            <Typography.Text copyable>{item.card_id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.common.created')}>
            {formatTime(item.created_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin_app.common.reviewed')}>
            {item.reviewed_at ? `${formatTime(item.reviewed_at)} · #${item.reviewed_by}` : '—'}
          </Descriptions.Item>
          {item.reason ? (
            <Descriptions.Item label={t('admin_app.identity.reason')} span={2}>
              {item.reason}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <Image.PreviewGroup>
          <Flex gap={16} wrap>
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('admin_app.identity.front')}</Typography.Text>
              <PrivateImage
                path={item.front_pic}
                alt={t('admin_app.identity.front')}
                width={380}
                height={250}
                testId="identity-front"
              />
            </Flex>
            <Flex vertical gap={8}>
              <Typography.Text strong>{t('admin_app.identity.back')}</Typography.Text>
              <PrivateImage
                path={item.reverse_pic}
                alt={t('admin_app.identity.back')}
                width={380}
                height={250}
                testId="identity-back"
              />
            </Flex>
          </Flex>
        </Image.PreviewGroup>
      </Flex>
      <ReasonModal
        open={rejecting}
        title={t('admin_app.identity.reject')}
        label={t('admin_app.identity.reason')}
        help={t('admin_app.identity.reason_help')}
        okText={t('admin_app.identity.reject')}
        danger
        loading={reject.locked}
        onCancel={() => setRejecting(false)}
        onSubmit={(reason) => {
          void reject.submit({ id: item.id, reason });
          setRejecting(false);
        }}
      />
    </Drawer>
  );
}

/** Identity submissions: the ones under review first; each resubmission is its own row. */
export default function IdentityPage() {
  const { t } = useTranslation();
  const { filters, setFilter, page, setPage } = useQueueFilters<{ status?: number; user_id?: number }>({
    status: UNDER_REVIEW,
  });
  const [open, setOpen] = useState<AdminIdentity | null>(null);
  const { data, isFetching } = useApiQuery(adminIdentitiesEndpoint, { ...filters, page });

  const leadingColumns = useLeadingColumns<AdminIdentity>();
  const openColumn = useOpenColumn<AdminIdentity>(UNDER_REVIEW, setOpen, 'identity');

  const columns: TableColumnsType<AdminIdentity> = [
    ...leadingColumns,
    { title: t('admin_app.identity.name'), dataIndex: 'name' },
    { title: t('admin_app.identity.card_id'), dataIndex: 'card_id' },
    {
      title: t('admin_app.common.status'),
      dataIndex: 'status',
      render: (v: number) => <IdentityStatusTag status={v} />,
    },
    openColumn,
  ];

  return (
    <Page title={t('admin_app.menu.identity')} description={t('admin_app.identity.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            allowClear
            placeholder={t('admin_app.common.status')}
            value={filters.status}
            onChange={(v?: number) => setFilter('status', v)}
            options={[1, 2, 3].map((s) => ({
              value: s,
              label: t(`admin_app.identity.status_${s}` as 'admin_app.identity.status_1'),
            }))}
            style={{ width: 180 }}
          />
          <UserIdFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        </Flex>
        <Table<AdminIdentity>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          scroll={{ x: 900 }}
        />
      </Card>
      {open ? <IdentityReview item={open} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}
