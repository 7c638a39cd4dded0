import { instrumentTerms, type InstrumentConditions, type TradingConditions } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import { findAccount } from '../../../core/money/ledger.repository.js';
import { findGroup, leverageCaps, listConditions } from '../../../core/money/trading-groups.repository.js';
import type { MarketService } from '../../market/index.js';
import { conditionOf, groupTermsOf, type GroupTermsReader } from './order-terms.js';

const number = (decimal: string) => Number(decimal);

/**
 * `account/conditions` (docs/trading-groups.md): the trader's group and its terms on every
 * open instrument, resolved by the same shared rule the order path applies.
 */
export class ConditionsService {
  constructor(
    private readonly deps: {
      db: Db;
      market: Pick<MarketService, 'listInstruments'>;
      groups: GroupTermsReader;
      brokerFeeType: () => Promise<number>;
    },
  ) {}

  async of(userId: number): Promise<TradingConditions> {
    const { db, market, groups } = this.deps;
    const account = await findAccount(db, userId);
    const row = account?.group_id == null ? undefined : await findGroup(db, Number(account.group_id));
    if (!row) throw AppError.rule('errors.account_missing');
    const group = groupTermsOf(row);
    const [conditions, caps, levels, brokerFeeType] = await Promise.all([
      listConditions(db, group.id),
      leverageCaps(db),
      groups.levelsOf(group),
      this.deps.brokerFeeType(),
    ]);
    const parsed = conditions.map(conditionOf);
    const instruments: InstrumentConditions[] = market.listInstruments().map((inst) => {
      const terms = instrumentTerms({ group, conditions: parsed, instrument: inst, caps });
      return {
        id: inst.id,
        code: inst.code,
        asset_class: inst.assetClass,
        cap: terms.cap,
        leverages: terms.leverages,
        fee_rate: number(terms.feeRate),
        commission: {
          type: terms.commission.type,
          rate: number(terms.commission.rate),
          min: number(terms.commission.min),
        },
        markup_points: terms.markup,
      };
    });
    return {
      group: {
        name: row.name,
        professional: group.professional ? 1 : 0,
        swap_free: group.swapFree ? 1 : 0,
        trade_fee_type: group.tradeFeeType ?? brokerFeeType,
        margin_call_level: levels.marginCallLevel,
        stop_out_level: levels.stopOutLevel,
      },
      instruments,
    };
  }
}
