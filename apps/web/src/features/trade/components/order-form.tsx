import {
  type Order,
  type QuoteLookup,
  type TicketAccount,
  type TicketMarket,
  type TradePair,
} from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useMemo, useReducer, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { formatPrice } from '@/lib/format';
import { stopValue } from '@/lib/decimal-text';
import { ticketInstrumentOf } from '@/lib/ticket-account';
import { useSubmitOrder } from '../api/submit-order';
import { affordability, entryPrice } from '../utils/order-estimate';
import { leverageMissing, needsLeverage, orderProblem } from '../utils/order-input';
import { INITIAL_RISK, riskReducer, sizeFromRisk, type RiskAction } from '../utils/risk-sizing';
import { submitGuard, type BlockReason } from '../utils/submit-guard';
import { ticketView } from '../utils/ticket-view';

import { LeveragePicker } from './leverage-picker';
import { LotsStepper } from './lots-stepper';
import { OrderTicket } from './order-ticket';
import { RiskControl } from './risk-control';
import { TicketWarnings } from './ticket-warnings';
import styles from './order-form.module.css';

type Side = 'buy' | 'sell';
type Mode = 'market' | 'pending';

interface Props {
  pair: TradePair;
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
  /** getBasicInfo's `trade_fee_type`, undefined until it is known. */
  tradeFeeType: number | undefined;
  loggedIn: boolean;
  /** The account's free margin, when logged in. */
  freeMargin?: number;
  /** getBasicInfo's stop-out and margin-call levels (%), undefined until known. */
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

/**
 * The order form (docs/product.md §2, §5): buy or sell, at market or pending at a price, lots on the
 * pair's step (typed, or from the risk the trader accepts at the stop-loss), leverage from
 * the pair's list, optional take-profit and stop-loss, and the risk-first ticket — what
 * the order costs and does to the account, from the shared math (docs/money.md "The order
 * ticket") — with the warnings and the reason the submit is disabled. The page remounts it
 * per pair.
 */
export function OrderForm(props: Props) {
  const { pair, bid, ask, marketOpen, loggedIn } = props;
  const { t } = useTranslation();
  const [side, setSide] = useState<Side>('buy');
  const [mode, setMode] = useState<Mode>('market');
  const [lots, setLots] = useState(String(pair.ForexMinCont));
  const [leverage, setLeverage] = useState<number | null>(pair.HasForexMultiple[0]?.Value ?? null);
  const [targetPrice, setTargetPrice] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const submit = useSubmitOrder({
    onSuccess: (order) => {
      // Stops belong to the order just placed; the next one starts without them.
      setTakeProfit('');
      setStopLoss('');
      props.onSubmitted(order);
    },
  });

  const p = pair.PricePrecision;
  const noLeverage = leverageMissing(pair);
  const { quotes, tradeFeeType, levels, account, quotesVersion } = props;
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
  const instrument = useMemo(() => ticketInstrumentOf(pair), [pair]);

  // Lots from risk: while it is on and gives lots, they are the order's lots.
  const [risk, dispatchRisk] = useReducer(riskReducer, INITIAL_RISK);
  const entry = useMemo(
    () =>
      market
        ? entryPrice({
            pair,
            side,
            mode,
            bid,
            ask,
            targetPrice,
            leverage,
            quotes,
            tradeFeeType: market.tradeFeeType,
          })
        : null,
    [market, pair, side, mode, bid, ask, targetPrice, leverage, quotes],
  );
  const sizing = useMemo(
    () => sizeFromRisk({ choice: risk, instrument, side, entry, leverage, stopLoss, account, market }),
    // quotesVersion: the account's equity moves with every instrument's quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [risk, instrument, side, entry, leverage, stopLoss, account, market, quotesVersion],
  );
  const orderLots = sizing.kind === 'sized' ? sizing.lots.toString() : lots;
  const onRisk = (action: RiskAction) => {
    // Switching off keeps the lots it gave: the field does not jump back.
    if (action.type === 'mode' && action.mode === 'off' && sizing.kind === 'sized') setLots(orderLots);
    dispatchRisk(action);
  };
  const typeLots = (next: string) => {
    // Lots typed by hand take over from the risk.
    if (risk.mode !== 'off') dispatchRisk({ type: 'mode', mode: 'off' });
    setLots(next);
  };

  const view = useMemo(
    () =>
      ticketView({
        pair,
        instrument,
        side,
        mode,
        bid,
        ask,
        targetPrice,
        lots: orderLots,
        leverage,
        takeProfit,
        stopLoss,
        market,
        account,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      pair,
      instrument,
      side,
      mode,
      bid,
      ask,
      targetPrice,
      orderLots,
      leverage,
      takeProfit,
      stopLoss,
      market,
      account,
      quotesVersion,
    ],
  );

  // As the trader types: the most lots free margin covers, and whether the lots typed go past it.
  const afford = useMemo(
    () =>
      props.tradeFeeType === undefined || !loggedIn
        ? null
        : affordability(
            {
              pair,
              side,
              mode,
              bid,
              ask,
              targetPrice,
              lots: orderLots,
              leverage,
              tradeFeeType: props.tradeFeeType,
              quotes: props.quotes,
            },
            props.freeMargin,
          ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      pair,
      side,
      mode,
      bid,
      ask,
      targetPrice,
      orderLots,
      leverage,
      props.tradeFeeType,
      props.freeMargin,
      loggedIn,
    ],
  );
  const short = afford?.short === true;
  const maxLots = afford?.maxLots.toString();

  const chooseMode = (next: Mode) => {
    setMode(next);
    // A pending price starts at the current one: the trader nudges it rather than typing it all.
    if (next === 'pending' && targetPrice === '') setTargetPrice((side === 'buy' ? ask : bid).toFixed(p));
  };

  const onSubmit = () => {
    if (!loggedIn) {
      props.onLoginRequired();
      return;
    }
    const problem = orderProblem(pair, {
      mode,
      lots: orderLots,
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
    submit.mutate({
      type: side === 'buy' ? 1 : 2,
      cont: orderLots.trim(),
      forex_id: pair.Id,
      status: mode === 'market' ? 1 : 0,
      target_price: mode === 'pending' ? Number(targetPrice) : undefined,
      target_profit_price: typeof tp === 'number' ? tp : undefined,
      stop_loss_price: typeof sl === 'number' ? sl : undefined,
      multiple: needsLeverage(pair) ? (leverage ?? undefined) : undefined,
    });
  };

  const code = pair.ShowCode || pair.Code;
  const paused = marketOpen && props.pricesStale;
  const guard = submitGuard({ marketOpen, pricesStale: props.pricesStale, noLeverage, short, view, sizing });
  const blocked = guard.blocked;
  const submitLabel = blocked
    ? t(BLOCK_LABEL[blocked])
    : t(side === 'buy' ? 'trading.submit_buy' : 'trading.submit_sell', { code });
  const describedBy = paused
    ? 'prices-stale'
    : short
      ? 'lots-short'
      : blocked && blocked.startsWith('risk_')
        ? 'risk-result'
        : undefined;

  return (
    <section className={styles.form} data-testid="order-form" data-side={side} data-mode={mode}>
      <div className={styles.sides}>
        {(['buy', 'sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={side === s}
            disabled={!marketOpen || paused}
            aria-describedby={paused ? 'prices-stale' : undefined}
            className={`${styles.side} ${styles[s]} ${side === s ? styles.sideActive : ''}`}
            data-testid={`side-${s}`}
            onClick={() => setSide(s)}
          >
            <span className={styles.sideLabel}>{t(s === 'buy' ? 'trading.buy' : 'trading.sell')}</span>
            <span className={`pw-num ${styles.sidePrice}`}>{props.livePrice(s)}</span>
          </button>
        ))}
      </div>

      {guard.warnings.includes('stale') ? (
        <p className={styles.notice} role="status" id="prices-stale" data-testid="prices-stale">
          <ExclamationCircleFill /> {t('connection.prices_stale')}
        </p>
      ) : null}

      <div className={styles.modes} role="tablist">
        {(['market', 'pending'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={`${styles.mode} ${mode === m ? styles.modeActive : ''}`}
            data-testid={`mode-${m}`}
            onClick={() => chooseMode(m)}
          >
            {t(m === 'market' ? 'trading.market_order' : 'trading.pending_order')}
          </button>
        ))}
      </div>

      {mode === 'pending' ? (
        <label className={styles.row}>
          <span className={styles.label}>{t('trading.target_price')}</span>
          <DecimalInput
            className={styles.input}
            value={targetPrice}
            onChange={setTargetPrice}
            decimals={p}
            placeholder={formatPrice(side === 'buy' ? ask : bid, p)}
            label={t('trading.target_price')}
            testId="target-price"
          />
        </label>
      ) : (
        <div className={styles.row}>
          <span className={styles.label}>{t('trading.price')}</span>
          <span className={styles.marketPrice}>{t('trading.market_price')}</span>
        </div>
      )}

      <div className={styles.row}>
        <span className={styles.label}>
          {t('trading.lots')}
          <small className={styles.hint}>
            <bdi>{t('trading.lots_hint', { min: pair.ForexMinCont, step: pair.Pip })}</bdi>
          </small>
          {afford?.maxLots.gt(0) ? (
            <button
              type="button"
              className={styles.maxLots}
              onClick={() => typeLots(afford.maxLots.toString())}
              data-testid="max-lots"
            >
              <bdi>{t('trading.max_lots', { lots: maxLots })}</bdi>
            </button>
          ) : null}
        </span>
        <LotsStepper
          value={orderLots}
          onChange={typeLots}
          step={pair.Pip}
          invalid={short}
          describedBy="lots-short"
        />
      </div>
      {short && afford ? (
        <p
          className={`${styles.notice} ${styles.short}`}
          role="alert"
          id="lots-short"
          data-testid="lots-short"
        >
          <ExclamationCircleFill />
          <span>
            {afford.maxLots.gt(0)
              ? t('trading.not_enough_margin', { lots: maxLots })
              : t('trading.not_enough_margin_min', { min: pair.ForexMinCont })}
          </span>
        </p>
      ) : null}

      {loggedIn ? (
        <RiskControl choice={risk} dispatch={onRisk} sizing={sizing} minLots={pair.ForexMinCont} />
      ) : null}

      {needsLeverage(pair) && !noLeverage ? (
        <div className={styles.row}>
          <span className={styles.label}>{t('trading.leverage')}</span>
          <LeveragePicker
            options={pair.HasForexMultiple.map((m) => m.Value)}
            value={leverage}
            onChange={setLeverage}
          />
        </div>
      ) : null}

      <div className={styles.stops}>
        <label className={styles.stop}>
          <span className={styles.label}>{t('trading.take_profit')}</span>
          <DecimalInput
            className={styles.input}
            value={takeProfit}
            onChange={setTakeProfit}
            decimals={p}
            placeholder={t('trading.optional')}
            label={t('trading.take_profit')}
            testId="take-profit"
          />
        </label>
        <label className={styles.stop}>
          <span className={styles.label}>{t('trading.stop_loss')}</span>
          <DecimalInput
            className={styles.input}
            value={stopLoss}
            onChange={setStopLoss}
            decimals={p}
            placeholder={t('trading.optional')}
            label={t('trading.stop_loss')}
            testId="stop-loss"
          />
        </label>
      </div>

      <OrderTicket
        view={view}
        precision={p}
        market={market}
        freeMargin={loggedIn ? props.freeMargin : undefined}
        short={short}
      />

      {noLeverage ? (
        <p className={styles.notice} role="alert" data-testid="no-leverage">
          <ExclamationCircleFill /> {t('errors.no_leverage')}
        </p>
      ) : null}

      <TicketWarnings
        warnings={guard.warnings.filter((w) => w !== 'stale')}
        view={view}
        market={market}
        side={side}
        precision={p}
      />

      <button
        type="button"
        className={`${styles.submit} ${styles[`submit_${side}`]}`}
        disabled={blocked !== null || submit.isPending}
        aria-describedby={describedBy}
        data-blocked={blocked ?? undefined}
        onClick={onSubmit}
        data-testid="order-submit"
      >
        {submitLabel}
      </button>
    </section>
  );
}
