import type { AdminGroup } from '@pipwise/shared';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { deleteBlock } from './group-terms';

/**
 * A group's buttons: its conditions (when `onConditions` is given), then, for an operator
 * who may change groups, Edit and Delete behind a question — Delete greyed out, saying why,
 * while the server would refuse it.
 */
export function GroupActions({
  t,
  group,
  mayEdit,
  onConditions,
  onEdit,
  onDelete,
  size = 'small',
}: {
  t: TFunction;
  group: AdminGroup;
  mayEdit: boolean;
  onConditions?: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Small in a table row; the drawer's are of the usual size. */
  size?: 'small' | 'middle';
}) {
  const blocked = deleteBlock(t, group);
  return (
    <Space size={8} wrap>
      {onConditions ? (
        <Button size={size} onClick={onConditions} data-testid={`group-conditions-${group.name}`}>
          {t('admin_groups.conditions')}
        </Button>
      ) : null}
      {mayEdit ? (
        <Button size={size} onClick={onEdit} data-testid={`group-edit-${group.name}`}>
          {t('admin_app.common.edit')}
        </Button>
      ) : null}
      {mayEdit && blocked ? (
        <Tooltip title={blocked}>
          <Button size={size} danger disabled>
            {t('admin_app.common.delete')}
          </Button>
        </Tooltip>
      ) : null}
      {mayEdit && !blocked ? (
        <Popconfirm
          title={t('admin_groups.delete_confirm', { name: group.name })}
          okText={t('admin_app.common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('admin_app.common.cancel')}
          onConfirm={onDelete}
        >
          <Button size={size} danger data-testid={`group-delete-${group.name}`}>
            {t('admin_app.common.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
