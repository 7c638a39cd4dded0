import { PlusOutlined } from '@ant-design/icons';
import {
  adminDeleteGroupEndpoint,
  adminGroupsEndpoint,
  adminSaveGroupEndpoint,
  type AdminGroup,
} from '@pipwise/shared';
import { Button, Card, Flex, Grid, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCrudDelete } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { Page } from '@/components/page';
import { mayCall } from '@/lib/access';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { GroupActions } from './group-actions';
import { GroupTags, GroupTermLines } from './group-cells';
import { GroupDrawer } from './group-drawer';
import { groupForm } from './group-form';
import { feeRuleText, groupCommissionText, GROUPS_STALE, levelsText } from './group-terms';
import { LeverageCaps } from './leverage-caps';

type Tab = 'groups' | 'caps';

/**
 * Trading groups (docs/trading-groups.md): every account is in one, which sets its trading
 * conditions; a group opened shows its conditions per category or instrument. The second tab
 * holds the retail leverage caps by asset class. Everyone who reads accounts reads these;
 * only an admin changes them.
 */
export default function GroupsPage() {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const narrow = Grid.useBreakpoint().md === false;
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'caps' ? 'caps' : 'groups';
  const openId = Number(params.get('group')) || null;
  const [editing, setEditing] = useState<AdminGroup | 'new' | null>(null);
  const { data, isFetching } = useApiQuery(adminGroupsEndpoint, {});
  const remove = useCrudDelete(adminDeleteGroupEndpoint, GROUPS_STALE);
  const mayEdit = mayCall(operator, adminSaveGroupEndpoint);
  const opened = data?.find((g) => g.id === openId) ?? null;

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const open = (group: AdminGroup | null) => setParam('group', group ? String(group.id) : null);

  const wide = { responsive: ['md' as const] };
  const columns: TableColumnsType<AdminGroup> = [
    {
      title: t('admin_groups.group'),
      key: 'group',
      width: narrow ? undefined : 280,
      render: (_, g) => (
        <Flex vertical gap={6} align="start">
          <Typography.Link strong onClick={() => open(g)} data-testid={`group-open-${g.name}`}>
            {g.name}
          </Typography.Link>
          <GroupTags t={t} group={g} />
          {narrow ? <GroupTermLines t={t} group={g} /> : null}
        </Flex>
      ),
    },
    {
      title: t('admin_groups.fee_rule'),
      key: 'fee',
      ...wide,
      render: (_, g) => feeRuleText(t, g.trade_fee_type),
    },
    {
      title: t('admin_groups.levels'),
      key: 'levels',
      ...wide,
      // Margin call first in the reading direction, as the title says (each level reads as it
      // does in the settings).
      render: (_, g) =>
        g.margin_call_level ? (
          levelsText(t, g)
        ) : (
          <Typography.Text type="secondary">{levelsText(t, g)}</Typography.Text>
        ),
    },
    {
      title: t('admin_groups.commission'),
      key: 'commission',
      ...wide,
      render: (_, g) => <span data-testid={`group-commission-${g.id}`}>{groupCommissionText(t, g)}</span>,
    },
    {
      title: t('admin_groups.accounts'),
      dataIndex: 'accounts',
      align: 'end',
      width: 100,
      ...wide,
    },
    {
      title: '',
      key: 'actions',
      ...wide,
      width: mayEdit ? 250 : 120,
      render: (_, g) => (
        <GroupActions
          t={t}
          group={g}
          mayEdit={mayEdit}
          onConditions={() => open(g)}
          onEdit={() => setEditing(g)}
          onDelete={() => remove(g)}
        />
      ),
    },
  ];

  const create =
    tab === 'groups' && mayEdit ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        data-testid="group-new"
      >
        {t('admin_groups.new')}
      </Button>
    ) : null;

  return (
    <Page title={t('admin_groups.menu')} description={t('admin_groups.intro')} extra={create}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParam('tab', key === 'caps' ? 'caps' : null)}
        style={{ marginTop: -8 }}
        items={[
          {
            key: 'groups',
            label: t('admin_groups.tab_groups'),
            children: (
              <Card size={narrow ? 'small' : 'medium'}>
                <Table<AdminGroup>
                  rowKey="id"
                  size={narrow ? 'small' : 'middle'}
                  columns={columns}
                  dataSource={data ?? []}
                  loading={isFetching}
                  pagination={false}
                  onRow={(g) => ({ 'data-testid': `group-row-${g.name}` }) as HTMLAttributes<HTMLElement>}
                />
              </Card>
            ),
          },
          { key: 'caps', label: t('admin_groups.tab_caps'), children: <LeverageCaps /> },
        ]}
      />
      <GroupDrawer
        group={opened}
        mayEdit={mayEdit}
        onEdit={setEditing}
        onDelete={(g) => {
          remove(g);
          open(null);
        }}
        onClose={() => open(null)}
      />
      {editing ? (
        <CrudModal
          form={groupForm(t, editing === 'new' ? null : editing)}
          id={editing === 'new' ? undefined : editing.id}
          endpoint={adminSaveGroupEndpoint}
          invalidates={GROUPS_STALE}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Page>
  );
}
