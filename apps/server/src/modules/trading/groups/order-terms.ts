import {
  COMMISSION_TYPES,
  instrumentTerms,
  NO_COMMISSION,
  type CommissionTerms,
  type GroupCondition,
  type GroupTerms,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import type { SettingsService } from '../../../core/settings/settings.service.js';
import {
  groupWithConditions,
  leverageCaps,
  type GroupConditionRow,
  type TradingGroupRow,
} from '../../../core/money/trading-groups.repository.js';
import type { Instrument } from '../../market/index.js';

/**
 * The terms an order is placed and opened on: the account's trading group applied to the
 * instrument (docs/trading-groups.md). Recorded on the order, so a later change of the group
 * never rewrites an open position's leverage, fee, commission or markup.
 */
export interface OrderTerms {
  /** Null only for an account that has no group (none since groups exist). */
  groupId: number | null;
  /** The leverage choices offered, within the cap. */
  leverages: number[];
  /** The most leverage allowed on the instrument; null: no cap. */
  cap: number | null;
  tradeFeeType: number;
  feeRate: string;
  commission: CommissionTerms;
  swapFree: boolean;
  /** The group's markup in points on top of the instrument's (docs/trading-groups.md "Markup"). */
  markup: number;
}

/** The account's levels (docs/money.md "Stop-out"): the group's, or the broker's settings. */
export interface AccountLevels {
  marginCallLevel: number;
  stopOutLevel: number;
}

/** A stored commission's terms; an unknown type word reads as none (never a throw). */
export function commissionOf(row: {
  commission_type: string | null;
  commission_rate: string | null;
  commission_min: string | null;
}): CommissionTerms | null {
  if (row.commission_type === null) return null;
  const type = COMMISSION_TYPES.find((t) => t === row.commission_type) ?? 'none';
  return { type, rate: row.commission_rate ?? '0', min: row.commission_min ?? '0' };
}

export function groupTermsOf(row: TradingGroupRow): GroupTerms {
  return {
    id: Number(row.id),
    professional: Number(row.professional) === 1,
    swapFree: Number(row.swap_free) === 1,
    tradeFeeType: Number(row.trade_fee_type) === 0 ? null : Number(row.trade_fee_type),
    marginCallLevel: row.margin_call_level,
    stopOutLevel: row.stop_out_level,
    commission: commissionOf(row) ?? NO_COMMISSION,
  };
}

export function conditionOf(row: GroupConditionRow): GroupCondition {
  return {
    categoryId: row.category_id === null ? null : Number(row.category_id),
    instrumentId: row.instrument_id === null ? null : Number(row.instrument_id),
    leverages: row.leverages === null ? null : (JSON.parse(row.leverages) as number[]),
    feeRate: row.fee_rate,
    commission: commissionOf(row),
    markup: row.markup === null ? null : Number(row.markup),
  };
}

/** A group as the order path applies it: its own terms and every condition it sets. */
interface KnownGroup {
  group: GroupTerms;
  conditions: GroupCondition[];
}

/**
 * An account's terms, from the groups, conditions and caps as the database holds them. Every
 * order reads them, and operators change them rarely, so they are kept here once read and
 * dropped whenever they change (docs/trading-groups.md "Terms an order keeps"): `invalidate`
 * on this instance's edits, on the other instances' (the cluster's `groups` message) and when
 * messages between instances were lost. A read goes through the caller's transaction (on
 * SQLite a read beside it would wait for it) and is kept only if nothing changed while it
 * ran, so a read that raced an edit is never kept.
 */
export class GroupTermsReader {
  private readonly groups = new Map<number, KnownGroup | null>();
  private caps: Readonly<Record<string, number>> | null = null;
  /** Bumped by each invalidation: a read that started before it is not kept. */
  private generation = 0;
  /** False while this instance cannot hear the others' changes: every order reads afresh. */
  private keeping = true;

  constructor(private readonly settings: SettingsService) {}

  /** Forgets what was read: the next order reads the database again. */
  invalidate(): void {
    this.generation++;
    this.groups.clear();
    this.caps = null;
  }

  /**
   * Whether reads may be kept: not while the link to the other instances is down (an edit
   * made through another instance would not be heard of), so an order is never priced on
   * terms an operator already changed. Either way, what was kept is forgotten.
   */
  keepReads(keep: boolean): void {
    this.keeping = keep;
    this.invalidate();
  }

  /** The account's terms on one instrument. */
  async onInstrument(db: Db, groupId: number | null, inst: Instrument): Promise<OrderTerms> {
    const generation = this.generation;
    const brokerFeeType = await this.settings.number('trade_fee_type');
    const known = groupId === null ? null : await this.group(db, groupId, generation);
    if (!known)
      return {
        groupId: null,
        leverages: [...inst.leverages],
        cap: null,
        tradeFeeType: brokerFeeType,
        feeRate: inst.feeRate,
        commission: NO_COMMISSION,
        swapFree: false,
        markup: 0,
      };
    const { group, conditions } = known;
    const caps = await this.leverageCaps(db, generation);
    const terms = instrumentTerms({ group, conditions, instrument: inst, caps });
    return {
      groupId: group.id,
      ...terms,
      tradeFeeType: group.tradeFeeType ?? brokerFeeType,
      swapFree: group.swapFree,
    };
  }

  /** The levels of the account's group. */
  async levels(db: Db, groupId: number | null): Promise<AccountLevels> {
    const known = groupId === null ? null : await this.group(db, groupId, this.generation);
    return this.levelsOf(known?.group);
  }

  /** The levels of a group (null levels: the broker's settings). */
  async levelsOf(
    group: Pick<GroupTerms, 'marginCallLevel' | 'stopOutLevel'> | undefined,
  ): Promise<AccountLevels> {
    if (group?.marginCallLevel != null && group.stopOutLevel != null)
      return { marginCallLevel: Number(group.marginCallLevel), stopOutLevel: Number(group.stopOutLevel) };
    return {
      marginCallLevel: await this.settings.number('margin_call_level'),
      stopOutLevel: await this.settings.number('stop_out_level'),
    };
  }

  /**
   * A group and its conditions (null: no such group), kept once read — unless the terms
   * changed since `generation`, when the caller's read began.
   */
  private async group(db: Db, groupId: number, generation: number): Promise<KnownGroup | null> {
    const kept = this.groups.get(groupId);
    if (kept !== undefined) return kept;
    const found = await groupWithConditions(db, groupId);
    const known = found.group
      ? { group: groupTermsOf(found.group), conditions: found.conditions.map(conditionOf) }
      : null;
    if (this.keeping && generation === this.generation) this.groups.set(groupId, known);
    return known;
  }

  /** The retail caps by asset class, kept once read (as `group`). */
  private async leverageCaps(db: Db, generation: number): Promise<Readonly<Record<string, number>>> {
    if (this.caps) return this.caps;
    const caps = await leverageCaps(db);
    if (this.keeping && generation === this.generation) this.caps = caps;
    return caps;
  }
}
