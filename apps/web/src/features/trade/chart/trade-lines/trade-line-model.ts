import { OrderStatus, type Order, type PriceAlert } from '@pipwise/shared';

/**
 * The trader's orders and alerts on the chart (docs/chart.md "Trading from the chart"): one
 * price line each for an open position's entry, a pending order's price, every take-profit
 * and stop-loss, and each armed price alert of the pair. Pure: the screen hands in its lists
 * and its translate function.
 */
export type TradeLineKind = 'entry' | 'pending' | 'tp' | 'sl' | 'alert';

export interface TradeLine {
  /** Unique on the chart: `order:<id>:<kind>` or `alert:<id>`. */
  key: string;
  kind: TradeLineKind;
  /** The order it belongs to; null for an alert. */
  order: Order | null;
  price: number;
  /** The short tag: "Buy 0.10", "TP", "SL"; empty for an alert (a bell is drawn). */
  label: string;
  /** 1 buy, 2 sell; null for an alert. */
  side: 1 | 2 | null;
  /**
   * Whether dragging it changes something: a take-profit or a stop-loss (set_stop_price), a
   * pending order's price (set_pending_price). Not an entry (it happened), nor a stop-loss a
   * trailing stop moves.
   */
  draggable: boolean;
}

type LineKey = `chart_lines.${'' | 'pending_'}${'buy' | 'sell'}` | 'chart_lines.tp' | 'chart_lines.sl';
type Translate = (key: LineKey, values?: { lots: string }) => string;

/** Lots as a tag shows them: at least two decimals ("0.10", "1.25", "0.015"). */
export function lotsText(lots: number): string {
  const decimals = String(lots).split('.')[1]?.length ?? 0;
  return lots.toFixed(Math.max(2, Math.min(decimals, 8)));
}

export function tradeLinesOf({
  forexId,
  orders,
  alerts,
  t,
}: {
  forexId: number;
  /** Open positions and pending orders (other pairs' are left out here). */
  orders: readonly Order[];
  alerts: readonly PriceAlert[];
  t: Translate;
}): TradeLine[] {
  const lines: TradeLine[] = [];
  const seen = new Set<number>();
  for (const order of orders) {
    if (order.ForexId !== forexId || seen.has(order.Id)) continue;
    const holding = order.Status === OrderStatus.Holding;
    if (!holding && order.Status !== OrderStatus.Pending) continue;
    seen.add(order.Id);
    const side = order.OrderType;
    const lots = lotsText(order.Quantity);
    const buy = side === 1;
    const entry = holding ? order.OriginPrice : order.Price;
    if (entry > 0) {
      lines.push({
        key: `order:${order.Id}:${holding ? 'entry' : 'pending'}`,
        kind: holding ? 'entry' : 'pending',
        order,
        price: entry,
        label: t(`chart_lines.${holding ? '' : 'pending_'}${buy ? 'buy' : 'sell'}`, { lots }),
        side,
        draggable: !holding,
      });
    }
    if (order.TargetProfitPrice > 0) {
      lines.push({
        key: `order:${order.Id}:tp`,
        kind: 'tp',
        order,
        price: order.TargetProfitPrice,
        label: t('chart_lines.tp'),
        side,
        draggable: true,
      });
    }
    if (order.TargetLossPrice > 0) {
      lines.push({
        key: `order:${order.Id}:sl`,
        kind: 'sl',
        order,
        price: order.TargetLossPrice,
        label: t('chart_lines.sl'),
        side,
        draggable: !(holding && order.TrailingPoints > 0),
      });
    }
  }
  for (const alert of alerts) {
    if (alert.forex_id !== forexId || alert.kind !== 'price' || alert.fired_at !== 0 || alert.price <= 0)
      continue;
    lines.push({
      key: `alert:${alert.id}`,
      kind: 'alert',
      order: null,
      price: alert.price,
      label: '',
      side: null,
      draggable: false,
    });
  }
  return lines;
}
