import type {
  AdminFixSource,
  AdminInstrument,
  adminSaveFixSourceEndpoint,
  EndpointInput,
  FixSourceSlot,
} from '@pipwise/shared';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { switchField } from '@/components/crud/fields';
import type { FieldDecl, Option } from '@/components/crud/types';
import { isOn, toFlag } from '@/lib/codes';
import { check } from '@/lib/rules';

/**
 * The provider connections (FIX sources) as the feeds page edits them: what each slot is,
 * the checks the server makes again (packages/shared api/admin/feed-sources.ts), the form's
 * values and what it sends.
 */

/** Every query of the feeds page: a saved or deleted source changes the sources and the status. */
export const FEEDS_STALE = ['/api/admin/feeds/'];

export type FixSourceInput = EndpointInput<typeof adminSaveFixSourceEndpoint>;

/** The variable that sets a slot from the environment at every start. */
export const SLOT_ENV: Record<FixSourceSlot, string> = {
  md_primary: 'FIX_MD_URL',
  md_backup: 'FIX_MD_BACKUP_URL',
  trade: 'FIX_TRADE_URL',
};

/** Market-data slots subscribe instruments; the trading slot carries every A-book order. */
export const isMarketData = (slot: FixSourceSlot): boolean => slot !== 'trade';

const COMP_ID = /^[A-Za-z0-9._-]{1,32}$/;
const CREDENTIAL = /^[\x21-\x7e]{1,64}$/;
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIPv6(host: string): boolean {
  if (!host.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(host)) return false;
  try {
    return new URL(`http://[${host}]/`).hostname !== '';
  } catch {
    return false;
  }
}

/** A host as the server takes it: a DNS name, an IPv4 address or a bare IPv6 address, no port. */
export function isFixHost(host: string): boolean {
  if (IPV4.test(host) || isIPv6(host)) return true;
  return HOST_NAME.test(host) && !/^[\d.]+$/.test(host);
}

/** 1-32 letters, digits, `.`, `_` or `-` (a CompID also names the sequence-number file). */
export const isCompId = (value: string): boolean => COMP_ID.test(value);

/** A username or password: 1-64 printable characters, no spaces. */
export const isCredential = (value: string): boolean => CREDENTIAL.test(value);

