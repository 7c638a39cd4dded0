import { adminAdjustBalanceEndpoint, type AdminUser } from '@pipwise/shared';
import { Alert, App, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format';
import { useApiSubmission } from '@/lib/use-submission';

interface Values {
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/** A positive USD amount with at most 2 decimals, as typed. */
const AMOUNT = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/;

/**
 * Credits or debits a trader's balance through the ledger, with a reason (kept as the
 * entry's memo and in the audit log) and a confirmation that repeats what will happen.
 * One adjustment per confirmation, behind the submission gate (lib/use-submission.ts): a
 * double click adjusts once, and a retry of an adjustment that got no answer carries its
 * key, while a corrected amount is a new adjustment with a new key.
 */
export function AdjustBalanceModal({
  user,
  available,
  onClose,
}: {
  user: AdminUser;
  available: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const adjust = useApiSubmission(adminAdjustBalanceEndpoint, {
    invalidates: ['/api/admin/users/', '/api/admin/dashboard'],
    onSuccess: onClose,
  });

  const confirm = (values: Values) => {
    const signed = values.direction === 'debit' ? `-${values.amount}` : values.amount;
    const who = user.email ?? user.mobile ?? user.uid;
    modal.confirm({
      title: t('admin_app.users.adjust_confirm_title'),
      content: t(
        values.direction === 'debit'
          ? 'admin_app.users.adjust_confirm_debit'
          : 'admin_app.users.adjust_confirm_credit',
        {
          amount: formatUsd(Number(values.amount)),
          user: who,
          reason: values.reason.trim(),
        },
      ),
      okText: t('admin_app.common.confirm'),
      okButtonProps: { danger: values.direction === 'debit', 'data-testid': 'adjust-confirm' },
      cancelText: t('admin_app.common.cancel'),
      // The confirmation closes on any answer; a refusal is told by the api client.
      onOk: async () => {
        await adjust.submit({ id: user.id, amount: signed, reason: values.reason.trim() });
      },
    });
  };

  return (
    <Modal
      open
      title={t('admin_app.users.adjust')}
      okText={t('admin_app.common.continue')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'adjust-submit' }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('admin_app.users.adjust_available', { amount: formatUsd(available) })}
      />
      <Form<Values> form={form} layout="vertical" initialValues={{ direction: 'credit' }} onFinish={confirm}>
        <Form.Item name="direction" label={t('admin_app.users.adjust_direction')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: t('admin_app.users.credit') },
              { value: 'debit', label: t('admin_app.users.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('admin_app.users.adjust_amount')}
          rules={[
            { required: true, message: t('admin_app.common.required') },
            {
              validator: (_, v: string) =>
                !v || (AMOUNT.test(v) && Number(v) > 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('admin_app.users.amount_invalid'))),
            },
          ]}
        >
          <Input prefix="$" inputMode="decimal" autoComplete="off" data-testid="adjust-amount" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('admin_app.users.adjust_reason')}
          extra={t('admin_app.users.adjust_reason_help')}
          rules={[{ required: true, whitespace: true, message: t('admin_app.common.required') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount data-testid="adjust-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
