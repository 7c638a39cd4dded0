import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  label: string;
  /** What the trader will read, or what the audit log keeps. */
  help?: string;
  okText: string;
  danger?: boolean;
  loading: boolean;
  maxLength?: number;
  /** The reason may be left empty (it only goes to the audit log). */
  optional?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** Asks for the reason of a refusal (a rejected deposit, withdrawal or identity) or a freeze. */
export function ReasonModal({
  open,
  title,
  label,
  help,
  okText,
  danger,
  loading,
  maxLength = 200,
  optional = false,
  onSubmit,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading, 'data-testid': 'reason-ok' }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => onSubmit((v.reason ?? '').trim())}
        preserve={false}
      >
        <Form.Item
          name="reason"
          label={label}
          extra={help}
          rules={
            optional ? [] : [{ required: true, whitespace: true, message: t('admin_app.common.required') }]
          }
        >
          <Input.TextArea rows={3} maxLength={maxLength} showCount autoFocus data-testid="reason-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
