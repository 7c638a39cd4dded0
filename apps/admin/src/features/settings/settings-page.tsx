import { adminSaveSettingsEndpoint, adminSettingsEndpoint, type AdminSettings } from '@pipwise/shared';
import { Alert, Button, Card, Flex, Form, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormFields } from '@/components/crud/form-fields';
import { Page } from '@/components/page';
import { refusedField } from '@/lib/api';
import { isOn } from '@/lib/codes';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { settingsSections } from './settings-fields';
import { changes, fromForm, toForm, type SettingsValues } from './settings-values';

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const operator = useSession()?.operator;
  const save = useApiMutation(adminSaveSettingsEndpoint, {
    invalidates: ['/api/admin/settings/'],
    silent: true,
  });
  const values = Form.useWatch([], form) as SettingsValues | undefined;
  const initial = toForm(settings);
  const dirty = values
    ? Object.keys(changes(settings, fromForm({ ...initial, ...values }))).length > 0
    : false;
  const sections = settingsSections(t, {
    companyStatus: values?.company_status ?? initial.company_status,
    ownTotp: isOn(operator?.totp_enabled),
    totpRequired: isOn(settings.admin_totp_required),
  });

  const submit = (v: SettingsValues) =>
    save.mutate(changes(settings, fromForm(v)), {
      onError: (error) => {
        // A refusal names the setting at fault; one that names none is shown at the top.
        const field = refusedField(error);
        const name = field && field in settings ? field : 'service_link';
        form.setFields([{ name: name as keyof SettingsValues, errors: [error.message] }]);
      },
    });

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      scrollToFirstError
    >
      <Flex vertical gap={16}>
        {sections.map((section) => (
          <Card key={section.key} title={section.title}>
            <FormFields fields={section.fields} />
            {section.notice ? (
              <Alert type={section.notice.type} showIcon title={section.notice.text} />
            ) : null}
          </Card>
        ))}
        <Flex justify="end" gap={8}>
          <Button disabled={!dirty} onClick={() => form.resetFields()}>
            {t('admin_app.common.reset')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            disabled={!dirty}
            loading={save.isPending}
            data-testid="settings-save"
          >
            {t('admin_app.common.save')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** Every setting of the app, checked before saving; saved, it reaches every server at once. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { data } = useApiQuery(adminSettingsEndpoint, {}, { placeholderData: undefined });
  return (
    <Page title={t('admin_app.menu.settings')} description={t('admin_app.settings.intro')}>
      {data ? <SettingsForm key={JSON.stringify(data)} settings={data} /> : <Skeleton active />}
    </Page>
  );
}
