import type { Endpoint, EndpointInput } from '@pipwise/shared';
import { Alert, App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusedField } from '@/lib/api';
import { useApiMutation } from '@/lib/query';
import { FormFields } from './form-fields';
import { crudPayload } from './payload';
import type { CrudForm } from './types';

interface Props<V, E extends Endpoint> {
  form: CrudForm<V, Omit<EndpointInput<E>, 'id'>>;
  /** The row edited, none for a new one. */
  id?: number;
  /** Where it is saved, and the lists that are stale once it is. */
  endpoint: E;
  invalidates: readonly string[];
  onClose: () => void;
}

/**
 * Creates or edits one row: the form its declaration describes, saved through `endpoint`;
 * once saved, the lists under `invalidates` are fetched again and the modal closes.
 */
export function CrudModal<V extends object, E extends Endpoint>({
  form,
  id,
  endpoint,
  invalidates,
  onClose,
}: Props<V, E>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [antForm] = Form.useForm<V>();
  const watched = Form.useWatch([], antForm) as Partial<V> | undefined;
  const save = useApiMutation(endpoint, { invalidates, onSuccess: onClose, silent: form.fieldErrors });

  const submit = (values: V) =>
    save.mutate(crudPayload(form, values, id) as EndpointInput<E>, {
      onError: (error) => {
        if (!form.fieldErrors) return;
        const field = refusedField(error);
        if (field && field in values) antForm.setFields([{ name: field as never, errors: [error.message] }]);
        else modal.error({ title: error.message });
      },
    });

  return (
    <Modal
      open
      width={form.width}
      title={form.title}
      okText={form.okText ?? t('admin_app.common.save')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => antForm.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ danger: form.danger, ...(form.okTestId ? { 'data-testid': form.okTestId } : {}) }}
      destroyOnHidden
    >
      {form.intro ? <Typography.Paragraph type="secondary">{form.intro}</Typography.Paragraph> : null}
      {form.notice ? (
        <Alert type={form.notice.type} showIcon style={{ marginBottom: 16 }} title={form.notice.text} />
      ) : null}
      <Form<V> form={antForm} layout="vertical" initialValues={form.initial} onFinish={submit}>
        <FormFields fields={form.fields(watched ?? form.initial)} />
      </Form>
    </Modal>
  );
}
