import type { AdminSettings } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { PhoneAtRegistration, RegistrationCaptcha, ServiceLinkType, TradeFeeType } from '@/lib/codes';
import { t } from '@/test/english';
import { settingsSections } from './settings-fields';
import { changes, fromForm, toForm } from './settings-values';

const saved: AdminSettings = {
  service_link: 'https://help.example/chat',
  service_link_type: ServiceLinkType.InApp,
  support_email: 'help@example.com',
  complaint_host: '',
  verify_reg_type: RegistrationCaptcha.Off,
  is_show_mobile: PhoneAtRegistration.WithAreaCode,
  trade_fee_type: TradeFeeType.PerLot,
  margin_call_level: '100',
  stop_out_level: '50',
  company_status: 0,
  company_status_type: 0,
  company_loss_url: '',
  admin_totp_required: 1,
  max_alerts: 50,
};

describe('saving the settings', () => {
  it('the form holds the flags as switches and gives them back as 0/1', () => {
    const form = toForm(saved);
    expect(form).toMatchObject({
      company_status: false,
      company_status_type: false,
      admin_totp_required: true,
    });
    expect(fromForm(form)).toEqual(saved);
  });

  it('sends only what changed, texts trimmed', () => {
    const edited = {
      ...toForm(saved),
      stop_out_level: ' 40 ',
      company_status: true,
      company_loss_url: ' https://x.example ',
    };
    expect(changes(saved, fromForm(edited))).toEqual({
      stop_out_level: '40',
      company_status: 1,
      company_loss_url: 'https://x.example',
    });
    expect(changes(saved, fromForm({ ...toForm(saved), support_email: 'help@example.com  ' }))).toEqual({});
  });
});

describe('the settings page', () => {
  const sections = (companyStatus = false, ownTotp = true, totpRequired = true) =>
    settingsSections(t, { companyStatus, ownTotp, totpRequired });
  const field = (key: string, s = sections()) => s.flatMap((x) => x.fields).find((f) => f.key === key)!;

  it('has its five cards', () => {
    expect(sections().map((s) => s.title)).toEqual([
      'Customer service',
      'Registration',
      'Trading',
      'Company',
      'Security',
    ]);
  });

  it('offers each coded setting by the code the server keeps', () => {
    expect(field('service_link_type').input).toEqual({
      kind: 'select',
      options: [
        { value: 1, label: 'Inside the app' },
        { value: 2, label: 'In a dialog with a copy button' },
        { value: 3, label: 'Leave the app for the link' },
      ],
    });
    expect(field('verify_reg_type').input).toMatchObject({
      options: [
        { value: 2, label: 'Required' },
        { value: 1, label: 'Not required' },
      ],
    });
    expect(field('is_show_mobile').input).toMatchObject({
      options: [
        { value: 1, label: 'Phone with area code' },
        { value: 3, label: 'Phone only' },
        { value: 0, label: 'Hidden (e-mail only)' },
      ],
    });
    expect(field('trade_fee_type').input).toMatchObject({
      options: [
        { value: 1, label: 'Lots × fee rate' },
        { value: 2, label: 'Margin × fee rate' },
      ],
    });
  });

  it('warns while traders are sent to the loss page, whose address is then required', () => {
    const off = sections(false);
    const on = sections(true);
    expect(off.find((s) => s.key === 'company')!.notice).toBeNull();
    expect(on.find((s) => s.key === 'company')!.notice?.type).toBe('warning');
    expect(field('company_loss_url', on).rules).toContainEqual(expect.objectContaining({ required: true }));
    expect(field('company_loss_url', off).rules).toContainEqual(expect.objectContaining({ required: false }));
  });

  it('two-factor for everyone cannot be turned on without one’s own', () => {
    expect(field('admin_totp_required', sections(false, false, false)).input).toEqual({
      kind: 'switch',
      disabled: true,
    });
    expect(field('admin_totp_required', sections(false, false, true)).input).toEqual({
      kind: 'switch',
      disabled: false,
    });
    expect(field('admin_totp_required', sections(false, true, false)).input).toEqual({
      kind: 'switch',
      disabled: false,
    });
  });
});