/** host:port, an IPv6 address in brackets. */
export const hostPort = (host: string, port: number): string =>
  `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Why a slot cannot be added or deleted now (the server refuses the same), or null. */
export function slotBlock(
  slot: FixSourceSlot,
  action: 'add' | 'delete',
  stored: ReadonlySet<FixSourceSlot>,
): 'backup_needs_primary' | 'primary_has_backup' | null {
  if (action === 'add' && slot === 'md_backup' && !stored.has('md_primary')) return 'backup_needs_primary';
  if (action === 'delete' && slot === 'md_primary' && stored.has('md_backup')) return 'primary_has_backup';
  return null;
}

/** The instruments a slot shows: the first `max` codes and how many more. */
export function instrumentsShown(codes: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: codes.slice(0, max), more: Math.max(0, codes.length - max) };
}

/** The instruments to choose from: each by its code, its display name beside it when different. */
export function instrumentOptions(instruments: readonly AdminInstrument[]): Option<string>[] {
  return instruments.map((i) => ({
    value: i.code,
    label: i.show_code === i.code ? i.code : `${i.code} (${i.show_code})`,
  }));
}

export interface FixSourceValues {
  host: string;
  /** Empty until typed. */
  port: number | null;
  sender_comp_id: string;
  target_comp_id: string;
  username: string;
  /** Blank keeps the stored password. */
  password: string;
  instruments: string[];
  enabled: boolean;
}

/** The form of a stored slot, or of a new one (enabled, every instrument). */
export function fixSourceInitial(source: AdminFixSource | undefined): FixSourceValues {
  return {
    host: source?.host ?? '',
    port: source?.port ?? null,
    sender_comp_id: source?.sender_comp_id ?? '',
    target_comp_id: source?.target_comp_id ?? '',
    username: source?.username ?? '',
    password: '',
    instruments: source ? [...source.instruments] : [],
    enabled: source ? isOn(source.enabled) : true,
  };
}

/**
 * What the form sends: trimmed text; the password only with a username and when typed (blank
 * keeps the stored one; no username removes both); instruments for market data only.
 */
export function fixSourceInput(slot: FixSourceSlot, values: FixSourceValues): FixSourceInput {
  const username = values.username.trim();
  const password = values.password.trim();
  return {
    slot,
    host: values.host.trim(),
    port: Number(values.port),
    sender_comp_id: values.sender_comp_id.trim(),
    target_comp_id: values.target_comp_id.trim(),
    username,
    ...(username !== '' && password !== '' ? { password } : {}),
    instruments: isMarketData(slot) ? [...values.instruments] : [],
    enabled: toFlag(values.enabled),
  };
}

/** Whether a username comes without a password, typed now or stored. */
export const passwordMissing = (username: string, password: string, hasPassword: boolean): boolean =>
  username.trim() !== '' && password.trim() === '' && !hasPassword;

const optional = (ok: (v: string) => boolean) => (v: string | undefined) => !v?.trim() || ok(v.trim());

/** Our CompID and the provider's differ (the server compares them as typed, trimmed). */
function otherCompId(t: TFunction): FormRule {
  return ({ getFieldValue }) =>
    check<string | undefined>(
      (v) => !v?.trim() || v.trim() !== String(getFieldValue('sender_comp_id') ?? '').trim(),
      t('errors.fix_comp_ids_same'),
    );
}

function passwordRule(t: TFunction, hasPassword: boolean): FormRule {
  return ({ getFieldValue }) =>
    check<string | undefined>(
      (v) => !passwordMissing(String(getFieldValue('username') ?? ''), v ?? '', hasPassword),
      t('errors.fix_password_needed'),
    );
}

const text = (testId: string) => ({ kind: 'text', dir: 'ltr', spellCheck: false, testId }) as const;

/** The connection's fields: where, who, the login; the instruments and the switch come after. */
export function connectionFields(t: TFunction, source: AdminFixSource | undefined): FieldDecl[] {
  const hasPassword = source?.has_password ?? false;
  return [
    {
      key: 'host',
      name: 'host',
      label: t('admin_feeds.sources.form.host'),
      extra: t('admin_feeds.sources.form.host_help'),
      md: 16,
      required: 'text',
      rules: [check(optional(isFixHost), t('errors.fix_host_invalid'))],
      input: { ...text('fix-host'), maxLength: 253, placeholder: 'fix.provider.example' },
    },
    {
      key: 'port',
      name: 'port',
      label: t('admin_feeds.sources.form.port'),
      md: 8,
      required: 'value',
      rules: [
        check<number | null | undefined>(
          (v) => v === null || v === undefined || (Number.isInteger(v) && v >= 1 && v <= 65_535),
          t('admin_feeds.sources.form.port_invalid'),
        ),
      ],
      input: { kind: 'number', min: 1, max: 65_535, precision: 0, testId: 'fix-port' },
    },
    {
      key: 'sender_comp_id',
      name: 'sender_comp_id',
      label: t('admin_feeds.sources.form.sender_comp_id'),
      extra: t('admin_feeds.sources.form.sender_comp_id_help'),
      md: 12,
      required: 'text',
      rules: [check(optional(isCompId), t('errors.fix_comp_id_invalid'))],
      input: { ...text('fix-sender'), maxLength: 32 },
    },
    {
      key: 'target_comp_id',
      name: 'target_comp_id',
      label: t('admin_feeds.sources.form.target_comp_id'),
      extra: t('admin_feeds.sources.form.target_comp_id_help'),
      md: 12,
      required: 'text',
      dependencies: ['sender_comp_id'],
      rules: [check(optional(isCompId), t('errors.fix_comp_id_invalid')), otherCompId(t)],
      input: { ...text('fix-target'), maxLength: 32 },
    },
    {
      key: 'username',
      name: 'username',
      label: t('admin_feeds.sources.form.username'),
      extra: t('admin_feeds.sources.form.username_help'),
      md: 12,
      rules: [check(optional(isCredential), t('errors.fix_credential_invalid'))],
      input: { ...text('fix-username'), maxLength: 64, autoComplete: 'off' },
    },
    {
      key: 'password',
      name: 'password',
      label: t('admin_feeds.sources.form.password'),
      extra: hasPassword
        ? t('admin_feeds.sources.form.password_help_stored')
        : t('admin_feeds.sources.form.password_help'),
      md: 12,
      dependencies: ['username'],
      rules: [
        check(optional(isCredential), t('errors.fix_credential_invalid')),
        passwordRule(t, hasPassword),
      ],
      input: { kind: 'password', autoComplete: 'new-password', testId: 'fix-password' },
    },
  ];
}

/** On: the session runs; off: kept but not connected, with what that does for this slot. */
export const enabledField = (t: TFunction, slot: FixSourceSlot): FieldDecl =>
  switchField('enabled', t('admin_feeds.sources.form.enabled'), {
    extra: t(
      isMarketData(slot)
        ? 'admin_feeds.sources.form.enabled_help_md'
        : 'admin_feeds.sources.form.enabled_help_trade',
    ),
  });
