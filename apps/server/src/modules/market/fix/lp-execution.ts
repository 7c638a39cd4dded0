import { Dec } from '@pipwise/shared';
import type { MsgView } from 'jspurefix';
import type { LpSession } from './lp-session.js';
import { cleanText, isCleanId } from './md-fields.js';

/** How the simulated provider fills orders; each can be changed while it runs. */
export interface LpExecutionSettings {
  /** Wait before answering an order, ms. */
  latencyMs: number;
  /** Fills this many points worse than the quote (the limit still binds). */
  slippagePoints: number;
  /** Share of an IOC order filled (0 < r ≤ 1); the rest is cancelled. A FOK below 1 fills nothing. */
  fillRatio: number;
  /** Refuse every order (OrdStatus 8). */
  reject: boolean;
  /** Fill orders but send no report: lost reports, timeouts, fills learned only by asking. */
  withholdReports: boolean;
}

export const DEFAULT_LP_EXECUTION: LpExecutionSettings = {
  latencyMs: 20,
  slippagePoints: 0,
  fillRatio: 1,
  reject: false,
  withholdReports: false,
};

/** A price the simulator quotes a symbol at, in points, with the digits of its price. */
export interface LpPrice {
  bid: number;
  ask: number;
  precision: number;
}

/** A trade the simulator made: what the tests hold the server's books to. */
export interface LpFill {
  clOrdId: string;
  symbol: string;
  side: 1 | 2;
  quantity: string;
  /** Decimal price as sent. */
  price: string;
}

/** The last report of an order, kept to answer a resend of its ClOrdID or a status request. */
interface LpOrder {
  orderId: string;
  symbol: string;
  side: '1' | '2';
  quantity: string;
  status: string;
  cumQty: string;
  avgPx: string;
  text: string;
}

const QUANTITY = /^\d{1,15}(\.\d{1,12})?$/;
const PRICE = /^\d{1,15}(\.\d{1,12})?$/;

/**
 * The LP simulator's dealing side: NewOrderSingle (35=D) limits, IOC or FOK, filled at the
 * current quote (with the configured latency and slippage, partly if asked), refused, or
 * cancelled when the price moved beyond the limit; OrderStatusRequest (35=H) answered from
 * the orders it knows (an unknown ClOrdID is an unknown order). A ClOrdID sent twice is never
 * a second trade: the second gets the first one's report.
 */
export class LpExecution {
  settings: LpExecutionSettings = { ...DEFAULT_LP_EXECUTION };
  readonly fills: LpFill[] = [];
  private readonly orders = new Map<string, LpOrder>();
  private execIds = 0;

  constructor(
    private readonly priceOf: (symbol: string) => LpPrice | undefined,
    private readonly log: (line: string) => void,
    /**
     * Where a report goes: the client's session logged on now, which after a reconnect is not
     * the one the order came on (as a real provider sends reports to the client, not a socket).
     */
    private readonly sessionNow: (origin: LpSession) => LpSession | undefined = (origin) => origin,
  ) {}

