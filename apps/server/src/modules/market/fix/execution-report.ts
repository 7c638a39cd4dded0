import type { MsgView } from 'jspurefix';
import { cleanText, isCleanId } from './md-fields.js';
import type { VenueOutcome } from './trade-types.js';

/** OrdStatus (39) values after which nothing more happens to an order. */
const FINAL_STATUSES = new Set(['2', '3', '4', '8', 'C']);

/** OrdRejReason (103), FIX 4.4, as an operator reads it. */
const ORDER_REJECT_REASONS: Readonly<Record<string, string>> = {
  '0': 'broker option',
  '1': 'unknown symbol',
  '2': 'exchange closed',
  '3': 'order exceeds limit',
  '4': 'too late to enter',
  '5': 'unknown order',
  '6': 'duplicate order',
  '11': 'unsupported order characteristic',
  '13': 'incorrect quantity',
  '99': 'other',
};

const QUANTITY = /^\d{1,15}(\.\d{1,12})?$/;
const PRICE = /^\d{1,15}(\.\d{1,12})?$/;

/** One ExecutionReport, read strictly: its order, and the outcome if it is final. */
export interface ReportReading {
  clOrdId: string;
  /** Undefined while the order is still working (new, partly filled, pending). */
  outcome?: VenueOutcome;
}

/**
 * Reads an ExecutionReport (35=8) from its raw fields, as strictly as HTTP input: an
 * unreadable ClOrdID is no report at all (undefined); a final report whose quantities or
 * price are not plain decimals becomes `unknown` — never a fill booked from garbage, and the
 * order is asked about again.
 */
export function readExecutionReport(view: MsgView): ReportReading | undefined {
  const clOrdId = view.getString(11);
  if (!isCleanId(clOrdId)) return undefined;
  const status = view.getString(39) ?? '';
  if (!FINAL_STATUSES.has(status)) return { clOrdId };
  const text = cleanText(view.getString(58));
  const cumQty = view.getString(14) ?? '';
  if (!QUANTITY.test(cumQty))
    return { clOrdId, outcome: { kind: 'unknown', reason: `unreadable CumQty in a final report` } };
  if (Number(cumQty) > 0) {
    const avgPx = view.getString(6) ?? '';
    if (!PRICE.test(avgPx) || !(Number(avgPx) > 0))
      return { clOrdId, outcome: { kind: 'unknown', reason: `unreadable AvgPx in a fill` } };
    const orderId = view.getString(37);
    return {
      clOrdId,
      outcome: {
        kind: 'filled',
        quantity: cumQty,
        avgPrice: avgPx,
        providerOrderId: isCleanId(orderId) ? orderId : '',
      },
    };
  }
  if (status === '8') {
    const code = view.getString(103) ?? '';
    const known = ORDER_REJECT_REASONS[code];
    const head = known ? `${known} (${code})` : 'rejected';
    return { clOrdId, outcome: { kind: 'rejected', reason: text ? `${head}: ${text}` : head } };
  }
  return { clOrdId, outcome: { kind: 'cancelled', reason: text || 'nothing filled' } };
}
