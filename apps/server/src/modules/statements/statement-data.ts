import { microUsd, points, type MicroUsd, type Points } from '@pipwise/shared';
import type { Db } from '../../core/db/database.js';
import { balanceBefore, pageLogsBetween, sumLogsByKind } from '../../core/money/ledger.repository.js';
import type { MarketService } from '../market/index.js';
import { pageOrdersTradedBetween, userOrdersByIds, type OrderRow } from '../trading/index.js';
import type { StatementPeriod } from './statement-period.js';

/**
 * What a statement says, read from the account log (the source of truth for money) and the
 * orders (what a trade was): a summary from SQL sums over the whole period, and the rows a
 * page at a time (docs/statements.md).
 */

/** The summary's lines, in the order the statement shows them. */
export const SUMMARY_LINES = [
  'deposit',
  'withdrawal',
  'trade_profit',
  'trade_loss',
  'trade_fee',
  'commission',
  'swap',
  'adjustment',
  'negative_balance_reset',
  'demo',
] as const;
export type SummaryLine = (typeof SUMMARY_LINES)[number];

/** Lines shown even at zero; the others only when something happened. */
export const ALWAYS_SHOWN: ReadonlySet<SummaryLine> = new Set([
  'deposit',
  'withdrawal',
  'trade_profit',
  'trade_loss',
  'trade_fee',
]);

export interface StatementSummary {
  opening: MicroUsd;
  closing: MicroUsd;
  /** Signed totals; opening + Σ lines = closing, exactly. */
  lines: Record<SummaryLine, MicroUsd>;
  /** How many log rows the period holds (the PDF lists at most PDF_MAX_ROWS of them). */
  rowCount: number;
}

/** A trade as the statement names it. */
export interface TradeInfo {
  id: number;
  instrument: string;
  precision: number;
  side: number;
  lots: string;
  openPrice: Points | null;
  closePrice: Points | null;
  openedAt: number | null;
  closedAt: number | null;
  profit: MicroUsd;
  fee: MicroUsd;
  /** Overnight financing so far, signed (docs/money.md "Overnight financing (swap)"). */
  swap: MicroUsd;
  status: number;
}

/** One row of the account log in the period. */
export interface Movement {
  id: number;
  at: number;
  kind: string;
  amount: MicroUsd;
  balanceAfter: MicroUsd;
  lockAmount: MicroUsd;
  refType: string | null;
  refId: number | null;
  memo: string | null;
  trade: TradeInfo | null;
}

/** The summary line a log row counts in (hold and release move no balance: none). */
function lineOf(kind: string, credit: boolean): SummaryLine | null {
  switch (kind) {
    case 'deposit':
    case 'adjustment':
    case 'negative_balance_reset':
    case 'trade_fee':
    case 'commission':
    case 'swap':
      return kind;
    case 'withdraw_paid':
      return 'withdrawal';
    case 'trade_profit':
      return credit ? 'trade_profit' : 'trade_loss';
    case 'demo_credit':
    case 'demo_reset':
      return 'demo';
    default:
      return null;
  }
}

const PAGE = 500;

export class StatementData {
  constructor(private readonly deps: { db: Db; market: MarketService }) {}

  async summary(userId: number, period: StatementPeriod): Promise<StatementSummary> {
    const { db } = this.deps;
    const [opening, sums] = await Promise.all([
      balanceBefore(db, userId, period.from),
      sumLogsByKind(db, userId, period.from, period.to),
    ]);
    const lines = Object.fromEntries(SUMMARY_LINES.map((l) => [l, 0])) as Record<SummaryLine, number>;
    let rowCount = 0;
    for (const sum of sums) {
      rowCount += sum.count;
      for (const [amount, credit] of [
        [sum.credit, true],
        [sum.debit, false],
      ] as const) {
        if (amount === 0) continue;
        const line = lineOf(sum.kind, credit);
        // A kind that moves the balance but has no line would break the reconciliation.
        if (line === null) throw new Error(`statement: no summary line for ${sum.kind}`);
        lines[line] += amount;
      }
    }
    const moved = SUMMARY_LINES.reduce((total, l) => total + lines[l], 0);
    return {
      opening,
      closing: microUsd(opening + moved),
      lines: lines as Record<SummaryLine, MicroUsd>,
      rowCount,
    };
  }

  /** The period's log rows, oldest first, each with its trade when it belongs to one. */
  async *movements(userId: number, period: StatementPeriod, limit = Infinity): AsyncGenerator<Movement> {
    let afterId = 0;
    let given = 0;
    while (given < limit) {
      const rows = await pageLogsBetween(
        this.deps.db,
        userId,
        period,
        afterId,
        Math.min(PAGE, limit - given),
      );
      if (rows.length === 0) return;
      const orderIds = rows
        .filter((r) => r.ref_type === 'order' && r.ref_id !== null)
        .map((r) => Number(r.ref_id));
      const trades = new Map(
        (await userOrdersByIds(this.deps.db, userId, orderIds)).map((o) => [Number(o.id), this.tradeOf(o)]),
      );
      for (const r of rows) {
        given += 1;
        yield {
          id: Number(r.id),
          at: Number(r.created_at),
          kind: r.type,
          amount: microUsd(Number(r.amount)),
          balanceAfter: microUsd(Number(r.balance_after)),
          lockAmount: microUsd(Number(r.lock_amount)),
          refType: r.ref_type,
          refId: r.ref_id === null ? null : Number(r.ref_id),
          memo: r.memo,
          trade: r.ref_type === 'order' ? (trades.get(Number(r.ref_id)) ?? null) : null,
        };
      }
      afterId = Number(rows[rows.length - 1]!.id);
      if (rows.length < PAGE) return;
    }
  }

  /** Orders that opened or closed in the period, by id. */
  async *trades(userId: number, period: StatementPeriod, limit = Infinity): AsyncGenerator<TradeInfo> {
    let afterId = 0;
    let given = 0;
    while (given < limit) {
      const rows = await pageOrdersTradedBetween(
        this.deps.db,
        userId,
        period,
        afterId,
        Math.min(PAGE, limit - given),
      );
      if (rows.length === 0) return;
      for (const row of rows) {
        given += 1;
        yield this.tradeOf(row);
      }
      afterId = Number(rows[rows.length - 1]!.id);
      if (rows.length < PAGE) return;
    }
  }

  /** One of the user's orders as a trade, or null when it is not theirs. */
  async tradeInfo(userId: number, orderId: number): Promise<TradeInfo | null> {
    const [row] = await userOrdersByIds(this.deps.db, userId, [orderId]);
    return row ? this.tradeOf(row) : null;
  }

  private tradeOf(o: OrderRow): TradeInfo {
    const inst = this.deps.market.instrument(o.instrument_id);
    return {
      id: Number(o.id),
      instrument: inst?.showCode ?? `#${o.instrument_id}`,
      precision: inst?.precision ?? 5,
      side: o.side,
      lots: String(o.lots),
      openPrice: o.open_price === null ? null : points(Number(o.open_price)),
      closePrice: o.close_price === null ? null : points(Number(o.close_price)),
      openedAt: o.opened_at === null ? null : Number(o.opened_at),
      closedAt: o.closed_at === null ? null : Number(o.closed_at),
      profit: microUsd(Number(o.profit)),
      fee: microUsd(Number(o.fee)),
      swap: microUsd(Number(o.swap)),
      status: o.status,
    };
  }
}
