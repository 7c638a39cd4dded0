import { createContext, useContext } from 'react';
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import type { Period } from '@pipwise/shared';

/**
 * What the chart hands the layers drawn over it (drawings, the positions' and orders' lines,
 * alerts): the chart, its price series (it changes with the chart type: a layer re-attaches
 * when it does), the element the chart is drawn in (for pointer events) and the pair and
 * period shown. Layers are the chart's children (components/candle-chart.tsx).
 */
export interface ChartLayerApi {
  chart: IChartApi;
  series: ISeriesApi<SeriesType>;
  element: HTMLElement;
  pair: { Id: number; Code: string; PricePrecision: number };
  period: Period;
  /**
   * While a layer handles taps itself (placing a drawing, dragging a line) the chart's own
   * tap offer stays away; the returned function gives taps back.
   */
  claimTaps(): () => void;
}

export const ChartLayerContext = createContext<ChartLayerApi | null>(null);

/** The chart a layer is drawn on; null until the chart exists. */
export function useChartLayer(): ChartLayerApi | null {
  return useContext(ChartLayerContext);
}
