import { MAX_ALERTS_SETTING } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { choiceField, switchField } from '@/components/crud/fields';
import type { FieldDecl, Notice } from '@/components/crud/types';
import { PhoneAtRegistration, RegistrationCaptcha, ServiceLinkType, TradeFeeType } from '@/lib/codes';
import { check, httpUrl } from '@/lib/rules';
import { isDecimal } from '@/lib/validate';

/** A card of the settings page: its title, its fields, and a notice under them. */
export interface SettingsSection {
  key: string;
  title: string;
  fields: FieldDecl[];
  notice?: Notice | null;
}

interface State {
  /** The company switch as the form holds it now: the loss address is required while on. */
  companyStatus: boolean;
  /** The operator's own two-factor, and the setting as saved: requiring two-factor of everyone. */
  ownTotp: boolean;
  totpRequired: boolean;
}

const address = { kind: 'text', dir: 'ltr', maxLength: 300, placeholder: 'https://' } as const;

/** A margin level, %: above 0 and up to 1,000 with at most 2 decimals. */
const isLevel = (v: string | undefined) =>
  isDecimal(v?.trim() ?? '', 2) && Number(v) > 0 && Number(v) <= 1000;

/** Every setting, by card, as the page shows them. */
export function settingsSections(t: TFunction, state: State): SettingsSection[] {
  const url = httpUrl(t('admin_app.settings.url_invalid'));
  const level = check(isLevel, t('admin_app.settings.level_invalid'));
  return [
    {
      key: 'support',
      title: t('admin_app.settings.support'),
      fields: [
        {
          key: 'service_link',
          name: 'service_link',
          label: t('admin_app.settings.service_link'),
          extra: t('admin_app.settings.service_link_help'),
          md: 12,
          rules: [url],
          input: address,
        },
        choiceField('service_link_type', t('admin_app.settings.service_link_type'), {
          md: 12,
          select: [
            { value: ServiceLinkType.InApp, label: t('admin_app.settings.link_type_1') },
            { value: ServiceLinkType.Dialog, label: t('admin_app.settings.link_type_2') },
            { value: ServiceLinkType.Redirect, label: t('admin_app.settings.link_type_3') },
          ],
        }),
        {
          key: 'support_email',
          name: 'support_email',
          label: t('admin_app.settings.support_email'),
          extra: t('admin_app.settings.support_email_help'),
          md: 12,
          rules: [{ type: 'email', message: t('admin_app.auth.email_invalid') }],
          input: { kind: 'text', dir: 'ltr', maxLength: 254 },
        },
        {
          key: 'complaint_host',
          name: 'complaint_host',
          label: t('admin_app.settings.complaint_host'),
          extra: t('admin_app.settings.complaint_host_help'),
          md: 12,
          rules: [url],
          input: address,
        },
      ],
    },
    {
      key: 'registration',
      title: t('admin_app.settings.registration'),
      fields: [
        choiceField('verify_reg_type', t('admin_app.settings.verify_reg_type'), {
          md: 12,
          select: [
            { value: RegistrationCaptcha.Required, label: t('admin_app.settings.captcha_on') },
            { value: RegistrationCaptcha.Off, label: t('admin_app.settings.captcha_off') },
          ],
        }),
        choiceField('is_show_mobile', t('admin_app.settings.is_show_mobile'), {
          md: 12,
          select: [
            { value: PhoneAtRegistration.WithAreaCode, label: t('admin_app.settings.mobile_1') },
            { value: PhoneAtRegistration.NumberOnly, label: t('admin_app.settings.mobile_3') },
            { value: PhoneAtRegistration.Hidden, label: t('admin_app.settings.mobile_0') },
          ],
        }),
      ],
    },
    {
      key: 'trading',
      title: t('admin_app.settings.trading'),
      notice: { type: 'info', text: t('admin_app.settings.demo_balance_note') },
      fields: [
        choiceField('trade_fee_type', t('admin_app.settings.trade_fee_type'), {
          md: 6,
          select: [
            { value: TradeFeeType.PerLot, label: t('admin_app.settings.fee_per_lot') },
            { value: TradeFeeType.OfMargin, label: t('admin_app.settings.fee_of_margin') },
          ],
        }),
        {
          key: 'margin_call_level',
          name: 'margin_call_level',
          label: t('admin_app.settings.margin_call_level'),
          extra: t('admin_app.settings.margin_call_help'),
          md: 6,
          dependencies: ['stop_out_level'],
          rules: [level],
          input: { kind: 'text', suffix: '%', decimal: true },
        },
        {
          key: 'stop_out_level',
          name: 'stop_out_level',
          label: t('admin_app.settings.stop_out_level'),
          extra: t('admin_app.settings.stop_out_help'),
          md: 6,
          dependencies: ['margin_call_level'],
          rules: [
            level,
            ({ getFieldValue }) =>
              check<string>(
                (v) => Number(v) < Number(getFieldValue('margin_call_level')),
                t('admin_app.settings.levels_order'),
              ),
          ],
          input: { kind: 'text', suffix: '%', decimal: true },
        },
        {
          key: 'max_alerts',
          name: 'max_alerts',
          label: t('admin_app.settings.max_alerts'),
          extra: t('admin_app.settings.max_alerts_help'),
          md: 6,
          rules: [{ required: true, message: t('admin_app.settings.max_alerts_help') }],
          input: { kind: 'number', min: 1, max: MAX_ALERTS_SETTING, precision: 0 },
        },
      ],
    },
    {
      key: 'company',
      title: t('admin_app.settings.company'),
      notice: state.companyStatus
        ? { type: 'warning', text: t('admin_app.settings.company_status_warning') }
        : null,
      fields: [
        switchField('company_status', t('admin_app.settings.company_status'), {
          extra: t('admin_app.settings.company_status_help'),
          md: 6,
        }),
        switchField('company_status_type', t('admin_app.settings.company_status_type'), {
          extra: t('admin_app.settings.company_status_type_help'),
          md: 6,
        }),
        {
          key: 'company_loss_url',
          name: 'company_loss_url',
          label: t('admin_app.settings.company_loss_url'),
          md: 12,
          dependencies: ['company_status'],
          rules: [
            url,
            {
              required: state.companyStatus,
              whitespace: true,
              message: t('admin_app.settings.loss_url_required'),
            },
          ],
          input: address,
        },
      ],
    },
    {
      key: 'security',
      title: t('admin_app.settings.security'),
      fields: [
        switchField('admin_totp_required', t('admin_app.settings.admin_totp_required'), {
          extra: state.ownTotp
            ? t('admin_app.settings.admin_totp_help')
            : t('admin_app.settings.admin_totp_own_first'),
          // Requiring two-factor of everyone without one's own would lock oneself out.
          disabled: !state.ownTotp && !state.totpRequired,
        }),
      ],
    },
  ];
}
