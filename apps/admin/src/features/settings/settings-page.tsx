import {
  adminSaveSettingsEndpoint,
  adminSettingsEndpoint,
  type AdminSettings,
  type EndpointInput,
} from '@pipwise/shared';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { refusedField } from '@/lib/api';
import { useApiMutation, useApiQuery } from '@/lib/query';
import { useSession } from '@/lib/session';
import { isDecimal, isHttpUrlOrEmpty } from '@/lib/validate';

type SaveInput = EndpointInput<typeof adminSaveSettingsEndpoint>;

/** The form holds the settings as the server sends them, switches as booleans. */
type Values = Omit<AdminSettings, 'company_status' | 'company_status_type' | 'admin_totp_required'> & {
  company_status: boolean;
  company_status_type: boolean;
  admin_totp_required: boolean;
};

function toForm(s: AdminSettings): Values {
  return {
    ...s,
    company_status: s.company_status === 1,
    company_status_type: s.company_status_type === 1,
    admin_totp_required: s.admin_totp_required === 1,
  };
}

function fromForm(v: Values): AdminSettings {
  return {
    ...v,
    service_link: v.service_link.trim(),
    support_email: v.support_email.trim(),
    complaint_host: v.complaint_host.trim(),
    company_loss_url: v.company_loss_url.trim(),
    margin_call_level: v.margin_call_level.trim(),
    stop_out_level: v.stop_out_level.trim(),
    company_status: v.company_status ? 1 : 0,
    company_status_type: v.company_status_type ? 1 : 0,
    admin_totp_required: v.admin_totp_required ? 1 : 0,
  };
}

/** Only what changed is sent (a save that changes nothing is refused by the server). */
function changes(before: AdminSettings, after: AdminSettings): SaveInput {
  const diff: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminSettings)[]) {
    if (after[key] !== before[key]) diff[key] = after[key];
  }
  return diff;
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const operator = useSession()?.operator;
  const save = useApiMutation(adminSaveSettingsEndpoint, {
    invalidates: ['/api/admin/settings/'],
    silent: true,
  });
  const companyStatus = Form.useWatch('company_status', form);
  const values = Form.useWatch([], form) as Values | undefined;
  const diff = values ? changes(settings, fromForm({ ...toForm(settings), ...values })) : {};
  const dirty = Object.keys(diff).length > 0;
  const url = (message: string) => ({
    validator: (_: unknown, v: string) =>
      isHttpUrlOrEmpty(v?.trim()) ? Promise.resolve() : Promise.reject(new Error(message)),
  });
  const level = {
    validator: (_: unknown, v: string) =>
      isDecimal(v?.trim() ?? '', 2) && Number(v) > 0 && Number(v) <= 1000
        ? Promise.resolve()
        : Promise.reject(new Error(t('admin_app.settings.level_invalid'))),
  };

  const submit = (v: Values) =>
    save.mutate(changes(settings, fromForm(v)), {
      onError: (error) => {
        const field = refusedField(error);
        form.setFields([
          {
            name: (field && field in settings ? field : 'service_link') as keyof Values,
            errors: [error.message],
          },
        ]);
      },
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toForm(settings)}
      onFinish={submit}
      scrollToFirstError
    >
      <Flex vertical gap={16}>
        <Card title={t('admin_app.settings.support')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="service_link"
                label={t('admin_app.settings.service_link')}
                extra={t('admin_app.settings.service_link_help')}
                rules={[url(t('admin_app.settings.url_invalid'))]}
              >
                <Input dir="ltr" maxLength={300} placeholder="https://" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="service_link_type" label={t('admin_app.settings.service_link_type')}>
                <Select
                  options={[
                    { value: 1, label: t('admin_app.settings.link_type_1') },
                    { value: 2, label: t('admin_app.settings.link_type_2') },
                    { value: 3, label: t('admin_app.settings.link_type_3') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="support_email"
                label={t('admin_app.settings.support_email')}
                extra={t('admin_app.settings.support_email_help')}
                rules={[{ type: 'email', message: t('admin_app.auth.email_invalid') }]}
              >
                <Input dir="ltr" maxLength={254} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="complaint_host"
                label={t('admin_app.settings.complaint_host')}
                extra={t('admin_app.settings.complaint_host_help')}
                rules={[url(t('admin_app.settings.url_invalid'))]}
              >
                <Input dir="ltr" maxLength={300} placeholder="https://" />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('admin_app.settings.registration')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="verify_reg_type" label={t('admin_app.settings.verify_reg_type')}>
                <Select
                  options={[
                    { value: 2, label: t('admin_app.settings.captcha_on') },
                    { value: 1, label: t('admin_app.settings.captcha_off') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="is_show_mobile" label={t('admin_app.settings.is_show_mobile')}>
                <Select
                  options={[
                    { value: 1, label: t('admin_app.settings.mobile_1') },
                    { value: 3, label: t('admin_app.settings.mobile_3') },
                    { value: 0, label: t('admin_app.settings.mobile_0') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('admin_app.settings.trading')}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="trade_fee_type" label={t('admin_app.settings.trade_fee_type')}>
                <Select
                  options={[
                    { value: 1, label: t('admin_app.settings.fee_per_lot') },
                    { value: 2, label: t('admin_app.settings.fee_of_margin') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="margin_call_level"
                label={t('admin_app.settings.margin_call_level')}
                extra={t('admin_app.settings.margin_call_help')}
                dependencies={['stop_out_level']}
                rules={[level]}
              >
                <Input suffix="%" inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="stop_out_level"
                label={t('admin_app.settings.stop_out_level')}
                extra={t('admin_app.settings.stop_out_help')}
                dependencies={['margin_call_level']}
                rules={[
                  level,
                  ({ getFieldValue }) => ({
                    validator: (_, v: string) =>
                      Number(v) < Number(getFieldValue('margin_call_level'))
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('admin_app.settings.levels_order'))),
                  }),
                ]}
              >
                <Input suffix="%" inputMode="decimal" />
              </Form.Item>
            </Col>
          </Row>
          <Alert type="info" showIcon title={t('admin_app.settings.demo_balance_note')} />
        </Card>
        <Card title={t('admin_app.settings.company')}>
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item
                name="company_status"
                label={t('admin_app.settings.company_status')}
                valuePropName="checked"
                extra={t('admin_app.settings.company_status_help')}
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="company_status_type"
                label={t('admin_app.settings.company_status_type')}
                valuePropName="checked"
                extra={t('admin_app.settings.company_status_type_help')}
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="company_loss_url"
                label={t('admin_app.settings.company_loss_url')}
                dependencies={['company_status']}
                rules={[
                  url(t('admin_app.settings.url_invalid')),
                  {
                    required: !!companyStatus,
                    whitespace: true,
                    message: t('admin_app.settings.loss_url_required'),
                  },
                ]}
              >
                <Input dir="ltr" maxLength={300} placeholder="https://" />
              </Form.Item>
            </Col>
          </Row>
          {companyStatus ? (
            <Alert type="warning" showIcon title={t('admin_app.settings.company_status_warning')} />
          ) : null}
        </Card>
        <Card title={t('admin_app.settings.security')}>
          <Form.Item
            name="admin_totp_required"
            label={t('admin_app.settings.admin_totp_required')}
            valuePropName="checked"
            extra={
              operator?.totp_enabled
                ? t('admin_app.settings.admin_totp_help')
                : t('admin_app.settings.admin_totp_own_first')
            }
          >
            <Switch disabled={!operator?.totp_enabled && !settings.admin_totp_required} />
          </Form.Item>
        </Card>
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
