import {
  ResultCode,
  type AdminFixSource,
  type AdminFixSources,
  type adminSaveFixSourceEndpoint,
  type FixSourceSlot,
} from '@pipwise/shared';
import type { z } from 'zod';
import { AppError } from '../../../core/app-error.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { COMP_ID, CREDENTIAL, describeEndpoint, isFixHost } from '../fix/fix-url.js';
import type { MarketService } from '../market.service.js';
import type { FixSource } from '../sources/fix-source.js';
import type { FixSourceService } from '../sources/fix-source.service.js';

export type FixSourceEdit = z.infer<(typeof adminSaveFixSourceEndpoint)['input']>;

const invalid = (key: string, field: string, vars: Record<string, unknown> = {}) =>
  new AppError(ResultCode.InvalidParams, key, { field, ...vars });

/** What the audit log keeps of a slot: everything but the password (only whether one is set). */
function audited(source: FixSource | undefined): Omit<AdminFixSource, 'updated_at'> | null {
  if (!source) return null;
  const { updated_at: _at, ...rest } = toAdminFixSource(source);
  return rest;
}

export function toAdminFixSource(source: FixSource): AdminFixSource {
  return {
    slot: source.slot,
    host: source.endpoint.host,
    port: source.endpoint.port,
    sender_comp_id: source.endpoint.sender,
    target_comp_id: source.endpoint.target,
    username: source.credentials?.username ?? null,
    has_password: source.credentials !== undefined,
    instruments: source.instruments,
    enabled: source.enabled ? 1 : 0,
    from_env: source.fromEnv,
    updated_at: source.updatedAt,
  };
}

/**
 * The back office's provider connections (docs/market-data.md "Connecting a provider"):
 * every field checked as the FIX session will use it, with a translated refusal naming the
 * field; one audit row per change, without the password; the sessions follow at once
 * (`changed`, heard by the process that runs them).
 */
export class FixSourceAdminService {
  constructor(
    private readonly sources: FixSourceService,
    private readonly market: Pick<MarketService, 'instrumentByCode'>,
    private readonly now: () => number,
  ) {}

  async list(): Promise<AdminFixSources> {
    const { feedEnv, canConnect } = this.sources.reach;
    return {
      sources: (await this.sources.list()).map(toAdminFixSource),
      feed_env: feedEnv,
      can_connect: canConnect,
    };
  }

  async save(edit: FixSourceEdit, audit: AuditScope): Promise<AdminFixSource> {
    const endpoint = {
      host: edit.host,
      port: edit.port,
      sender: edit.sender_comp_id,
      target: edit.target_comp_id,
    };
    if (!isFixHost(endpoint.host)) throw invalid('errors.fix_host_invalid', 'host');
    for (const [field, value] of [
      ['sender_comp_id', endpoint.sender],
      ['target_comp_id', endpoint.target],
    ] as const)
      if (!COMP_ID.test(value)) throw invalid('errors.fix_comp_id_invalid', field);
    if (endpoint.sender === endpoint.target) throw invalid('errors.fix_comp_ids_same', 'target_comp_id');
    for (const field of ['username', 'password'] as const) {
      const value = edit[field];
      if (value !== undefined && !CREDENTIAL.test(value))
        throw invalid('errors.fix_credential_invalid', field);
    }
    const instruments = this.instrumentCodes(edit.slot, edit.instruments);

    const saved = await this.sources.runInTransaction(async (trx) => {
      const before = await this.sources.get(edit.slot, trx);
      const password = edit.password ?? before?.credentials?.password;
      if (edit.username !== undefined && password === undefined)
        throw invalid('errors.fix_password_needed', 'password');
      if (edit.slot === 'md_backup') {
        const primary = await this.sources.get('md_primary', trx);
        if (!primary) throw AppError.rule('errors.fix_backup_needs_primary', { field: 'slot' });
        if (describeEndpoint(primary.endpoint) === describeEndpoint(endpoint))
          throw AppError.rule('errors.fix_backup_same_session', { field: 'host' });
      }
      if (edit.slot === 'md_primary') {
        const backup = await this.sources.get('md_backup', trx);
        if (backup && describeEndpoint(backup.endpoint) === describeEndpoint(endpoint))
          throw AppError.rule('errors.fix_backup_same_session', { field: 'host' });
      }
      const after: FixSource = {
        slot: edit.slot,
        endpoint,
        ...(edit.username !== undefined && password !== undefined
          ? { credentials: { username: edit.username, password } }
          : {}),
        instruments,
        enabled: edit.enabled === 1,
        fromEnv: before?.fromEnv ?? false,
        updatedAt: this.now(),
      };
      await this.sources.put(trx, after);
      await audit.write(trx, {
        action: 'fix_source.save',
        objectType: 'fix_source',
        objectId: edit.slot,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
    this.sources.announce();
    return toAdminFixSource(saved);
  }

  async delete(slot: FixSourceSlot, audit: AuditScope): Promise<{ slot: FixSourceSlot }> {
    await this.sources.runInTransaction(async (trx) => {
      const before = await this.sources.get(slot, trx);
      if (!before) throw AppError.rule('errors.fix_source_not_found', { field: 'slot' });
      if (slot === 'md_primary' && (await this.sources.get('md_backup', trx)))
        throw AppError.rule('errors.fix_primary_has_backup', { field: 'slot' });
      await this.sources.remove(trx, slot);
      await audit.write(trx, {
        action: 'fix_source.delete',
        objectType: 'fix_source',
        objectId: slot,
        before: audited(before),
        after: null,
      });
    });
    this.sources.announce();
    return { slot };
  }

  /** The instruments a market-data slot is limited to, as their codes; none for trading. */
  private instrumentCodes(slot: FixSourceSlot, given: readonly string[]): string[] {
    if (slot === 'trade') {
      if (given.length > 0) throw invalid('errors.fix_trade_instruments', 'instruments');
      return [];
    }
    const codes: string[] = [];
    for (const text of given) {
      const instrument = this.market.instrumentByCode(text);
      if (!instrument) throw invalid('errors.fix_instrument_unknown', 'instruments', { code: text });
      if (codes.includes(instrument.code))
        throw invalid('errors.fix_instrument_twice', 'instruments', { code: instrument.code });
      codes.push(instrument.code);
    }
    return codes;
  }
}
