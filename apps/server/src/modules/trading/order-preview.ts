import {
  type Dec,
  fromMicros,
  markupHalves,
  points,
  pointsToDecimal,
  pointsToPrice,
  valuedOpenPoints,
  ticketFigures,
  type LevelFigures,
  type OrderPreview,
  type Points,
  type TicketAccount,
  microUsd,
} from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import type { GroupTermsReader } from './groups/order-terms.js';
import type { MarketService } from '../market/index.js';
import { findAccount } from '../../core/money/ledger.repository.js';
import { positionsOf } from './live-mapping.js';
import { listOpenPositions } from './order.repository.js';
import type { AccountService } from './account.service.js';
import type { SubmitInput } from './submit-parser.js';
import { parseSubmit } from './submit-parser.js';
import type { TradeDesk } from './trade-desk.js';
import { ticketInstrument } from './valuation.js';

export interface OrderPreviewDeps {
  db: Db;
  desk: TradeDesk;
  accounts: AccountService;
  market: MarketService;
  groups: GroupTermsReader;
}

/**
 * `forex/preview` (docs/money.md "The order ticket"): what a submit would book and risk
 * now — judged by the same rules as the submit (parseSubmit), priced by the same shared
 * functions the ticket in the app uses, from the stored account and the live quotes.
 */
export class OrderPreviewService {
  constructor(private readonly deps: OrderPreviewDeps) {}

  async preview(userId: number, input: SubmitInput): Promise<OrderPreview> {
    const { desk, market, groups, db } = this.deps;
    const stored = await findAccount(db, userId);
    const groupId = stored?.group_id == null ? null : Number(stored.group_id);
    const terms = await groups.onInstrument(db, groupId, desk.instrument(input.forex_id));
    const parsed = parseSubmit(desk, input, terms);
    const inst = parsed.inst;
    const price = (points: Points | null | undefined) =>
      points === null || points === undefined ? undefined : pointsToPrice(points, inst.precision);
    const [account, levels] = await Promise.all([this.account(userId, stored), groups.levels(db, groupId)]);
    const figures = ticketFigures({
      order: {
        instrument: ticketInstrument(inst, terms),
        side: input.type,
        lots: parsed.order.lots,
        leverage: parsed.order.leverage,
        entry: pointsToPrice(parsed.entry, inst.precision),
        tp: price(parsed.order.tp),
        sl: price(parsed.order.sl),
      },
      account,
      market: {
        quotes: market.quoteLookup,
        tradeFeeType: terms.tradeFeeType,
        stopOutLevel: levels.stopOutLevel,
        marginCallLevel: levels.marginCallLevel,
      },
    });
    // The submit's own affordability rule: free margin now covers margin + fee + commission.
    const now = await this.deps.accounts.figures(userId);
    const level = (l: LevelFigures | null) =>
      l && {
        price: l.price.toNumber(),
        money: l.money.toNumber(),
        points: l.points.toNumber(),
        pips: l.pips?.toNumber() ?? null,
        percent_of_equity: l.percentOfEquity.toNumber(),
      };
    return {
      entry: pointsToPrice(parsed.entry, inst.precision),
      margin: figures.margin.toNumber(),
      fee: figures.fee.toNumber(),
      commission: figures.commission.toNumber(),
      spread_cost: figures.spreadCost.toNumber(),
      swap_per_night: figures.swapPerNight?.toNumber() ?? null,
      free_margin_after: figures.freeMarginAfter.toNumber(),
      margin_level_after: figures.marginLevelAfter?.toNumber() ?? null,
      margin_call_after: figures.marginCallAfter,
      stop_out_price: this.accountBid(figures.stopOutPrice, terms.markup, inst.precision),
      at_stop: level(figures.atStop),
      at_target: level(figures.atTarget),
      reward_to_risk: figures.rewardToRisk?.toNumber() ?? null,
      affordable: now.freeMargin.gte(figures.margin.plus(figures.fee).plus(figures.commission)),
    };
  }

  /**
   * The figures are taken at the board's quotes; the account sees the bid less its group's
   * half of the markup (docs/trading-groups.md "Markup").
   */
  private accountBid(boardBid: Dec | null, markup: number, precision: number): number | null {
    if (boardBid === null) return null;
    return boardBid.minus(pointsToDecimal(points(markupHalves(markup).bid), precision)).toNumber();
  }

  /**
   * The stored account (`row`, read once: its group priced the order too) with its open
   * positions, as the ticket math takes it.
   */
  private async account(
    userId: number,
    row: Awaited<ReturnType<typeof findAccount>>,
  ): Promise<TicketAccount> {
    const rows = await listOpenPositions(this.deps.db, userId);
    const positions = positionsOf(rows).positions.flatMap((p) => {
      const inst = this.deps.market.instrument(p.instrumentId);
      return inst
        ? [
            {
              instrument: ticketInstrument(inst),
              side: p.side,
              lots: p.lots,
              // Shifted by its group markup, so the board's quotes value it as its own would.
              openPrice: pointsToPrice(valuedOpenPoints(p), inst.precision),
              margin: fromMicros(p.margin),
            },
          ]
        : [];
    });
    return {
      balance: fromMicros(row?.balance ?? microUsd(0)),
      held: fromMicros(row?.lock_balance ?? microUsd(0)),
      positions,
    };
  }
}
