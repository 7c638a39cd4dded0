import {
  type AdminChannel,
  type AdminCurrency,
  Dec,
  type Lang,
  LANGS,
  WithdrawFeeType,
} from '@pipwise/shared';
import type { Db } from '../../../../core/db/database.js';
import { AppError } from '../../../../core/app-error.js';
import { addressFamily, canonicalAddress, isValidAddress } from '../../methods/address-check.js';
import type { AuditScope } from '../../../../core/audit/audit.js';
import * as repo from './channel-admin.repository.js';
import type { ChannelRow, CurrencyRow } from './channel-admin.repository.js';

export interface ChannelInput {
  id?: number | undefined;
  kind: 'coin' | 'wire' | 'card';
  currency_code: string;
  protocol_code?: string | undefined;
  address?: string | undefined;
  bank_name?: string | undefined;
  bank_address?: string | undefined;
  bank_swift?: string | undefined;
  payee_name?: string | undefined;
  payee_account?: string | undefined;
  bank_remark?: string | undefined;
  provider_name?: string | undefined;
  provider_url?: string | undefined;
  instructions?: ({ en: string } & Partial<Record<Lang, string>>) | undefined;
  usd_rate: string;
  enabled: 0 | 1;
  sort: number;
}

export interface CurrencyInput {
  id?: number | undefined;
  type: 1 | 2;
  code: string;
  protocol?: string | undefined;
  fee_type: 1 | 2;
  draw_rate: string;
  usd_price: string;
  minimum: string;
  has_channel: 0 | 1;
  enabled: 0 | 1;
  sort: number;
}

/** Control characters (line breaks, tabs …) have no place in a one-line field. */
const CONTROL = /\p{Cc}/u;
/** An ISO 9362 BIC: 8 or 11 letters and digits. */
const BIC = /^[A-Z0-9]{8}([A-Z0-9]{3})?$/;

const refuse = (field: string, key = 'errors.field_invalid', vars: Record<string, unknown> = {}) =>
  AppError.rule(key, { ...vars, field });

/** A one-line text field: no control characters; `required` ones must not be empty. */
function line(value: string | undefined, field: string, required: boolean): string {
  const text = value ?? '';
  if (required && text === '') throw refuse(field, 'errors.field_required');
  if (CONTROL.test(text)) throw refuse(field);
  return text;
}

function instructionsOf(row: ChannelRow): Partial<Record<Lang, string>> {
  try {
    const value: unknown = JSON.parse(row.instructions);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      LANGS.flatMap((l) => {
        const text = (value as Record<string, unknown>)[l];
        return typeof text === 'string' ? [[l, text]] : [];
      }),
    );
  } catch {
    return {};
  }
}

function toAdminChannel(row: ChannelRow): AdminChannel {
  return {
    id: Number(row.id),
    kind: row.kind as AdminChannel['kind'],
    currency_code: row.currency_code,
    protocol_code: row.protocol_code,
    address: row.address,
    bank_name: row.bank_name,
    bank_address: row.bank_address,
    bank_swift: row.bank_swift,
    payee_name: row.payee_name,
    payee_account: row.payee_account,
    bank_remark: row.bank_remark,
    provider_name: row.provider_name,
    provider_url: row.provider_url,
    instructions: instructionsOf(row),
    usd_rate: row.usd_rate,
    enabled: Number(row.enabled),
    sort: Number(row.sort),
    is_sample: Number(row.is_sample),
  };
}

function toAdminCurrency(row: CurrencyRow): AdminCurrency {
  return {
    id: Number(row.id),
    type: Number(row.type),
    code: row.code,
    protocol: row.protocol,
    fee_type: Number(row.fee_type),
    draw_rate: row.draw_rate,
    usd_price: row.usd_price,
    minimum: row.minimum,
    has_channel: Number(row.has_channel),
    enabled: Number(row.enabled),
    sort: Number(row.sort),
    is_sample: Number(row.is_sample),
  };
}

/** The network of a coin, checked: one whose addresses the server can verify. */
function checkedNetwork(protocol: string | undefined, field: string): string {
  const network = line(protocol, field, true).toUpperCase();
  if (!addressFamily(network)) throw refuse(field, 'errors.address_network_unsupported', { network });
  return network;
}

/** An http(s) page address an operator gives (a provider's payment page). */
function httpsUrl(value: string | undefined, field: string): string {
  const text = line(value, field, false);
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(field, 'errors.admin_url_invalid');
  }
  if (url.protocol !== 'https:' || url.username || url.password)
    throw refuse(field, 'errors.admin_url_invalid');
  return url.toString();
}

/**
 * The fields of a channel of its kind, checked (docs/api.md "Deposit channels and withdraw
 * currencies"); the fields of other kinds are stored empty.
 */
