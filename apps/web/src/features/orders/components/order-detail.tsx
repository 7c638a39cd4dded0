import { OrderStatus, Side, type Dec, type Order } from '@pipwise/shared';
import { BottomSheet, SheetClose, SheetTitle } from '@/components/bottom-sheet';
import { confirmDialog } from '@/components/dialog-focus';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { useLinkStatus } from '@/lib/use-connection-state';
import { formatMoney, trendOf } from '@/lib/format-money';
import { pairSymbol, useInstrumentName } from '@/lib/instrument-name';
import type { PositionRisk } from '@/lib/ticket-account';
import { useDateTime } from '@/lib/use-date-time';
import { useCancelOrder } from '../api/cancel-order';
import { useCloseOrder } from '../api/close-order';
import type { OrderTab } from '../api/get-my-deal';
import type { OrderPricing } from '../utils/close-figures';
import { stopOutText } from '../utils/position-figures';
import { ClosePart } from './close-part';
import { closeReasonKey } from './close-reason';
import { StopsForm } from './stops-form';
import styles from './order-detail.module.css';

interface Props {
  /** The order as the list has it now (live), or undefined when none is open. */
  order: Order | undefined;
  tab: OrderTab;
  /** An open position's stop-out price and money at its stops, live. */
  risk?: PositionRisk | undefined;
  /** The board's instruments and live quotes, for a partial close's lots and estimate. */
  pricing?: OrderPricing | undefined;
  onClose: () => void;
}

/**
 * An order's details (docs/product.md §2): every figure (money to the cent, prices at the pair's
 * precision, times in the trader's zone), TP/SL editing for holding
 * and pending orders, closing a position or part of it (close-part.tsx), cancelling a
 * pending order. Server messages of those calls are toasted by the api client.
 */
export function OrderDetail({ order, tab, risk, pricing, onClose }: Props) {
  return (
    <BottomSheet open={order !== undefined} onClose={onClose} bodyClassName={styles.body}>
      {order ? (
        <DetailBody key={order.Id} order={order} tab={tab} risk={risk} pricing={pricing} onClose={onClose} />
      ) : null}
    </BottomSheet>
  );
}

