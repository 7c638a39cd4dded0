import { adminUsersEndpoint, type AdminUser } from '@pipwise/shared';
import { Card, Flex, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page';
import { CodeTag } from '@/components/status';
import { Flag, isOn, type FlagValue } from '@/lib/codes';
import { formatTime } from '@/lib/format';
import { IDENTITY_STATUS } from '@/lib/labels';
import { useApiQuery } from '@/lib/query';
import { serverPagination, usdColumn } from '@/lib/table';
import { UserDrawer } from './user-drawer';
import { useListFilters } from '@/lib/use-list-filters';

interface Filters {
  q: string;
  is_demo?: FlagValue;
  login_frozen?: FlagValue;
  trading_frozen?: FlagValue;
  a_book?: FlagValue;
}

/** Traders: find one by id, uid, e-mail or phone; open one for accounts, positions and log. */
export default function UsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { filters, setFilter, page, setPage } = useListFilters<Filters>({ q: params.get('q') ?? '' });
  const openId = Number(params.get('id')) || null;

  const { data, isFetching } = useApiQuery(adminUsersEndpoint, {
    q: filters.q || undefined,
    is_demo: filters.is_demo,
    login_frozen: filters.login_frozen,
    trading_frozen: filters.trading_frozen,
    a_book: filters.a_book,
    page,
  });

  const open = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', String(id));
    else next.delete('id');
    setParams(next, { replace: true });
  };

  const yesNo = [
    { value: Flag.On, label: t('admin_app.common.yes') },
    { value: Flag.Off, label: t('admin_app.common.no') },
  ];

  const columns: TableColumnsType<AdminUser> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    { title: t('admin_app.users.uid'), dataIndex: 'uid', width: 110 },
    {
      title: t('admin_app.users.contact'),
      render: (_, u) => (
        <Flex vertical>
          <span>{u.email ?? '—'}</span>
          {u.mobile ? (
            <Typography.Text type="secondary">
              +{u.area_code} {u.mobile}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: t('admin_app.users.account_type'),
      dataIndex: 'is_demo',
      width: 110,
      render: (v: number) =>
        isOn(v) ? (
          <Tag>{t('admin_app.users.demo')}</Tag>
        ) : (
          <Tag color="blue">{t('admin_app.users.real')}</Tag>
        ),
    },
    usdColumn(t('admin_app.users.balance'), 'balance'),
    usdColumn(t('admin_app.users.held'), 'lock_balance'),
    {
      title: t('admin_app.users.identity'),
      dataIndex: 'identity_status',
      render: (v: number) => <CodeTag of={IDENTITY_STATUS} code={v} />,
    },
    {
      title: t('admin_app.users.state'),
      render: (_, u) => (
        <Space size={4} wrap>
          {isOn(u.login_frozen) ? <Tag color="red">{t('admin_app.users.login_frozen')}</Tag> : null}
          {isOn(u.trading_frozen) ? <Tag color="orange">{t('admin_app.users.trading_frozen')}</Tag> : null}
          {isOn(u.a_book) ? (
            <Tag color="purple" data-testid={`a-book-${u.id}`}>
              {t('admin_execution.a_book')}
            </Tag>
          ) : null}
          {!isOn(u.login_frozen) && !isOn(u.trading_frozen) ? (
            <Tag color="green">{t('admin_app.users.active')}</Tag>
          ) : null}
        </Space>
      ),
    },
    { title: t('admin_app.common.created'), dataIndex: 'created_at', render: (v: number) => formatTime(v) },
  ];

  return (
    <Page title={t('admin_app.menu.users')} description={t('admin_app.users.intro')}>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            defaultValue={filters.q}
            placeholder={t('admin_app.users.search_placeholder')}
            aria-label={t('admin_app.users.search_placeholder')}
            onSearch={(q) => setFilter('q', q.trim())}
            style={{ width: 360 }}
            data-testid="users-search"
          />
          <Select
            allowClear
            placeholder={t('admin_app.users.account_type')}
            aria-label={t('admin_app.users.account_type')}
            options={[
              { value: Flag.Off, label: t('admin_app.users.real') },
              { value: Flag.On, label: t('admin_app.users.demo') },
            ]}
            value={filters.is_demo}
            onChange={(v?: FlagValue) => setFilter('is_demo', v)}
            style={{ width: 160 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.users.login_frozen')}
            aria-label={t('admin_app.users.login_frozen')}
            options={yesNo}
            value={filters.login_frozen}
            onChange={(v?: FlagValue) => setFilter('login_frozen', v)}
            style={{ width: 180 }}
          />
          <Select
            allowClear
            placeholder={t('admin_app.users.trading_frozen')}
            aria-label={t('admin_app.users.trading_frozen')}
            options={yesNo}
            value={filters.trading_frozen}
            onChange={(v?: FlagValue) => setFilter('trading_frozen', v)}
            style={{ width: 180 }}
          />
          <Select
            allowClear
            placeholder={t('admin_execution.filter')}
            aria-label={t('admin_execution.filter')}
            options={yesNo}
            value={filters.a_book}
            onChange={(v?: FlagValue) => setFilter('a_book', v)}
            style={{ width: 180 }}
            data-testid="users-a-book-filter"
          />
        </Flex>
        <Table<AdminUser>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isFetching}
          pagination={serverPagination(page, data?.total, setPage)}
          onRow={(u) =>
            ({
              onClick: () => open(u.id),
              style: { cursor: 'pointer' },
              'data-testid': `user-row-${u.id}`,
            }) as HTMLAttributes<HTMLElement>
          }
          scroll={{ x: 1100 }}
        />
      </Card>
      <UserDrawer id={openId} onClose={() => open(null)} />
    </Page>
  );
}