function channelFields(input: ChannelInput) {
  const base = {
    kind: input.kind,
    currency_code: input.currency_code.toUpperCase(),
    protocol_code: '',
    address: '',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
    bank_remark: '',
    provider_name: '',
    provider_url: '',
    instructions: '{}',
    usd_rate: input.usd_rate,
    enabled: input.enabled,
    sort: input.sort,
  };
  if (input.kind === 'coin') {
    const protocol = checkedNetwork(input.protocol_code, 'protocol_code');
    const family = addressFamily(protocol)!;
    const address = line(input.address, 'address', true);
    if (!isValidAddress(family, address))
      throw refuse('address', 'errors.address_invalid', { network: protocol });
    return { ...base, protocol_code: protocol, address: canonicalAddress(family, address) };
  }
  if (input.kind === 'wire') {
    const swift = line(input.bank_swift, 'bank_swift', false).toUpperCase();
    if (swift !== '' && !BIC.test(swift)) throw refuse('bank_swift', 'errors.swift_invalid');
    const remark = input.bank_remark ?? '';
    if (CONTROL.test(remark.replace(/[\r\n]/g, ' '))) throw refuse('bank_remark');
    return {
      ...base,
      bank_name: line(input.bank_name, 'bank_name', true),
      bank_address: line(input.bank_address, 'bank_address', false),
      bank_swift: swift,
      payee_name: line(input.payee_name, 'payee_name', true),
      payee_account: line(input.payee_account, 'payee_account', true),
      bank_remark: remark,
    };
  }
  if (!input.instructions) throw refuse('instructions', 'errors.field_required');
  const instructions = Object.fromEntries(
    LANGS.flatMap((l) => (input.instructions?.[l] ? [[l, input.instructions[l]]] : [])),
  );
  if (!instructions.en) throw refuse('instructions.en', 'errors.field_required');
  return {
    ...base,
    provider_name: line(input.provider_name, 'provider_name', true),
    provider_url: httpsUrl(input.provider_url, 'provider_url'),
    instructions: JSON.stringify(instructions),
  };
}

/**
 * Deposit channels and withdraw currencies as operators keep them. Traders read them
 * from the database on each call, so a change shows at once on every instance.
 */
export class ChannelAdminService {
  constructor(private readonly db: Db) {}

  async channels(kind?: string): Promise<AdminChannel[]> {
    return (await repo.listChannels(this.db, kind)).map(toAdminChannel);
  }

  async saveChannel(input: ChannelInput, audit: AuditScope): Promise<AdminChannel> {
    const fields = channelFields(input);
    return this.db.transaction().execute(async (trx) => {
      const before = input.id === undefined ? undefined : await repo.findChannelRow(trx, input.id);
      if (input.id !== undefined && !before) throw refuse('id', 'errors.admin_channel_not_found');
      if (before && before.kind !== input.kind) throw refuse('kind', 'errors.admin_kind_fixed');
      const after = before
        ? await repo.updateChannel(trx, Number(before.id), { ...fields, is_sample: 0 })
        : await repo.insertChannel(trx, { ...fields, is_sample: 0 });
      if (!after) throw refuse('id', 'errors.admin_channel_not_found');
      const view = toAdminChannel(after);
      await audit.write(trx, {
        action: before ? 'channel.save' : 'channel.create',
        objectType: 'channel',
        objectId: view.id,
        before: before ? toAdminChannel(before) : null,
        after: view,
      });
      return view;
    });
  }

  async currencies(type?: number): Promise<AdminCurrency[]> {
    return (await repo.listCurrencies(this.db, type)).map(toAdminCurrency);
  }

  async saveCurrency(input: CurrencyInput, audit: AuditScope): Promise<AdminCurrency> {
    const protocol =
      input.type === 1
        ? checkedNetwork(input.protocol, 'protocol')
        : line(input.protocol, 'protocol', false).toUpperCase();
    // A rate of the amount is a fraction of it: 1 or more would leave nothing to pay out.
    if (input.fee_type === WithdrawFeeType.Rate && new Dec(input.draw_rate).gte(1))
      throw refuse('draw_rate', 'errors.admin_rate_below_one');
    const fields = {
      type: input.type,
      code: input.code.toUpperCase(),
      protocol,
      fee_type: input.fee_type,
      draw_rate: input.draw_rate,
      usd_price: input.usd_price,
      minimum: input.minimum,
      has_channel: input.has_channel,
      enabled: input.enabled,
      sort: input.sort,
      is_sample: 0,
    };
    return this.db.transaction().execute(async (trx) => {
      const before = input.id === undefined ? undefined : await repo.findCurrencyRow(trx, input.id);
      if (input.id !== undefined && !before) throw refuse('id', 'errors.admin_currency_not_found');
      // Bound payout accounts and withdrawals were made for the type: it cannot change.
      if (before && Number(before.type) !== input.type) throw refuse('type', 'errors.admin_kind_fixed');
      const after = before
        ? await repo.updateCurrency(trx, Number(before.id), fields)
        : await repo.insertCurrency(trx, fields);
      if (!after) throw refuse('id', 'errors.admin_currency_not_found');
      const view = toAdminCurrency(after);
      await audit.write(trx, {
        action: before ? 'currency.save' : 'currency.create',
        objectType: 'currency',
        objectId: view.id,
        before: before ? toAdminCurrency(before) : null,
        after: view,
      });
      return view;
    });
  }
}
