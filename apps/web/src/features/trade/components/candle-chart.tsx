import { LANG_INFO, normalizeLang, type Candle, type CandlePush, type Period } from '@pipwise/shared';
import {
  ColorType,
  createChart,
  CrosshairMode,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/lib/format';
import { getLiveSocket } from '@/lib/live';
import { traderTimeZone, useTraderTimeZone } from '@/lib/time-zone';
import { klineQueryOptions, useKline } from '../api/get-kline';
import { tickGuard, type TickGuard } from '../utils/axis-ticks';
import { crosshairLabel, tickLabel } from '../utils/chart-time';
import { ChartLayerContext, type ChartLayerApi } from '../chart/chart-layer';
import { ChartLegend } from '../chart/chart-legend';
import { ChartModel, type ChartCandle } from '../chart/chart-model';
import { CHART_COLORS as COLORS, ChartPainter } from '../chart/chart-painter';
import { paneCount, useChartPrefs } from '../chart/chart-prefs';
import { CHART_FONT_SIZE } from '../chart/chart-size';
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
  /** Layers drawn over the chart (chart/chart-layer.ts): they read the chart from context. */
  children?: ReactNode;
}

/** How long the tapped price's offer stays when nothing is done with it. */
const TAP_OFFER_MS = 6_000;

/** The chart's text size, which also sizes the axis labels (utils/axis-ticks.ts). */
const FONT_SIZE = CHART_FONT_SIZE;

const toCandle = (c: Candle | CandlePush): ChartCandle => ({
  time: c.Time,
  open: c.Open,
  high: c.High,
  low: c.Low,
  close: c.Close,
});

const secondsOf = (time: Time) => (typeof time === 'number' ? time : 0);

/** The layers' claims on the chart's taps (chart/chart-layer.ts `claimTaps`). */
class TapClaims {
  private count = 0;

  /** One claim; the function returned gives it back (once, however often it is called). */
  claim(): () => void {
    this.count += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count -= 1;
    };
  }

  held(): boolean {
    return this.count > 0;
  }
}

/**
 * The price chart of /trade (lightweight-charts 5, only in this route's chunk; docs/chart.md):
 * history from `kline`, then the forming candle from KLINE.<Code>.<period> pushes, drawn as
 * the trader's chart type with their indicators (chart/chart-prefs.ts) and a crosshair
 * legend. Times are labelled in the trader's zone (utils/chart-time.ts).
 */
