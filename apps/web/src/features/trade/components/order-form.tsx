import { type Order, type QuoteLookup, type TradePair } from '@pipwise/shared';
import { Toast } from 'antd-mobile';
import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { formatPrice } from '@/lib/format';
import { stopValue } from '@/lib/decimal-text';
import { formatMoney } from '@/lib/format-money';
import { useSubmitOrder } from '../api/submit-order';
import { affordability, estimateOrder } from '../utils/order-estimate';
import { leverageMissing, needsLeverage, orderProblem } from '../utils/order-input';

import { LeveragePicker } from './leverage-picker';
import { LotsStepper } from './lots-stepper';
import styles from './order-form.module.css';

type Side = 'buy' | 'sell';
type Mode = 'market' | 'pending';

interface Props {
  pair: TradePair;
  bid: number;
  ask: number;
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
  onLoginRequired: () => void;
  onSubmitted: (order: Order) => void;
}

/**
 * The order form (docs/product.md §2, §5): buy or sell, at market or pending at a price, lots on the
 * pair's step, leverage from the pair's list, optional take-profit and stop-loss, and the
 * estimated margin and fee from the shared math. The page remounts it per pair.
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
  const estimate = useMemo(
    () =>
      props.tradeFeeType === undefined
        ? null
        : estimateOrder({
            pair,
            side,
            mode,
            bid,
            ask,
            targetPrice,
            lots,
            leverage,
            tradeFeeType: props.tradeFeeType,
            quotes: props.quotes,
          }),
    // quotes is read at each render: bid/ask of this pair change with every tick anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pair, side, mode, bid, ask, targetPrice, lots, leverage, props.tradeFeeType],
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
              lots,
              leverage,
              tradeFeeType: props.tradeFeeType,
              quotes: props.quotes,
            },
            props.freeMargin,
          ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pair, side, mode, bid, ask, targetPrice, lots, leverage, props.tradeFeeType, props.freeMargin, loggedIn],
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
    const problem = orderProblem(pair, { mode, lots, leverage, targetPrice, takeProfit, stopLoss });
    if (problem) {
      const { key, ...values } = problem;
      Toast.show({ content: t(key, values) });
      return;
    }
    const tp = stopValue(takeProfit);
    const sl = stopValue(stopLoss);
    submit.mutate({
      type: side === 'buy' ? 1 : 2,
      cont: lots.trim(),
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
  const blocked = !marketOpen || noLeverage || paused || short;
  const submitLabel = !marketOpen
    ? t('errors.market_closed')
    : paused
      ? t('connection.trading_paused')
      : t(side === 'buy' ? 'trading.submit_buy' : 'trading.submit_sell', { code });

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
            <span className={`pw-num ${styles.sidePrice}`}>{formatPrice(s === 'buy' ? ask : bid, p)}</span>
          </button>
        ))}
      </div>

      {paused ? (
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
              onClick={() => setLots(afford.maxLots.toString())}
              data-testid="max-lots"
            >
              <bdi>{t('trading.max_lots', { lots: maxLots })}</bdi>
            </button>
          ) : null}
        </span>
        <LotsStepper
          value={lots}
          onChange={setLots}
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

      {/* One line per figure, label at the start and amount at the end: large amounts never collide. */}
      <dl className={styles.estimate} data-testid="order-estimate">
        <div>
          <dt>{t('trading.est_margin')}</dt>
          <dd className={short ? styles.over : undefined}>
            <bdi className="pw-num" data-testid="est-margin">
              {estimate ? formatMoney(estimate.margin.toNumber()) : '--'} {t('common.currency')}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('trading.est_fee')}</dt>
          <dd>
            <bdi className="pw-num" data-testid="est-fee">
              {estimate ? formatMoney(estimate.fee.toNumber()) : '--'} {t('common.currency')}
            </bdi>
          </dd>
        </div>
        {loggedIn && props.freeMargin !== undefined ? (
          <div>
            <dt>{t('mine.free_margin')}</dt>
            <dd>
              <bdi className="pw-num" data-testid="free-margin">
                {formatMoney(props.freeMargin)} {t('common.currency')}
              </bdi>
            </dd>
          </div>
        ) : null}
      </dl>

      {noLeverage ? (
        <p className={styles.notice} role="alert" data-testid="no-leverage">
          <ExclamationCircleFill /> {t('errors.no_leverage')}
        </p>
      ) : null}

      <button
        type="button"
        className={`${styles.submit} ${styles[`submit_${side}`]}`}
        disabled={blocked || submit.isPending}
        aria-describedby={paused ? 'prices-stale' : short ? 'lots-short' : undefined}
        onClick={onSubmit}
        data-testid="order-submit"
      >
        {submitLabel}
      </button>
    </section>
  );
}
