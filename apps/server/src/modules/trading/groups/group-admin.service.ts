import { EventEmitter } from 'node:events';
import {
  ASSET_CLASSES,
  ESMA_RETAIL_CAPS,
  type AccountKind,
  type AdminGroup,
  type AdminGroupCondition,
  type AdminLeverageCap,
  type AssetClass,
  type CommissionType,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { AuditScope } from '../../../core/audit/audit.js';
import { isUniqueViolation } from '../../../core/db/unique-violation.js';
import * as repo from '../../../core/money/trading-groups.repository.js';
import type { GroupConditionRow, TradingGroupRow } from '../../../core/money/trading-groups.repository.js';
import { categoryNames, instrumentLabels, type MarketService } from '../../market/index.js';
import { commissionOf } from './order-terms.js';

/** A group as the back office saves it (the contract's parsed input). */
export interface GroupEdit {
  id?: number | undefined;
  name: string;
  account_kind: AccountKind;
  is_default: 0 | 1;
  professional: 0 | 1;
  swap_free: 0 | 1;
  trade_fee_type: 0 | 1 | 2;
  margin_call_level?: string | undefined;
  stop_out_level?: string | undefined;
  commission_type: CommissionType;
  commission_rate: string;
  commission_min: string;
}

/** A group's condition as the back office saves it. */
export interface ConditionEdit {
  group_id: number;
  category_id?: number | undefined;
  instrument_id?: number | undefined;
  leverages?: number[] | undefined;
  fee_rate?: string | undefined;
  commission_type?: CommissionType | undefined;
  commission_rate?: string | undefined;
  commission_min?: string | undefined;
  markup_points?: number | undefined;
}

function toAdminGroup(row: TradingGroupRow & { accounts: number }): AdminGroup {
  const commission = commissionOf(row);
  return {
    id: Number(row.id),
    name: row.name,
    account_kind: row.account_kind === 'demo' ? 'demo' : 'real',
    is_default: Number(row.is_default),
    professional: Number(row.professional),
    swap_free: Number(row.swap_free),
    trade_fee_type: Number(row.trade_fee_type),
    margin_call_level: row.margin_call_level ?? '',
    stop_out_level: row.stop_out_level ?? '',
    commission_type: commission?.type ?? 'none',
    commission_rate: row.commission_rate,
    commission_min: row.commission_min,
    accounts: row.accounts,
    updated_at: Number(row.updated_at),
  };
}

/** A condition's terms: what the audit log keeps (the target's label is read, not saved). */
type ConditionTerms = Omit<AdminGroupCondition, 'target_code' | 'target_names'>;

function toAdminCondition(row: GroupConditionRow): ConditionTerms {
  const commission = commissionOf(row);
  return {
    id: Number(row.id),
    group_id: Number(row.group_id),
    category_id: row.category_id === null ? null : Number(row.category_id),
    instrument_id: row.instrument_id === null ? null : Number(row.instrument_id),
    leverages: row.leverages === null ? null : (JSON.parse(row.leverages) as number[]),
    fee_rate: row.fee_rate,
    commission_type: commission?.type ?? null,
    commission_rate: commission ? commission.rate : null,
    commission_min: commission ? commission.min : null,
    markup_points: row.markup === null ? null : Number(row.markup),
  };
}

/** What the audit log keeps of a group: the fields operators edit. */
const editable = ({ accounts: _accounts, updated_at: _updated, ...group }: AdminGroup) => group;

/**
 * Trading groups, their conditions and the retail leverage caps as operators edit them
 * (docs/trading-groups.md). Each change is audited in its own transaction; `events` tells
 * the engine here and, through the cluster, on every instance ('changed': the groups'
 * levels to reload). The order path reads the terms from the database, so the next order
 * anywhere is on the new terms.
 */
export class GroupAdminService {
  readonly events = new EventEmitter<{ changed: [] }>();

  constructor(
    private readonly db: Db,
    private readonly market: Pick<MarketService, 'instrument' | 'hasCategory'>,
    private readonly now: () => number,
  ) {}

  async list(): Promise<AdminGroup[]> {
    return (await repo.listGroups(this.db)).map(toAdminGroup);
  }

  async save(edit: GroupEdit, audit: AuditScope): Promise<AdminGroup> {
    const saved = await this.inTransaction(async (trx) => {
      const before = edit.id === undefined ? undefined : await this.group(trx, edit.id);
      const named = await repo.findGroupByName(trx, edit.name);
      if (named && Number(named.id) !== edit.id)
        throw AppError.rule('errors.admin_group_name_taken', { field: 'name' });
      if (before && before.account_kind !== edit.account_kind) {
        // Its accounts are of its kind, and its kind keeps a default.
        if (before.is_default === 1)
          throw AppError.rule('errors.admin_group_default_required', { field: 'is_default' });
        if (before.accounts > 0)
          throw AppError.rule('errors.admin_group_kind_in_use', {
            field: 'account_kind',
            count: before.accounts,
          });
      }
      if (before?.is_default === 1 && edit.is_default === 0)
        throw AppError.rule('errors.admin_group_default_required', { field: 'is_default' });
      if (edit.is_default === 1 && before?.is_default !== 1) await repo.clearDefault(trx, edit.account_kind);
      const now = this.now();
      const values = {
        name: edit.name,
        name_key: edit.name.toLowerCase(),
        account_kind: edit.account_kind,
        is_default: edit.is_default,
        professional: edit.professional,
        swap_free: edit.swap_free,
        trade_fee_type: edit.trade_fee_type,
        margin_call_level: edit.margin_call_level ?? null,
        stop_out_level: edit.stop_out_level ?? null,
        commission_type: edit.commission_type,
        commission_rate: edit.commission_rate,
        commission_min: edit.commission_min,
        updated_at: now,
      };
      const id =
        edit.id === undefined
          ? await repo.insertGroup(trx, { ...values, created_at: now })
          : (await repo.updateGroup(trx, edit.id, values), edit.id);
      const after = await this.group(trx, id);
      await audit.write(trx, {
        action: 'group.save',
        objectType: 'trading_group',
        objectId: id,
        before: before ? editable(before) : null,
        after: editable(after),
      });
      return after;
    });
    this.events.emit('changed');
    return saved;
  }

  async delete(id: number, audit: AuditScope): Promise<{ id: number }> {
    await this.inTransaction(async (trx) => {
      const before = await this.group(trx, id);
      if (before.is_default === 1) throw AppError.rule('errors.admin_group_default_delete', { field: 'id' });
      // Counted again in the transaction: an account moved in meanwhile keeps the group.
      const accounts = await repo.countGroupAccounts(trx, id);
      if (accounts > 0) throw AppError.rule('errors.admin_group_in_use', { field: 'id', count: accounts });
      await repo.deleteGroup(trx, id);
      await audit.write(trx, {
        action: 'group.delete',
        objectType: 'trading_group',
        objectId: id,
        before: editable(before),
        after: null,
      });
    });
    this.events.emit('changed');
    return { id };
  }

  async conditions(groupId: number): Promise<AdminGroupCondition[]> {
    await this.group(this.db, groupId);
    return this.labelled((await repo.listConditions(this.db, groupId)).map(toAdminCondition));
  }

  /** Sets the group's condition for the category or instrument, replacing the one it had. */
  async saveCondition(edit: ConditionEdit, audit: AuditScope): Promise<AdminGroupCondition> {
    const target = { categoryId: edit.category_id ?? null, instrumentId: edit.instrument_id ?? null };
    if (target.instrumentId !== null && !this.market.instrument(target.instrumentId))
      throw AppError.rule('errors.instrument_not_found', { field: 'instrument_id' });
    if (target.categoryId !== null && !this.market.hasCategory(target.categoryId))
      throw AppError.rule('errors.admin_category_not_found', { field: 'category_id' });
    const saved = await this.inTransaction(async (trx) => {
      await this.group(trx, edit.group_id);
      const before = await repo.findConditionFor(trx, edit.group_id, target);
      const commission = edit.commission_type;
      const values = {
        leverages: edit.leverages ? JSON.stringify(edit.leverages) : null,
        fee_rate: edit.fee_rate ?? null,
        commission_type: commission ?? null,
        commission_rate: commission ? (edit.commission_rate ?? '0') : null,
        commission_min: commission ? (edit.commission_min ?? '0') : null,
        markup: edit.markup_points ?? null,
        updated_at: this.now(),
      };
      const id = before
        ? (await repo.updateCondition(trx, Number(before.id), values), Number(before.id))
        : await repo.insertCondition(trx, {
            group_id: edit.group_id,
            category_id: target.categoryId,
            instrument_id: target.instrumentId,
            ...values,
          });
      const after = await repo.findCondition(trx, id);
      if (!after) throw AppError.rule('errors.admin_condition_not_found', { field: 'id' });
      await audit.write(trx, {
        action: 'group.condition',
        objectType: 'trading_group',
        objectId: edit.group_id,
        before: before ? toAdminCondition(before) : null,
        after: toAdminCondition(after),
      });
      return toAdminCondition(after);
    });
    this.events.emit('changed');
    const [labelled] = await this.labelled([saved]);
    return labelled!;
  }

  async deleteCondition(id: number, audit: AuditScope): Promise<{ id: number }> {
    await this.inTransaction(async (trx) => {
      const before = await repo.findCondition(trx, id);
      if (!before) throw AppError.rule('errors.admin_condition_not_found', { field: 'id' });
      await repo.deleteCondition(trx, id);
      await audit.write(trx, {
        action: 'group.condition_delete',
        objectType: 'trading_group',
        objectId: Number(before.group_id),
        before: toAdminCondition(before),
        after: null,
      });
    });
    this.events.emit('changed');
    return { id };
  }

  async caps(): Promise<AdminLeverageCap[]> {
    const caps = await repo.leverageCaps(this.db);
    return ASSET_CLASSES.map((c) => ({
      asset_class: c,
      cap: caps[c] ?? ESMA_RETAIL_CAPS[c],
      esma: ESMA_RETAIL_CAPS[c],
    }));
  }

  async saveCap(assetClass: AssetClass, cap: number, audit: AuditScope): Promise<AdminLeverageCap> {
    await this.inTransaction(async (trx) => {
      const before = (await repo.leverageCaps(trx))[assetClass] ?? ESMA_RETAIL_CAPS[assetClass];
      await repo.setLeverageCap(trx, assetClass, cap, this.now());
      await audit.write(trx, {
        action: 'leverage_cap.save',
        objectType: 'leverage_cap',
        objectId: ASSET_CLASSES.indexOf(assetClass) + 1,
        before: { asset_class: assetClass, cap: before },
        after: { asset_class: assetClass, cap },
      });
    });
    this.events.emit('changed');
    return { asset_class: assetClass, cap, esma: ESMA_RETAIL_CAPS[assetClass] };
  }

  /**
   * The conditions with their targets' labels, read from the market module's face (its
   * tables are its own): the instrument's display code, the category's names. A target
   * gone reads as null, and the back office shows its id.
   */
  private async labelled(conditions: ConditionTerms[]): Promise<AdminGroupCondition[]> {
    const [labelOf, namesOf] = await Promise.all([
      instrumentLabels(
        this.db,
        conditions.flatMap((c) => (c.instrument_id === null ? [] : [c.instrument_id])),
      ),
      categoryNames(
        this.db,
        conditions.flatMap((c) => (c.category_id === null ? [] : [c.category_id])),
      ),
    ]);
    return conditions.map((c) => ({
      ...c,
      target_code: c.instrument_id === null ? null : labelOf(c.instrument_id).showCode || null,
      target_names: c.category_id === null ? null : (namesOf(c.category_id) ?? null),
    }));
  }

  private async group(db: Db, id: number): Promise<AdminGroup> {
    const row = await repo.findGroup(db, id);
    if (!row) throw AppError.rule('errors.admin_group_not_found', { field: 'id' });
    return toAdminGroup({ ...row, accounts: await repo.countGroupAccounts(db, id) });
  }

  /** One transaction; a concurrent save that took the same name or default reads as a conflict, not a 500. */
  private async inTransaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute(work);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.rule('errors.admin_group_conflict');
      throw err;
    }
  }
}
