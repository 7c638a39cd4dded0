import { adminSetUserGroupEndpoint, type AdminGroup, type AdminUser } from '@pipwise/shared';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall } from '@/lib/access';
import { useApiMutation } from '@/lib/query';
import { useSession } from '@/lib/session';
import { accountKindOf, moveChoices, moveGroupInput, offersMove } from './move-group';

interface Values {
  group_id?: number;
  reason?: string;
}

/**
 * Moves the trader's account to another trading group of its kind, with an optional reason
 * for the audit log. Shown only to operators allowed to (admin) and for an account that exists.
 */
export function MoveGroupButton({ user, groups }: { user: AdminUser; groups: readonly AdminGroup[] }) {
  const { t } = useTranslation();
  const operator = useSession()?.operator;
  const [asking, setAsking] = useState(false);
  const [form] = Form.useForm<Values>();
  const move = useApiMutation(adminSetUserGroupEndpoint, {
    invalidates: ['/api/admin/users/', '/api/admin/groups/'],
    onSuccess: () => setAsking(false),
  });
  if (!mayCall(operator, adminSetUserGroupEndpoint) || !offersMove(user)) return null;
  const choices = moveChoices(t, groups, user);
  const kind = t(accountKindOf(user) === 'demo' ? 'admin_app.users.demo' : 'admin_app.users.real');

  return (
    <>
      <Button size="small" onClick={() => setAsking(true)} data-testid="move-group">
        {t('admin_groups.move')}
      </Button>
      <Modal
        open={asking}
        title={t('admin_groups.move')}
        okText={t('admin_groups.move')}
        cancelText={t('admin_app.common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setAsking(false)}
        okButtonProps={{
          loading: move.isPending,
          disabled: choices.length === 0,
          'data-testid': 'move-group-ok',
        }}
        destroyOnHidden
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin_groups.move_help')} />
        <Form<Values>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(v) => {
            if (v.group_id === undefined) return;
            move.mutate(moveGroupInput(user.id, v.group_id, (v.reason ?? '').trim()));
          }}
        >
          <Form.Item
            name="group_id"
            label={t('admin_groups.move_to')}
            extra={
              choices.length === 0
                ? t('admin_groups.move_none', { kind })
                : t('admin_groups.move_kind', { kind })
            }
            rules={[{ required: true, message: t('admin_app.common.required') }]}
          >
            <Select options={choices} disabled={choices.length === 0} data-testid="move-group-select" />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('admin_app.users.freeze_reason')}
            extra={t('admin_groups.move_reason_help')}
          >
            <Input.TextArea rows={3} maxLength={200} showCount data-testid="move-group-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
