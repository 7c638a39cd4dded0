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
  findGroup,
  groupOnInstrument,
  leverageCaps,
  type GroupConditionRow,
  type TradingGroupRow,
} from '../../../core/money/trading-groups.repository.js';
import type { Instrument } from '../../market/index.js';

/**
 * The terms an order is placed and opened on: the account's trading group applied to the
 * instrument (docs/trading-groups.md). Recorded on the order, so a later change of the group
 * never rewrites an open position's leverage, fee or commission.
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
  };
}

/** Reads an account's terms from the database, in the caller's transaction. */
export class GroupTermsReader {
  constructor(private readonly settings: SettingsService) {}

  /** The account's terms on one instrument (three small reads). */
  async onInstrument(db: Db, groupId: number | null, inst: Instrument): Promise<OrderTerms> {
    const brokerFeeType = await this.settings.number('trade_fee_type');
    const found = groupId === null ? undefined : await groupOnInstrument(db, groupId, inst);
    if (!found?.group)
      return {
        groupId: null,
        leverages: [...inst.leverages],
        cap: null,
        tradeFeeType: brokerFeeType,
        feeRate: inst.feeRate,
        commission: NO_COMMISSION,
        swapFree: false,
      };
    const group = groupTermsOf(found.group);
    const terms = instrumentTerms({
      group,
      conditions: found.conditions.map(conditionOf),
      instrument: inst,
      caps: await leverageCaps(db),
    });
    return {
      groupId: group.id,
      ...terms,
      tradeFeeType: group.tradeFeeType ?? brokerFeeType,
      swapFree: group.swapFree,
    };
  }

  /** The levels of the account's group, read in the caller's transaction. */
  async levels(db: Db, groupId: number | null): Promise<AccountLevels> {
    const group = groupId === null ? undefined : await findGroup(db, groupId);
    return this.levelsOf(group && groupTermsOf(group));
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
}
