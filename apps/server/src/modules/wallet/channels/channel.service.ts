import type { CardChannel, CoinChannel, DrawCurrency, Lang, WireOption } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import * as repo from './channel.repository.js';
import type { DepositChannelRow } from './channel.repository.js';

/**
 * What traders can pay in with and withdraw in (docs/api.md "Funds"): operator-configured
 * rows, read as they are. Disabled rows are never shown.
 */
export class ChannelService {
  constructor(private readonly db: Db) {}

  async coinChannels(): Promise<CoinChannel[]> {
    const rows = await repo.listEnabledChannels(this.db, 'coin');
    return rows.map((r) => ({
      id: Number(r.id),
      currency_code: r.currency_code,
      protocol_code: r.protocol_code,
      address: r.address,
      usd_rate: r.usd_rate,
    }));
  }

  /** The coins with their networks, in the channels' order (one entry per coin). */
  async symbols(): Promise<{ currency_code: string; protocol_codes: string[] }[]> {
    const byCoin = new Map<string, string[]>();
    for (const channel of await this.coinChannels()) {
      const protocols = byCoin.get(channel.currency_code) ?? [];
      if (!protocols.includes(channel.protocol_code)) protocols.push(channel.protocol_code);
      byCoin.set(channel.currency_code, protocols);
    }
    return [...byCoin].map(([currency_code, protocol_codes]) => ({ currency_code, protocol_codes }));
  }

  async wireOptions(): Promise<WireOption[]> {
    const rows = await repo.listEnabledChannels(this.db, 'wire');
    return rows.map((r) => ({
      id: Number(r.id),
      bank_name: r.bank_name,
      bank_address: r.bank_address,
      bank_swift: r.bank_swift,
      payee_name: r.payee_name,
      payee_account: r.payee_account,
      bank_remark: r.bank_remark,
      currency_code: r.currency_code,
      usd_rate: r.usd_rate,
    }));
  }

  /** Card channels with their instructions in `lang` (English when that one is missing). */
  async cardChannels(lang: Lang): Promise<CardChannel[]> {
    const rows = await repo.listEnabledChannels(this.db, 'card');
    return rows.map((r) => ({
      id: Number(r.id),
      provider_name: r.provider_name,
      provider_url: r.provider_url,
      instructions: instructionsIn(r, lang),
      currency_code: r.currency_code,
      usd_rate: r.usd_rate,
    }));
  }

  async drawCurrencies(type: number): Promise<DrawCurrency[]> {
    const rows = await repo.listEnabledCurrencies(this.db, type);
    return rows.map((r) => ({
      id: Number(r.id),
      type: Number(r.type),
      code: r.code,
      protocol: r.protocol,
      draw_rate: r.draw_rate,
      fee_type: Number(r.fee_type),
      usd_price: r.usd_price,
      minimum: r.minimum,
      has_channel: Number(r.has_channel) === 1,
    }));
  }
}

/**
 * A card channel's instructions (a JSON object lang → text written by operators) in one
 * language, falling back to English, then to nothing: a broken value never fails the call.
 */
export function instructionsIn(row: Pick<DepositChannelRow, 'instructions'>, lang: Lang): string {
  let texts: unknown;
  try {
    texts = JSON.parse(row.instructions);
  } catch {
    return '';
  }
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return '';
  const table = texts as Record<string, unknown>;
  const text = table[lang] ?? table.en;
  return typeof text === 'string' ? text : '';
}