export function CandleChart({ pair, period, tapAction, children }: Props) {
  const { t, i18n } = useTranslation();
  const [prefs] = useChartPrefs();
  const containerRef = useRef<HTMLDivElement>(null);
  const legendRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  /** The candles, Heikin-Ashi bars and indicator values (chart/chart-model.ts). */
  const [model] = useState(() => new ChartModel());
  const painterRef = useRef<ChartPainter | null>(null);
  const legendWriter = useRef<ChartLegend | null>(null);
  /** The type the chart is created with: later changes swap the series (painter.setType). */
  const typeRef = useRef(prefs.type);
  /** The chart and series as the layers see them, once created. */
  const [drawn, setDrawn] = useState<{
    chart: IChartApi;
    series: ISeriesApi<SeriesType>;
    element: HTMLElement;
  } | null>(null);
  /**
   * How many layers hold the taps now: while any does, a tap offers nothing. A counter of
   * its own, not a ref: the layers get `claimTaps` during render, in their context value.
   */
  const [tapClaims] = useState(() => new TapClaims());
  const claimTaps = useCallback(() => tapClaims.claim(), [tapClaims]);
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
        // The indicators' panes (chart/chart-painter.ts): fixed heights, a quiet line between.
        panes: { separatorColor: COLORS.border, separatorHoverColor: COLORS.border, enableResize: false },
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
    const painter = new ChartPainter(chart, model, typeRef.current);
    // The pushes of a frame drawn (ChartPainter.drawPush): the axis labels and the legend follow.
    painter.onPainted = () => {
      clearAxisLabels();
      legendWriter.current?.changed();
    };
    chartRef.current = chart;
    painterRef.current = painter;
    setDrawn({ chart, series: painter.price, element: el });
    // Scrolling back moves the last price's label to the last bar in view.
    chart.timeScale().subscribeVisibleLogicalRangeChange(clearAxisLabels);
    chart.subscribeClick((param) => {
      // A price is offered for taps on the prices' pane only, not on an oscillator's.
      if (!param.point || tapClaims.held() || (param.paneIndex ?? 0) !== 0) return;
      const price = painter.price.coordinateToPrice(param.point.y);
      setTap(price === null || price <= 0 ? null : { price, chart: chartKeyRef.current });
    });
    chart.subscribeCrosshairMove((param) => {
      legendWriter.current?.crosshair(param.time === undefined ? null : secondsOf(param.time));
    });
    return () => {
      chartRef.current = null;
      painterRef.current = null;
      setDrawn(null);
      painter.dispose();
      chart.remove();
    };
  }, [clearAxisLabels, model, tapClaims]);

  // Another chart type: the price series is swapped, and the layers get the new one.
  useEffect(() => {
    typeRef.current = prefs.type;
    const painter = painterRef.current;
    if (!painter?.setType(prefs.type)) return;
    setDrawn((d) => (d ? { ...d, series: painter.price } : d));
    clearAxisLabels();
  }, [prefs.type, clearAxisLabels]);

  // The indicators: a new or changed one is computed from the history once, here.
  useEffect(() => {
    const painter = painterRef.current;
    if (!painter) return;
    model.setIndicators(prefs.indicators);
    painter.syncIndicators();
  }, [prefs.indicators, model]);

  // Labels follow the period (day candles have no time of day), the language and the zone.
  const zone = useTraderTimeZone();
  useEffect(() => {
    chartRef.current?.applyOptions({
      localization: {
        locale,
        timeFormatter: (time: Time) => crosshairLabel(secondsOf(time), period, locale, zone),
      },
      timeScale: {
        timeVisible: period !== '1day' && period !== '1week',
        secondsVisible: false,
        tickMarkFormatter: (time: Time, tick: number) =>
          tickLabel(secondsOf(time), tick, period, locale, zone),
      },
    });
  }, [period, locale, zone]);

  const series = drawn?.series ?? null;
  useEffect(() => {
    const precision = pair.PricePrecision;
    const minMove = Number((10 ** -precision).toFixed(precision));
    const painter = painterRef.current;
    if (!series || !painter) return;
    const format = (price: number) => formatPrice(price, precision);
    ticksRef.current = tickGuard({
      format,
      coordinateOf: (price) => series.priceToCoordinate(price),
      // The last price's label (chart/chart-painter.ts `lastLabelPrice`) and the tapped one's.
      labelPrices: () => [painter.lastLabelPrice(), tappedRef.current].filter((p): p is number => p !== null),
      fontSize: FONT_SIZE,
    });
    // The axis reads like every other price in the app: grouped, the pair's decimals.
    painter.setPriceFormat({
      type: 'custom',
      minMove,
      formatter: format,
      tickmarksFormatter: ticksRef.current.labels,
    });
  }, [pair.PricePrecision, series]);

  // The tapped price, marked on the chart while its offer shows; another pair or period clears it.
  useEffect(() => {
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
  }, [tapped, series, clearAxisLabels]);

  // History: replaces whatever was drawn (another pair or period), newest bars in view. The
  // indicators are fed it once here (docs/chart.md "The incremental rule").
  useEffect(() => {
    const painter = painterRef.current;
    if (!painter) return;
    model.reset((kline.data ?? []).map(toCandle));
    painter.drawHistory();
    if (model.candles.length > 0) chartRef.current?.timeScale().scrollToRealTime();
    clearAxisLabels();
    legendWriter.current?.changed();
  }, [kline.data, clearAxisLabels, model]);

  // The forming candle, live: one step of each indicator per push, never the history again;
  // the series are drawn at the next animation frame with the latest bar (ChartPainter.drawPush),
  // and nothing here renders React. Candles missed (a jump in `seq`, a reconnect) are fetched again.
  useEffect(
    () =>
      getLiveSocket().subscribe(
        `KLINE.${pair.Code}.${period}`,
        (candle) => {
          const painter = painterRef.current;
          if (!painter) return;
          // A push older than the history just drawn changes nothing: the next one will fit.
          painter.drawPush(model.push(toCandle(candle)));
        },
        {
          onResync: () =>
            queryClient.invalidateQueries({ queryKey: klineQueryOptions(pair.Id, period).queryKey }),
        },
      ),
    [pair.Code, pair.Id, period, queryClient, model],
  );

  // The legend, laid out again for other indicators, decimals, period or language.
  useEffect(() => {
    const root = legendRef.current;
    if (!root || !painterRef.current) return;
    const legend = new ChartLegend(
      root,
      model,
      {
        precision: pair.PricePrecision,
        timeLabel: (seconds) => crosshairLabel(seconds, period, locale, traderTimeZone()),
        marks: {
          open: t('chart_tools.legend.open'),
          high: t('chart_tools.legend.high'),
          low: t('chart_tools.legend.low'),
          close: t('chart_tools.legend.close'),
        },
      },
      {
        row: styles.legendRow!,
        group: styles.legendGroup!,
        mark: styles.legendMark!,
        figure: styles.legendFigure!,
        time: styles.legendTime!,
        label: styles.legendLabel!,
      },
    );
    legendWriter.current = legend;
    return () => {
      legend.dispose();
      legendWriter.current = null;
    };
  }, [prefs.indicators, pair.PricePrecision, period, locale, t, model]);

  const layer = useMemo<ChartLayerApi | null>(
    () =>
      drawn
        ? {
            ...drawn,
            pair: { Id: pair.Id, Code: pair.Code, PricePrecision: pair.PricePrecision },
            period,
            claimTaps,
          }
        : null,
    [drawn, pair.Id, pair.Code, pair.PricePrecision, period, claimTaps],
  );
  const empty = kline.isSuccess && kline.data.length === 0;
  const panes = paneCount(prefs.indicators);
  return (
    <div
      className={styles.wrap}
      // Each oscillator's pane adds its height under the prices (chart/chart-painter.ts).
      style={panes > 0 ? { blockSize: ChartPainter.heightFor(panes) } : undefined}
      data-testid="candle-chart"
      data-period={period}
      data-code={pair.Code}
      data-type={prefs.type}
      data-indicators={prefs.indicators.map((c) => c.kind).join(' ')}
    >
      <div ref={containerRef} className={styles.chart} />
      <div
        ref={legendRef}
        className={styles.legend}
        hidden={tapped !== null || empty}
        data-testid="chart-legend"
      />
      <ChartLayerContext.Provider value={layer}>{layer ? children : null}</ChartLayerContext.Provider>
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