function DetailBody({
  order,
  tab,
  risk,
  pricing,
  onClose,
}: {
  order: Order;
  tab: OrderTab;
  risk: PositionRisk | undefined;
  pricing: OrderPricing | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Offline the figures are the last ones kept: nothing can be closed or changed.
  const offline = useLinkStatus() === 'offline';
  const when = useDateTime();
  const nameOf = useInstrumentName();
  const buy = order.OrderType === Side.Buy;
  const p = order.ForexTradeLists.PricePrecision;
  const code = pairSymbol(order.ForexTradeLists);
  const name = nameOf(order.ForexTradeLists);
  const holding = order.Status === OrderStatus.Holding;
  const pending = order.Status === OrderStatus.Pending;
  const cancelled = order.Status === OrderStatus.Cancelled;
  const closed = order.Status === OrderStatus.Closed;
  const price = (v: number) => (v > 0 ? formatPrice(v, p) : t('orders.not_set'));
  // Each amount with its unit is one isolated run, so "−50.00 USD" stays whole in Arabic.
  const usd = (v: number, signed = false) => (
    <bdi>
      {formatMoney(v, { signed })} {t('common.currency')}
    </bdi>
  );

  // The confirmation is part of the submission: a double click opens one dialog, sends one call.
  const close = useCloseOrder({
    confirm: () =>
      confirmDialog({
        label: t('orders.close_confirm', { code, lots: order.Quantity }),
        content: t('orders.close_confirm', { code, lots: order.Quantity }),
        confirmText: t('orders.close'),
        cancelText: t('common.cancel'),
      }),
    onSuccess: onClose,
  });
  const cancel = useCancelOrder({
    confirm: () =>
      confirmDialog({
        label: t('orders.cancel_confirm', { code }),
        content: t('orders.cancel_confirm', { code }),
        confirmText: t('orders.cancel'),
        cancelText: t('common.cancel'),
      }),
    onSuccess: onClose,
  });

  /** label, value, test id */
  const rows: [string, ReactNode, string?][] = [
    [t('orders.order_id'), `#${order.Id}`],
    [t('trading.lots'), order.Quantity],
    [t('trading.leverage'), order.Leverage > 0 ? `1:${order.Leverage}` : t('trading.fixed_margin')],
  ];
  if (pending) rows.push([t('orders.target_price'), price(order.Price)]);
  else rows.push([t('orders.open_price'), price(order.OriginPrice)]);
  if (!pending && !cancelled) {
    rows.push(
      [t(holding ? 'orders.current_price' : 'orders.close_price'), price(order.UpdatePrice), 'detail-price'],
      [t('orders.margin'), usd(order.CautionMoney), 'detail-margin'],
    );
  }
  if (holding) {
    // An open position: each stop beside what the position makes or loses there (the same
    // figures the ticket showed before the trade), then its stop-out price.
    const atLevel = (money: Dec | null | undefined) =>
      money ? usd(money.toNumber(), true) : t('orders.not_set');
    rows.push(
      [t('trading.take_profit'), price(order.TargetProfitPrice), 'detail-tp'],
      [t('ticket.at_target'), atLevel(risk?.atTarget), 'detail-at-tp'],
      [t('trading.stop_loss'), price(order.TargetLossPrice), 'detail-sl'],
      [t('ticket.at_stop'), atLevel(risk?.atStop), 'detail-at-sl'],
      [t('ticket.stop_out_price'), stopOutText(risk, p, t('ticket.stop_out_none')), 'detail-stop-out'],
    );
  } else {
    rows.push(
      [t('trading.take_profit'), price(order.TargetProfitPrice), 'detail-tp'],
      [t('trading.stop_loss'), price(order.TargetLossPrice), 'detail-sl'],
    );
  }
  rows.push([
    t(pending || cancelled ? 'orders.placed_at' : 'orders.opened_at'),
    <bdi>{when(order.CreatedAt)}</bdi>,
  ]);
  if (tab === 3) {
    rows.push(
      [t('orders.closed_at'), <bdi>{when(order.CompletedAt)}</bdi>],
      [t('orders.reason_label'), t(closeReasonKey(order.CloseReason)), 'detail-reason'],
    );
    // The part of a position a partial close took names the position it came from.
    if (order.SplitFrom) rows.push([t('orders.split_from'), `#${order.SplitFrom}`, 'detail-split-from']);
  }

  return (
    <div className={styles.detail} data-testid="order-detail" data-id={order.Id}>
      <header className={styles.head}>
        <span className={`${styles.side} ${buy ? styles.buy : styles.sell}`}>
          {t(buy ? 'trading.buy' : 'trading.sell')}
        </span>
        <SheetTitle as="h3" className={styles.title}>
          {code}
          {name ? <small className={styles.name}>{name}</small> : null}
        </SheetTitle>
        <SheetClose className={styles.close} onClick={onClose} testId="order-detail-close" />
      </header>

      {pending || cancelled ? null : (
        <div className={styles.profitBlock}>
          <span className={styles.profitLabel}>
            {t('orders.profit')} ({t('common.currency')})
          </span>
          <span
            className={`pw-num ${styles.profit} ${styles[trendOf(order.FactProfits)]}`}
            data-testid="detail-profit"
          >
            {formatMoney(order.FactProfits, { signed: true })}
          </span>
        </div>
      )}

      <dl className={styles.grid}>
        {rows.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="pw-num" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>

      {holding || closed ? (
        <section className={styles.costs} aria-labelledby="order-costs" data-testid="order-costs">
          <h4 className={styles.sectionTitle} id="order-costs">
            {t('ticket.position.costs')}
          </h4>
          <dl className={styles.costList}>
            <CostRow label={t('ticket.position.spread_open')} testId="detail-spread-open">
              {usd(order.SpreadOpen)}
            </CostRow>
            {closed ? (
              <CostRow label={t('ticket.position.spread_close')} testId="detail-spread-close">
                {usd(order.SpreadClose)}
              </CostRow>
            ) : null}
            <CostRow label={t('orders.fee')} testId="detail-fee">
              {usd(order.TradeFee)}
            </CostRow>
            {/* Charged so far: the open's side, and the close's once closed. */}
            {order.Commission ? (
              <CostRow label={t('orders.commission')} testId="detail-commission">
                {usd(order.Commission)}
              </CostRow>
            ) : null}
            {/* Overnight financing so far, signed: charged (−) or paid (+) at each rollover. */}
            <CostRow label={t('ticket.position.swap')} testId="detail-swap" tone={trendOf(order.Swap)}>
              {order.Swap ? usd(order.Swap, true) : t('ticket.position.swap_none')}
            </CostRow>
            <CostRow label={t('ticket.position.gross')} testId="detail-gross">
              {usd(order.FactProfits, true)}
            </CostRow>
            <CostRow
              label={t('ticket.position.net')}
              testId="detail-net"
              strong
              tone={trendOf(order.NetProfits)}
            >
              {usd(order.NetProfits, true)}
            </CostRow>
          </dl>
          <p className={styles.hint}>{t('ticket.position.costs_hint')}</p>
          {order.Commission ? (
            <p className={styles.hint} data-testid="detail-commission-hint">
              {t(holding ? 'orders.commission_hint_open' : 'orders.commission_hint_closed')}
            </p>
          ) : null}
        </section>
      ) : null}

      {holding || pending ? <StopsForm order={order} paused={offline} /> : null}
      {holding ? (
        <ClosePart
          key={order.Quantity}
          order={order}
          instrument={pricing?.book.get(order.ForexTradeLists.Code)}
          quotes={pricing?.quotes}
          paused={offline}
        />
      ) : null}
      {offline && (holding || pending) ? (
        <p className={styles.hint} role="status" data-testid="detail-offline">
          {t('connection.offline_paused')}
        </p>
      ) : null}

      {holding ? (
        <button
          type="button"
          className={styles.danger}
          onClick={() => void close.submit(order.Id)}
          disabled={close.locked || offline}
          data-testid="close-position"
        >
          {t('orders.close')}
        </button>
      ) : null}
      {pending ? (
        <button
          type="button"
          className={styles.danger}
          onClick={() => void cancel.submit(order.Id)}
          disabled={cancel.locked || offline}
          data-testid="cancel-order"
        >
          {t('orders.cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** One cost line: label at the start, amount at the end. */
function CostRow({
  label,
  testId,
  strong = false,
  tone,
  children,
}: {
  label: string;
  testId: string;
  strong?: boolean;
  /** Colours a signed amount: up (paid to the trader) or down (charged). */
  tone?: 'up' | 'down' | 'flat' | undefined;
  children: ReactNode;
}) {
  return (
    <div className={strong ? styles.costTotal : undefined}>
      <dt>{label}</dt>
      <dd className={`pw-num ${tone ? (styles[tone] ?? '') : ''}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
