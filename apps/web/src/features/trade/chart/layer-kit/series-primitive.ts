import type {
  DataChangedScope,
  IChartApi,
  ISeriesApi,
  SeriesAttachedParameter,
  SeriesType,
  Time,
} from 'lightweight-charts';

/**
 * What every layer drawn on the price series keeps while it is attached (docs/chart.md
 * "Drawings", "Trading from the chart"): the chart, the series, the library's redraw request, and a call each time the
 * series' data changes (new bars: what was measured against the old ones is measured again).
 */
export abstract class SeriesPrimitiveBase {
  protected chart: IChartApi | null = null;
  protected series: ISeriesApi<SeriesType> | null = null;
  protected requestUpdate: (() => void) | null = null;

  attached({ chart, series, requestUpdate }: SeriesAttachedParameter<Time>): void {
    this.chart = chart;
    this.series = series;
    this.requestUpdate = requestUpdate;
    series.subscribeDataChanged(this.dataChanged);
  }

  detached(): void {
    this.series?.unsubscribeDataChanged(this.dataChanged);
    this.chart = null;
    this.series = null;
    this.requestUpdate = null;
  }

  /**
   * The series' bars changed: `update` when a push changed the last bar or appended one
   * (every bar before it is as it was), `full` when the bars were replaced.
   */
  protected abstract onDataChanged(scope: DataChangedScope): void;

  private readonly dataChanged = (scope: DataChangedScope) => this.onDataChanged(scope);
}