  /** NewOrderSingle (35=D). */
  order(session: LpSession, view: MsgView): void {
    const clOrdId = view.getString(11);
    if (!isCleanId(clOrdId)) return this.log('an order without a readable ClOrdID: ignored');
    const known = this.orders.get(clOrdId);
    if (known) {
      this.log(`order ${clOrdId} again: its report is resent, no second trade`);
      return this.send(session, clOrdId, known, 'I');
    }
    const symbol = view.getString(55) ?? '';
    const side = view.getString(54);
    const quantity = view.getString(38) ?? '';
    const limit = view.getString(44) ?? '';
    const tif = view.getString(59);
    const order: LpOrder = {
      orderId: `LP${++this.execIds}`,
      symbol: cleanText(symbol, 32),
      side: side === '2' ? '2' : '1',
      quantity: QUANTITY.test(quantity) ? quantity : '0',
      status: '0',
      cumQty: '0',
      avgPx: '0',
      text: '',
    };
    this.orders.set(clOrdId, order);
    const price = this.priceOf(symbol);
    const refuse = (text: string) => {
      order.status = '8';
      order.text = text;
      this.finish(session, clOrdId, order);
    };
    if (side !== '1' && side !== '2') return refuse('Side must be 1 or 2');
    if (!QUANTITY.test(quantity) || !(Number(quantity) > 0))
      return refuse('OrderQty must be a positive decimal');
    if (!PRICE.test(limit)) return refuse('a limit Price is required');
    if (tif !== '3' && tif !== '4') return refuse('TimeInForce must be IOC (3) or FOK (4)');
    if (!price) return refuse(`unknown symbol ${order.symbol}`);
    if (this.settings.reject) return refuse('no liquidity for this account');

    setTimeout(() => {
      const now = this.priceOf(symbol) ?? price;
      const slip = this.settings.slippagePoints;
      const points = side === '1' ? now.ask + slip : now.bid - slip;
      const fill = Dec(points).div(10 ** now.precision);
      const beyond = side === '1' ? fill.gt(limit) : fill.lt(limit);
      const ratio = this.settings.fillRatio;
      if (beyond || (tif === '4' && ratio < 1)) {
        order.status = '4';
        order.text = beyond ? 'price moved beyond the limit' : 'not enough liquidity to fill all';
        return this.finish(session, clOrdId, order);
      }
      const decimals = Dec(quantity).decimalPlaces();
      const filled = Dec(quantity).times(ratio).toDecimalPlaces(decimals, Dec.ROUND_DOWN);
      if (filled.lte(0)) {
        order.status = '4';
        order.text = 'not enough liquidity';
        return this.finish(session, clOrdId, order);
      }
      order.cumQty = filled.toFixed();
      order.avgPx = fill.toFixed(now.precision);
      order.status = filled.eq(quantity) ? '2' : '4';
      order.text = order.status === '4' ? 'partly filled, the rest cancelled' : '';
      this.fills.push({
        clOrdId,
        symbol: order.symbol,
        side: side === '1' ? 1 : 2,
        quantity: order.cumQty,
        price: order.avgPx,
      });
      this.log(
        `filled ${clOrdId}: ${side === '1' ? 'buy' : 'sell'} ${order.cumQty} ${order.symbol} at ${order.avgPx}`,
      );
      this.finish(session, clOrdId, order);
    }, this.settings.latencyMs).unref();
  }

  /** OrderStatusRequest (35=H): the order's last state, or unknown. */
  status(session: LpSession, view: MsgView): void {
    const clOrdId = view.getString(11);
    if (!isCleanId(clOrdId)) return;
    const known = this.orders.get(clOrdId);
    if (known) return this.send(session, clOrdId, known, 'I');
    this.send(
      session,
      clOrdId,
      {
        orderId: 'NONE',
        symbol: cleanText(view.getString(55), 32),
        side: view.getString(54) === '2' ? '2' : '1',
        quantity: '0',
        status: '8',
        cumQty: '0',
        avgPx: '0',
        text: 'unknown order',
      },
      'I',
      '5',
    );
  }

  private finish(session: LpSession, clOrdId: string, order: LpOrder): void {
    if (this.settings.withholdReports) return this.log(`report of ${clOrdId} withheld`);
    const execType = order.status === '8' ? '8' : order.status === '4' && order.cumQty === '0' ? '4' : 'F';
    this.send(session, clOrdId, order, execType);
  }

  private send(
    origin: LpSession,
    clOrdId: string,
    order: LpOrder,
    execType: string,
    rejReason?: string,
  ): void {
    const session = this.sessionNow(origin);
    if (!session) return this.log(`report of ${clOrdId} not sent: the client is not logged on`);
    const leaves =
      order.status === '0' || order.status === '1' ? Dec(order.quantity).minus(order.cumQty) : Dec(0);
    session.post('8', {
      OrderID: order.orderId,
      ClOrdID: clOrdId,
      ExecID: `E${++this.execIds}`,
      ExecType: execType,
      OrdStatus: order.status,
      ...(rejReason !== undefined ? { OrdRejReason: rejReason } : {}),
      Instrument: { Symbol: order.symbol || 'NONE' },
      Side: order.side,
      OrderQtyData: { OrderQty: order.quantity },
      LeavesQty: leaves.toFixed(),
      CumQty: order.cumQty,
      AvgPx: order.avgPx,
      ...(order.status === '2' || (order.status === '4' && order.cumQty !== '0')
        ? { LastQty: order.cumQty, LastPx: order.avgPx }
        : {}),
      ...(order.text ? { Text: order.text } : {}),
      TransactTime: new Date(),
    });
  }
}
