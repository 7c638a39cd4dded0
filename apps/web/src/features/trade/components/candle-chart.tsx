import { LANG_INFO, normalizeLang, type Candle, type CandlePush, type Period } from '@pipwise/shared';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  LineStyle,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { getLiveSocket } from '@/lib/live';
import { traderTimeZone } from '@/lib/time-zone';
import { klineQueryOptions, useKline } from '../api/get-kline';
import { tickGuard, type TickGuard } from '../utils/axis-ticks';
import { crosshairLabel, tickLabel } from '../utils/chart-time';
import { ChartSkeleton } from './trade-skeleton';
import styles from './candle-chart.module.css';

interface Props {
  pair: { Id: number; Code: string; PricePrecision: number };
  period: Period;
  /**
   * What a tap on the chart offers at the price tapped (a price alert there), shown over the
   * chart with the price marked; `dismiss` takes it away. None: a tap only moves the crosshair.
   */
  tapAction?: (price: number, dismiss: () => void) => ReactNode;
}

/** How long the tapped price's offer stays when nothing is done with it. */
const TAP_OFFER_MS = 6_000;

/** The chart's text size, which also sizes the axis labels (utils/axis-ticks.ts). */
const FONT_SIZE = 11;

// The canvas cannot read CSS variables: the design tokens of styles/global.css, as values.
const COLORS = {
  text: '#9aa4b5',
  grid: 'rgba(31, 39, 55, 0.7)',
  border: '#1f2737',
  up: '#18c787',
  down: '#f6465d',
  crosshair: '#697386',
  label: '#182031',
};

const toBar = (c: Candle | CandlePush): CandlestickData<Time> => ({
  time: c.Time as UTCTimestamp,
  open: c.Open,
  high: c.High,
  low: c.Low,
  close: c.Close,
});

const secondsOf = (time: Time) => (typeof time === 'number' ? time : 0);

/**
 * The candlestick chart of /trade (lightweight-charts 5, only in this route's chunk):
 * history from `kline`, then the forming candle from KLINE.<Code>.<period> pushes. Times
 * are labelled in the trader's zone (utils/chart-time.ts).
 */
