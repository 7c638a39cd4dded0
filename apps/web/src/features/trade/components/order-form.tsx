import {
  type Order,
  type QuoteLookup,
  type TicketAccount,
  type TicketMarket,
  type TradePair,
} from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { memo, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { stopValue, trailingValue } from '@/lib/decimal-text';
import { ticketInstrumentOf } from '@/lib/ticket-account';
import { BOARD_TERMS, chargesCommission, type TicketTerms } from '@/lib/ticket-conditions';
import { useStableCallback } from '@/lib/use-stable-callback';
import { useSubmitOrder } from '../api/submit-order';
import { affordability, entryPrice, type PricingInput } from '../utils/order-estimate';
import { leverageMissing, needsLeverage, orderProblem } from '../utils/order-input';
import {
  INITIAL_RISK,
  riskReducer,
  sizeFromRisk,
  type RiskAction,
  type RiskSizing,
} from '../utils/risk-sizing';
import { sideOrder } from '../utils/side-order';
import { submitGuard, type BlockReason } from '../utils/submit-guard';
import { ticketView } from '../utils/ticket-view';
import { useOneTap } from '../store/one-tap';

import { LeveragePicker } from './leverage-picker';
import { BoltIcon } from './bolt-icon';
import { LotsField } from './lots-field';
import { ModeTabs } from './mode-tabs';
import { OneTapToggle } from './one-tap-switch';
import { OrderTicket } from './order-ticket';
import { PriceField } from './price-field';
import { RiskControl } from './risk-control';
import { SideButtons } from './side-buttons';
import { StopFields } from './stop-fields';
import { TicketWarnings } from './ticket-warnings';
import styles from './order-form.module.css';
import oneTapStyles from './one-tap.module.css';

type Side = 'buy' | 'sell';
type Mode = 'market' | 'pending';

interface Props {
  /**
   * The pair as this account trades it: with the group's leverage choices and fee rate
   * once the account's conditions are in (lib/ticket-conditions.ts `ticketConditionsOf`).
   */
  pair: TradePair;
  /** The rest of the account's terms on it: commission, swap-free, the cap that cut the leverage. */
  terms?: TicketTerms | undefined;
  /**
   * The bid and ask the ticket's figures are priced at. They follow the quotes clock
   * (`quotesVersion`), not every tick: a tick redraws the prices on the buttons
   * (`livePrice`), not the form (docs/benchmarks.md "Live rendering").
   */
  bid: number;
  ask: number;
  /** The live price a side's button shows (buy: the ask, sell: the bid), a leaf of its own. */
  livePrice: (side: Side) => ReactNode;
  /** MarketStatus 1: buy and sell are disabled otherwise (docs/product.md §5). */
  marketOpen: boolean;
  /**
   * The market is open but no new quote arrived lately (markets' usePricesStale): buying
   * and selling pause, with the reason, until a fresh quote comes.
   */
  pricesStale: boolean;
  /** The live quotes, for the estimate's currency conversion. */
  quotes: QuoteLookup;
  /** The account's `trade_fee_type` (its group's, else getBasicInfo's), undefined until it is known. */
  tradeFeeType: number | undefined;
  loggedIn: boolean;
  /** The account's free margin, when logged in. */
  freeMargin?: number;
  /** The account's stop-out and margin-call levels (%), its group's else getBasicInfo's; undefined until known. */
  levels?: Pick<TicketMarket, 'stopOutLevel' | 'marginCallLevel'> | undefined;
  /**
   * The account with every open position (lib/ticket-account.ts), for the ticket's account
   * figures; null for a guest or while it loads.
   */
  account: TicketAccount | null;
  /** Moves when a quote the ticket reads moves (markets' useQuotesVersion). */
  quotesVersion: number;
  onLoginRequired: () => void;
  onSubmitted: (order: Order) => void;
}

/** The submit's label when it is disabled: the reason, in a few words. */
const BLOCK_LABEL = {
  market_closed: 'errors.market_closed',
  paused: 'connection.trading_paused',
  no_leverage: 'ticket.blocked.no_leverage',
  short: 'ticket.blocked.short',
  stops: 'ticket.blocked.stops',
  risk_stop: 'ticket.blocked.risk_stop',
  risk_amount: 'ticket.blocked.risk_amount',
  risk_min: 'ticket.blocked.risk_min',
  risk_margin: 'ticket.blocked.short',
  risk_wait: 'ticket.blocked.risk_wait',
} as const satisfies Record<BlockReason, string>;

const RISK_OFF: RiskSizing = { kind: 'off' };

/**
 * The order form (docs/product.md §2, §5): buy or sell, at market or pending at a price, lots on the
 * pair's step (typed, or from the risk the trader accepts at the stop-loss), leverage from
 * the pair's list, optional take-profit and stop-loss, and the risk-first ticket — what
 * the order costs and does to the account, from the shared math (docs/money.md "The order
 * ticket") — with the warnings and the reason the submit is disabled. The page remounts it
 * per pair.
 *
 * With one-tap trading on (docs/money.md "One-tap trading"), at market, Buy and Sell each
 * send their order at the first tap — through the same submission gate as the submit, so a
 * double tap is still one order — and the submit's place says so.
 */
export function OrderForm(props: Props) {
  const { pair, bid, ask, marketOpen, loggedIn } = props;
  const { t } = useTranslation();
  const [side, setSide] = useState<Side>('buy');
  const [mode, setMode] = useState<Mode>('market');
  const [lots, setLots] = useState(String(pair.ForexMinCont));
  const [picked, setLeverage] = useState<number | null>(pair.HasForexMultiple[0]?.Value ?? null);
  const [targetPrice, setTargetPrice] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [trailing, setTrailing] = useState('');
  const oneTap = useOneTap().on && loggedIn;
  const instant = oneTap && mode === 'market';
  const submit = useSubmitOrder({
    onSuccess: (order) => {
      // Stops belong to the order just placed; the next one starts without them.
      setTakeProfit('');
      setStopLoss('');
      setTrailing('');
      props.onSubmitted(order);
    },
  });

  const p = pair.PricePrecision;
  const noLeverage = leverageMissing(pair);
  const { quotes, tradeFeeType, levels, account, quotesVersion, freeMargin } = props;
  const market = useMemo<TicketMarket | null>(
    () =>
      tradeFeeType === undefined || !levels
        ? null
        : {
            quotes,
            tradeFeeType,
            stopOutLevel: levels.stopOutLevel,
            marginCallLevel: levels.marginCallLevel,
          },
    [quotes, tradeFeeType, levels],
  );
  const { commission, swapFree, leverageCap } = props.terms ?? BOARD_TERMS;
  const instrument = useMemo(
    () => ticketInstrumentOf(pair, { commission, swapFree }),
    [pair, commission, swapFree],
  );
  const leverageOptions = useMemo(() => pair.HasForexMultiple.map((m) => m.Value), [pair]);
  // The choice stands while the account is offered it; when the choices change (the
  // account's conditions came in), the first one offered.
  const leverage =
    picked !== null && leverageOptions.includes(picked) ? picked : (leverageOptions[0] ?? null);

  // What prices the order, built once: its entry price, its ticket and what free margin
  // allows all derive from it (the lots are added where they are needed: risk sizes them
  // from the entry price).
  const pricing = useMemo<(PricingInput & { pair: TradePair }) | null>(
    () =>
      tradeFeeType === undefined
        ? null
        : {
            pair,
            side,
            mode,
            bid,
            ask,
            targetPrice,
            leverage,
            quotes,
            tradeFeeType,
            commission: instrument.commission,
          },
    [pair, side, mode, bid, ask, targetPrice, leverage, quotes, tradeFeeType, instrument.commission],
  );
  const entry = useMemo(() => (market && pricing ? entryPrice(pricing) : null), [market, pricing]);

  // Lots from risk: while it is on and gives lots, they are the order's lots.
  const [risk, dispatchRisk] = useReducer(riskReducer, INITIAL_RISK);
  const sizing = useMemo(
    () =>
      // Off keeps one answer, so the risk control is not re-rendered by the quotes clock.
      risk.mode === 'off'
        ? RISK_OFF
        : sizeFromRisk({ choice: risk, instrument, side, entry, leverage, stopLoss, account, market }),
    // quotesVersion: the account's equity moves with every instrument's quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [risk, instrument, side, entry, leverage, stopLoss, account, market, quotesVersion],
  );
  const orderLots = sizing.kind === 'sized' ? sizing.lots.toString() : lots;

  const view = useMemo(
    () =>
      market && pricing
        ? ticketView({ ...pricing, instrument, lots: orderLots, takeProfit, stopLoss, market, account })
        : null,
    // quotesVersion: the account's figures move with every instrument's quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pricing, instrument, orderLots, takeProfit, stopLoss, market, account, quotesVersion],
  );
  // As the trader types: the most lots free margin covers, and whether the lots typed go past it.
  const afford = useMemo(
    () => (pricing && loggedIn ? affordability({ ...pricing, lots: orderLots }, freeMargin) : null),
    [pricing, orderLots, loggedIn, freeMargin],
  );
  const short = afford?.short === true;
  const maxLots = afford?.maxLots.gt(0) ? afford.maxLots.toString() : null;

  // The handlers below keep their identity from render to render, so the memoised parts of
  // the form (buttons, fields, risk control) skip the quotes clock's renders
  // (docs/benchmarks.md "Live rendering").
  const onRisk = useStableCallback((action: RiskAction) => {
    // Switching off keeps the lots it gave: the field does not jump back.
    if (action.type === 'mode' && action.mode === 'off' && sizing.kind === 'sized') setLots(orderLots);
    dispatchRisk(action);
  });
  const typeLots = useStableCallback((next: string) => {
    // Lots typed by hand take over from the risk.
    if (risk.mode !== 'off') dispatchRisk({ type: 'mode', mode: 'off' });
    setLots(next);
  });
  const chooseMode = useStableCallback((next: Mode) => {
    setMode(next);
    // A pending price starts at the current one: the trader nudges it rather than typing it all.
    if (next === 'pending' && targetPrice === '') setTargetPrice((side === 'buy' ? ask : bid).toFixed(p));
  });

  /** Sends the order of `orderSide` with `withLots`, once the fields pass the form's checks. */
  const send = (orderSide: Side, withLots: string) => {
    const problem = orderProblem(pair, {
      mode,
      lots: withLots,
      leverage,
      targetPrice,
      takeProfit,
      stopLoss,
    });
    if (problem) {
      const { key, ...values } = problem;
      Toast.show({ content: t(key, values) });
      return;
    }
    const tp = stopValue(takeProfit);
    const sl = stopValue(stopLoss);
    const trailingPoints = trailingValue(trailing);
    if (trailingPoints === 'invalid') {
      Toast.show({ content: t('trading.trailing_invalid') });
      return;
    }
    void submit.submit({
      type: orderSide === 'buy' ? 1 : 2,
      cont: withLots.trim(),
      forex_id: pair.Id,
      status: mode === 'market' ? 1 : 0,
      target_price: mode === 'pending' ? Number(targetPrice) : undefined,
      target_profit_price: typeof tp === 'number' ? tp : undefined,
      stop_loss_price: typeof sl === 'number' ? sl : undefined,
      trailing_points: trailingPoints,
      multiple: needsLeverage(pair) ? (leverage ?? undefined) : undefined,
    });
  };

  const onSubmit = useStableCallback(() => {
    if (!loggedIn) {
      props.onLoginRequired();
      return;
    }
    send(side, orderLots);
  });

  /**
   * One-tap: the side tapped becomes the ticket's and its order goes at once — priced for
   * that side now (utils/side-order.ts); a reason it cannot go is said instead, and the
   * ticket then shows that side's figures and warnings.
   */
  const onOneTap = useStableCallback((tapped: Side) => {
    if (!loggedIn) {
      props.onLoginRequired();
      return;
    }
    // A tap while the last order is on its way is the gate's to drop (one order per tap).
    if (submit.locked) return;
    setSide(tapped);
    const order = sideOrder(
      {
        pricing,
        market,
        instrument,
        lots,
        risk,
        takeProfit,
        stopLoss,
        account,
        freeMargin,
        loggedIn,
        marketOpen,
        pricesStale: props.pricesStale,
        noLeverage,
      },
      tapped,
    );
    if (order.blocked) {
      Toast.show({ content: t(BLOCK_LABEL[order.blocked]) });
      return;
    }
    send(tapped, order.lots);
  });
  // One element from render to render: the memoised tabs keep skipping the quotes clock.
  const oneTapToggle = useMemo(() => (loggedIn ? <OneTapToggle /> : null), [loggedIn]);

  const paused = marketOpen && props.pricesStale;
  const guard = submitGuard({ marketOpen, pricesStale: props.pricesStale, noLeverage, short, view, sizing });
  const blocked = guard.blocked;
  const ticketWarnings = guard.warnings.filter((w) => w !== 'stale');
  const describedBy = paused
    ? 'prices-stale'
    : short
      ? 'lots-short'
      : blocked && blocked.startsWith('risk_')
        ? 'risk-result'
        : undefined;

  return (
    <section className={styles.form} data-testid="order-form" data-side={side} data-mode={mode}>
      <SideButtons
        side={side}
        onSide={instant ? onOneTap : setSide}
        disabled={!marketOpen || paused || (instant && noLeverage)}
        paused={paused}
        livePrice={props.livePrice}
        instant={instant}
        sending={instant && submit.locked}
      />

      {guard.warnings.includes('stale') ? (
        <p className={styles.notice} role="status" id="prices-stale" data-testid="prices-stale">
          <ExclamationCircleFill /> {t('connection.prices_stale')}
        </p>
      ) : null}

      <ModeTabs mode={mode} onMode={chooseMode}>
        {oneTapToggle}
      </ModeTabs>

      <PriceField
        mode={mode}
        targetPrice={targetPrice}
        onTargetPrice={setTargetPrice}
        decimals={p}
        // Only a pending price shows it: at market the row keeps still while the quotes move.
        placeholder={mode === 'pending' ? formatPrice(side === 'buy' ? ask : bid, p) : ''}
      />

      <LotsField
        lots={orderLots}
        onLots={typeLots}
        step={pair.Pip}
        min={pair.ForexMinCont}
        maxLots={maxLots}
        short={short}
      />

      {loggedIn ? (
        <RiskControl choice={risk} dispatch={onRisk} sizing={sizing} minLots={pair.ForexMinCont} />
      ) : null}

      {needsLeverage(pair) && !noLeverage ? (
        <LeveragePicker options={leverageOptions} value={leverage} onChange={setLeverage} cap={leverageCap} />
      ) : null}

      <StopFields
        takeProfit={takeProfit}
        stopLoss={stopLoss}
        onTakeProfit={setTakeProfit}
        onStopLoss={setStopLoss}
        trailing={trailing}
        onTrailing={setTrailing}
        decimals={p}
      />

      <OrderTicket
        view={view}
        precision={p}
        market={market}
        freeMargin={loggedIn ? freeMargin : undefined}
        short={short}
        swap={instrument.swap}
        commission={chargesCommission(instrument.commission)}
      />

      {noLeverage ? (
        <p className={styles.notice} role="alert" data-testid="no-leverage">
          <ExclamationCircleFill /> {t('errors.no_leverage')}
        </p>
      ) : null}

      {ticketWarnings.length > 0 ? (
        <TicketWarnings warnings={ticketWarnings} view={view} market={market} side={side} precision={p} />
      ) : null}

      {instant ? (
        <OneTapLine blocked={blocked} />
      ) : (
        <SubmitButton
          side={side}
          code={pair.ShowCode || pair.Code}
          blocked={blocked}
          pending={submit.locked}
          describedBy={describedBy}
          onSubmit={onSubmit}
        />
      )}
    </section>
  );
}

/** The submit: "Buy BTCUSD", or, while disabled, the reason in a few words. */
const SubmitButton = memo(function SubmitButton({
  side,
  code,
  blocked,
  pending,
  describedBy,
  onSubmit,
}: {
  side: Side;
  code: string;
  blocked: BlockReason | null;
  pending: boolean;
  describedBy: string | undefined;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`${styles.submit} ${styles[`submit_${side}`]}`}
      disabled={blocked !== null || pending}
      aria-describedby={describedBy}
      data-blocked={blocked ?? undefined}
      onClick={onSubmit}
      data-testid="order-submit"
    >
      {blocked
        ? t(BLOCK_LABEL[blocked])
        : t(side === 'buy' ? 'trading.submit_buy' : 'trading.submit_sell', { code })}
    </button>
  );
});

/**
 * One-tap on, at market: where the submit was, the line that says Buy and Sell send at once
 * — or, while the ticket's side cannot be sent, why (the submit's own words).
 */
const OneTapLine = memo(function OneTapLine({ blocked }: { blocked: BlockReason | null }) {
  const { t } = useTranslation();
  return (
    <p
      id="one-tap-hint"
      className={`${oneTapStyles.hint} ${blocked ? oneTapStyles.blocked : ''}`}
      data-testid="one-tap-hint"
      data-blocked={blocked ?? undefined}
    >
      {blocked ? null : <BoltIcon />}
      <span>{blocked ? t(BLOCK_LABEL[blocked]) : t('one_tap.hint_on')}</span>
    </p>
  );
});
