import type { AdminGroup, AdminGroupCondition } from '@pipwise/shared';
import { Flex, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { conditionTerms, feeRuleText, groupCommissionText, groupTags, levelsText } from './group-terms';

/** The group's tags: its kind, default, professional or retail, swap-free. */
export function GroupTags({ t, group }: { t: TFunction; group: AdminGroup }) {
  return (
    <Space size={[4, 4]} wrap data-testid={`group-tags-${group.id}`}>
      {groupTags(t, group).map((tag) => (
        <Tag key={tag.key} color={tag.color} style={{ marginInlineEnd: 0 }}>
          {tag.text}
        </Tag>
      ))}
    </Space>
  );
}

/** "Label: value" in a phone's one cell; a value kept from above in grey. */
function Line({ label, value, inherited }: { label: string; value: string; inherited?: boolean }) {
  return (
    <Typography.Text type="secondary">
      {label}: <Typography.Text type={inherited ? 'secondary' : undefined}>{value}</Typography.Text>
    </Typography.Text>
  );
}

/** A phone's one cell for a condition: its terms, which the wider table shows in columns. */
export function ConditionLines({ t, condition }: { t: TFunction; condition: AdminGroupCondition }) {
  const terms = conditionTerms(t, condition);
  const inherit = t('admin_groups.inherit');
  return (
    <Flex vertical gap={2}>
      <Line
        label={t('admin_app.instruments.leverages')}
        value={terms.leverages ?? inherit}
        inherited={!terms.leverages}
      />
      <Line
        label={t('admin_app.instruments.fee_rate')}
        value={terms.fee_rate ?? inherit}
        inherited={terms.fee_rate === null}
      />
      <Line
        label={t('admin_execution.markup')}
        value={terms.markup ?? inherit}
        inherited={terms.markup === null}
      />
      <Line
        label={t('admin_groups.commission')}
        value={terms.commission ?? t('admin_groups.commission_of_group')}
        inherited={!terms.commission}
      />
    </Flex>
  );
}

/** A phone's one cell for a group: what the wider table shows in its own columns. */
export function GroupTermLines({ t, group }: { t: TFunction; group: AdminGroup }) {
  return (
    <Flex vertical gap={2}>
      <Line label={t('admin_groups.fee_rule')} value={feeRuleText(t, group.trade_fee_type)} />
      <Line label={t('admin_groups.levels')} value={levelsText(t, group)} />
      <Line label={t('admin_groups.commission')} value={groupCommissionText(t, group)} />
      <Line label={t('admin_groups.accounts')} value={String(group.accounts)} />
    </Flex>
  );
}