export function CandleChart({ pair, period, tapAction }: Props) {
  const { t, i18n } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  /** Time of the newest bar drawn: older pushes are dropped (update() refuses them). */
  const lastTime = useRef(0);
  const kline = useKline(pair.Id, period);
  const queryClient = useQueryClient();
  const locale = LANG_INFO[normalizeLang(i18n.language)].bcp47;
  /** The price last tapped, and on which chart (pair and period): another one offers nothing. */
  const [tap, setTap] = useState<{ price: number; chart: string } | null>(null);
  const chartKey = `${pair.Id}:${period}`;
  const tapped =
    tapAction && tap && tap.chart === chartKey ? Number(tap.price.toFixed(pair.PricePrecision)) : null;
  const chartKeyRef = useRef(chartKey);
  useEffect(() => {
    chartKeyRef.current = chartKey;
  }, [chartKey]);
  /** The price axis's ticks, minus those the axis labels cover (utils/axis-ticks.ts). */
  const ticksRef = useRef<TickGuard | null>(null);
  const tappedRef = useRef<number | null>(null);
  /** Lays the price axis out again when its labels moved onto or off a tick. */
  const clearAxisLabels = useCallback(() => {
    if (ticksRef.current?.stale()) chartRef.current?.priceScale('right').applyOptions({});
  }, []);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: COLORS.text,
        fontSize: FONT_SIZE,
        fontFamily: getComputedStyle(el).fontFamily,
      },
      grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
      rightPriceScale: { borderColor: COLORS.border, scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { borderColor: COLORS.border, rightOffset: 4, barSpacing: 7, minBarSpacing: 2 },
      crosshair: {
        mode: CrosshairMode.Normal,
        vertLine: { color: COLORS.crosshair, labelBackgroundColor: COLORS.label },
        horzLine: { color: COLORS.crosshair, labelBackgroundColor: COLORS.label },
      },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: COLORS.up,
      downColor: COLORS.down,
      wickUpColor: COLORS.up,
      wickDownColor: COLORS.down,
      borderVisible: false,
    });
    chartRef.current = chart;
    seriesRef.current = series;
    // Scrolling back moves the last price's label to the last bar in view.
    chart.timeScale().subscribeVisibleLogicalRangeChange(clearAxisLabels);
    chart.subscribeClick((param) => {
      if (!param.point) return;
      const price = series.coordinateToPrice(param.point.y);
      setTap(price === null || price <= 0 ? null : { price, chart: chartKeyRef.current });
    });
    return () => {
      chartRef.current = null;
      seriesRef.current = null;
      chart.remove();
    };
  }, [clearAxisLabels]);

  // Labels follow the period (day candles have no time of day), the language and the zone.
  useEffect(() => {
    const zone = traderTimeZone();
    chartRef.current?.applyOptions({
      localization: {
        locale,
        timeFormatter: (time: Time) => crosshairLabel(secondsOf(time), period, locale, zone),
      },
      timeScale: {
        timeVisible: period !== '1day',
        secondsVisible: false,
        tickMarkFormatter: (time: Time, tick: number) =>
          tickLabel(secondsOf(time), tick, period, locale, zone),
      },
    });
  }, [period, locale]);

  useEffect(() => {
    const precision = pair.PricePrecision;
    const minMove = Number((10 ** -precision).toFixed(precision));
    const series = seriesRef.current;
    if (!series) return;
    const format = (price: number) => formatPrice(price, precision);
    ticksRef.current = tickGuard({
      format,
      coordinateOf: (price) => series.priceToCoordinate(price),
      // The last price's label (of the last bar in view, as the library draws it) and the tapped one's.
      labelPrices: () => {
        const last = series.lastValueData(false);
        return [last.noData ? null : last.price, tappedRef.current].filter((p): p is number => p !== null);
      },
      fontSize: FONT_SIZE,
    });
    // The axis reads like every other price in the app: grouped, the pair's decimals.
    series.applyOptions({
      priceFormat: {
        type: 'custom',
        minMove,
        formatter: format,
        tickmarksFormatter: ticksRef.current.labels,
      },
    });
  }, [pair.PricePrecision]);

  // The tapped price, marked on the chart while its offer shows; another pair or period clears it.
  useEffect(() => {
    const series = seriesRef.current;
    tappedRef.current = tapped;
    clearAxisLabels();
    if (tapped === null || !series) return;
    const line = series.createPriceLine({
      price: tapped,
      color: COLORS.crosshair,
      lineStyle: LineStyle.Dashed,
      lineWidth: 1,
      axisLabelVisible: true,
    });
    const timer = setTimeout(() => setTap(null), TAP_OFFER_MS);
    return () => {
      clearTimeout(timer);
      series.removePriceLine(line);
    };
  }, [tapped, clearAxisLabels]);

  // History: replaces whatever was drawn (another pair or period), newest bars in view.
  useEffect(() => {
    const series = seriesRef.current;
    if (!series) return;
    const bars = (kline.data ?? []).map(toBar);
    series.setData(bars);
    lastTime.current = bars.length > 0 ? secondsOf(bars[bars.length - 1]!.time) : 0;
    if (bars.length > 0) chartRef.current?.timeScale().scrollToRealTime();
    clearAxisLabels();
  }, [kline.data, clearAxisLabels]);

  // The forming candle, live; candles missed (a jump in `seq`, a reconnect) are fetched again.
  useEffect(
    () =>
      getLiveSocket().subscribe(
        `KLINE.${pair.Code}.${period}`,
        (candle) => {
          const series = seriesRef.current;
          if (!series || candle.Time < lastTime.current) return;
          try {
            series.update(toBar(candle));
            lastTime.current = candle.Time;
            clearAxisLabels();
          } catch {
            // A push older than the history just drawn: the next one will fit.
          }
        },
        {
          onResync: () =>
            queryClient.invalidateQueries({ queryKey: klineQueryOptions(pair.Id, period).queryKey }),
        },
      ),
    [pair.Code, pair.Id, period, queryClient, clearAxisLabels],
  );

  const empty = kline.isSuccess && kline.data.length === 0;
  return (
    <div className={styles.wrap} data-testid="candle-chart" data-period={period} data-code={pair.Code}>
      <div ref={containerRef} className={styles.chart} />
      {tapped !== null && tapAction ? (
        <div className={styles.tapOffer} data-testid="chart-tap-offer" data-price={tapped}>
          {tapAction(tapped, () => setTap(null))}
        </div>
      ) : null}
      {kline.isPending ? (
        <div className={styles.overlay} aria-busy="true">
          <ChartSkeleton overlay />
        </div>
      ) : kline.isError && !kline.data ? (
        <div className={styles.overlay}>
          <span>{t('trading.chart_failed')}</span>
          <button type="button" className={styles.retry} onClick={() => void kline.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : empty ? (
        <div className={styles.overlay}>{t('trading.chart_empty')}</div>
      ) : null}
    </div>
  );
}
