import { PlusOutlined } from '@ant-design/icons';
import {
  adminDeleteGroupConditionEndpoint,
  adminGroupConditionsEndpoint,
  adminInstrumentsEndpoint,
  adminSaveGroupConditionEndpoint,
  type AdminGroup,
  type AdminGroupCondition,
} from '@pipwise/shared';
import {
  Button,
  Drawer,
  Flex,
  Grid,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Facts } from '@/components/facts';
import { actionsColumn, useCrudDelete } from '@/components/crud/columns';
import { CrudModal } from '@/components/crud/crud-modal';
import { mayCall } from '@/lib/access';
import { formatTime } from '@/lib/format';
import { useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { conditionForm } from './condition-form';
import { GroupActions } from './group-actions';
import { ConditionLines, GroupTags } from './group-cells';
import {
  conditionTarget,
  conditionTerms,
  feeRuleText,
  groupCommissionText,
  GROUPS_STALE,
  levelsText,
} from './group-terms';
import { useCatalogue } from './use-catalogue';

/** A term the condition keeps from above: said in grey. */
const inherited = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/**
 * One trading group: its own terms, then its conditions per category or instrument (an
 * instrument's before its category's), added, edited and deleted here by an admin.
 */
export function GroupDrawer({
  group,
  mayEdit,
  onEdit,
  onDelete,
  onClose,
}: {
  group: AdminGroup | null;
  mayEdit: boolean;
  onEdit: (group: AdminGroup) => void;
  onDelete: (group: AdminGroup) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  // On a phone the drawer takes the screen and its actions go above the facts.
  const narrow = Grid.useBreakpoint().md === false;
  const catalogue = useCatalogue(mayCall(operator, adminInstrumentsEndpoint));
  const conditions = useApiQuery(
    adminGroupConditionsEndpoint,
    { group_id: group?.id ?? 0 },
    { enabled: group !== null, placeholderData: undefined },
  );
  const removeCondition = useCrudDelete(adminDeleteGroupConditionEndpoint, GROUPS_STALE);
  const [editing, setEditing] = useState<AdminGroupCondition | 'new' | null>(null);
  const mayEditConditions = mayCall(operator, adminSaveGroupConditionEndpoint);
  const rows = conditions.data ?? [];

  const actions =
    group && mayEdit ? (
      <GroupActions
        t={t}
        group={group}
        mayEdit={mayEdit}
        onEdit={() => onEdit(group)}
        onDelete={() => onDelete(group)}
        size="middle"
      />
    ) : null;

  const inherit = t('admin_groups.inherit');
  const wide = { responsive: ['md' as const] };
  const askDelete = (c: AdminGroupCondition) =>
    t('admin_groups.condition_delete_confirm', { target: conditionTarget(t, c, catalogue.names).name });
  const columns: TableColumnsType<AdminGroupCondition> = [
    {
      title: t('admin_groups.applies_to'),
      key: 'target',
      width: narrow ? undefined : 200,
      render: (_, c) => {
        const target = conditionTarget(t, c, catalogue.names);
        return (
          <Flex vertical gap={4} align="start">
            <Flex gap={8} align="center" wrap>
              <Typography.Text strong>{target.name}</Typography.Text>
              <Tag color={target.kind === 'instrument' ? 'geekblue' : 'default'}>{target.kindText}</Tag>
            </Flex>
            {narrow ? <ConditionLines t={t} condition={c} /> : null}
            {narrow && mayEditConditions ? (
              <Space size={8}>
                <Button onClick={() => setEditing(c)} data-testid={`condition-edit-${c.id}`}>
                  {t('admin_app.common.edit')}
                </Button>
                <Popconfirm
                  title={askDelete(c)}
                  okText={t('admin_app.common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('admin_app.common.cancel')}
                  onConfirm={() => removeCondition(c)}
                >
                  <Button danger>{t('admin_app.common.delete')}</Button>
                </Popconfirm>
              </Space>
            ) : null}
          </Flex>
        );
      },
    },
    {
      title: t('admin_app.instruments.leverages'),
      key: 'leverages',
      ...wide,
      render: (_, c) => conditionTerms(t, c).leverages ?? inherited(inherit),
    },
    {
      title: t('admin_app.instruments.fee_rate'),
      key: 'fee_rate',
      align: 'end',
      ...wide,
      render: (_, c) => conditionTerms(t, c).fee_rate ?? inherited(inherit),
    },
    {
      title: t('admin_execution.markup'),
      key: 'markup',
      align: 'end',
      ...wide,
      render: (_, c) => conditionTerms(t, c).markup ?? inherited(inherit),
    },
    {
      title: t('admin_groups.commission'),
      key: 'commission',
      ...wide,
      render: (_, c) => conditionTerms(t, c).commission ?? inherited(t('admin_groups.commission_of_group')),
    },
    ...(mayEditConditions && !narrow
      ? [
          actionsColumn<AdminGroupCondition>(t, {
            edit: setEditing,
            editTestId: (c) => `condition-edit-${c.id}`,
            remove: { question: askDelete, run: removeCondition },
          }),
        ]
      : []),
  ];

  // A new condition goes to a category or instrument that has none yet (one that has is edited).
  const taken = new Set(
    rows.map((c) => (c.instrument_id !== null ? `i${c.instrument_id}` : `c${c.category_id}`)),
  );
  const targets = {
    ...catalogue,
    categories: catalogue.categories.filter((o) => !taken.has(`c${o.value}`)),
    instruments: catalogue.instruments.filter((o) => !taken.has(`i${o.value}`)),
  };

  return (
    <Drawer
      open={group !== null}
      onClose={onClose}
      size={narrow ? '100%' : 900}
      title={group?.name ?? ''}
      extra={narrow ? null : actions}
      destroyOnHidden
      data-testid="group-drawer"
    >
      {group ? (
        <Flex vertical gap={24}>
          {narrow ? actions : null}
          <Facts
            column={narrow ? 1 : 2}
            testId="group-facts"
            facts={[
              {
                key: 'tags',
                label: t('admin_groups.group'),
                value: <GroupTags t={t} group={group} />,
                span: 2,
              },
              { key: 'fee', label: t('admin_groups.fee_rule'), value: feeRuleText(t, group.trade_fee_type) },
              { key: 'levels', label: t('admin_groups.levels'), value: levelsText(t, group) },
              {
                key: 'commission',
                label: t('admin_groups.commission'),
                value: groupCommissionText(t, group),
              },
              { key: 'accounts', label: t('admin_groups.accounts'), value: group.accounts },
              {
                key: 'updated',
                label: t('admin_app.common.updated'),
                value: formatTime(group.updated_at),
                span: 2,
              },
            ]}
          />
          <Flex vertical gap={8}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('admin_groups.conditions_title')}
              </Typography.Title>
              {mayEditConditions ? (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing('new')}
                  data-testid="condition-new"
                >
                  {t('admin_groups.add_condition')}
                </Button>
              ) : null}
            </Flex>
            <Typography.Text type="secondary">{t('admin_groups.conditions_intro')}</Typography.Text>
          </Flex>
          <Table<AdminGroupCondition>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={conditions.isFetching}
            pagination={false}
            scroll={narrow ? undefined : { x: mayEditConditions ? 860 : 700 }}
            locale={{ emptyText: t('admin_groups.no_conditions') }}
            onRow={(c) => ({ 'data-testid': `condition-row-${c.id}` }) as HTMLAttributes<HTMLElement>}
          />
        </Flex>
      ) : null}
      {group && editing ? (
        <CrudModal
          form={conditionForm(t, group, editing === 'new' ? null : editing, targets)}
          endpoint={adminSaveGroupConditionEndpoint}
          invalidates={GROUPS_STALE}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Drawer>
  );
}
