import {
  adminInstrumentsEndpoint,
  adminSaveFixSourceEndpoint,
  type AdminFixSource,
  type FixSourceSlot,
} from '@pipwise/shared';
import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFields } from '@/components/crud/form-fields';
import { refusedField } from '@/lib/api';
import { useApiMutation, useApiQuery } from '@/lib/query';
import {
  connectionFields,
  enabledField,
  FEEDS_STALE,
  fixSourceInitial,
  fixSourceInput,
  instrumentOptions,
  isMarketData,
  SLOT_ENV,
  type FixSourceValues,
} from './fix-source-form';

/** The instruments a market-data session subscribes: none chosen is every instrument. */
function InstrumentsItem() {
  const { t } = useTranslation();
  const { data, isLoading } = useApiQuery(adminInstrumentsEndpoint, {});
  return (
    <Form.Item
      name="instruments"
      label={t('admin_feeds.sources.form.instruments')}
      extra={t('admin_feeds.sources.form.instruments_help')}
    >
      <Select
        mode="multiple"
        allowClear
        loading={isLoading}
        options={instrumentOptions(data ?? [])}
        placeholder={t('admin_feeds.sources.all_instruments')}
        optionFilterProp="label"
        maxTagCount="responsive"
        data-testid="fix-instruments"
      />
    </Form.Item>
  );
}

/**
 * Adds or edits the source of one slot. Saved, it applies at once and both the sources and
 * the feed status are read again; a refusal naming a field shows under it, any other in a
 * dialog.
 */
export function FixSourceModal({
  slot,
  source,
  onClose,
}: {
  slot: FixSourceSlot;
  source: AdminFixSource | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<FixSourceValues>();
  const save = useApiMutation(adminSaveFixSourceEndpoint, {
    invalidates: FEEDS_STALE,
    onSuccess: onClose,
    silent: true,
  });
  const name = t(`admin_feeds.sources.slot.${slot}`);

  const submit = (values: FixSourceValues) =>
    save.mutate(fixSourceInput(slot, values), {
      onError: (error) => {
        const field = refusedField(error);
        if (field && field in values) form.setFields([{ name: field as never, errors: [error.message] }]);
        else modal.error({ title: error.message });
      },
    });

  return (
    <Modal
      open
      width={640}
      title={t(source ? 'admin_feeds.sources.edit_title' : 'admin_feeds.sources.add_title', { slot: name })}
      okText={t('admin_app.common.save')}
      cancelText={t('admin_app.common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      // antd's button props do not declare data-* attributes; spread, they pass (as in CrudModal).
      okButtonProps={{ ...{ 'data-testid': 'fix-save' } }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('admin_feeds.sources.form.intro')}</Typography.Paragraph>
      {source?.from_env ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin_feeds.sources.from_env_help', { variable: SLOT_ENV[slot] })}
        />
      ) : null}
      <Form<FixSourceValues>
        form={form}
        layout="vertical"
        initialValues={fixSourceInitial(source)}
        onFinish={submit}
        autoComplete="off"
      >
        <FormFields fields={connectionFields(t, source)} />
        {isMarketData(slot) ? <InstrumentsItem /> : null}
        <FormFields fields={[enabledField(t, slot)]} />
      </Form>
    </Modal>
  );
}
