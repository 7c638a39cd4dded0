/**
 * The chart's frame (docs/chart.md "Panes"), without the chart library, so the loading
 * skeleton can reserve the same height: the prices keep the height the chart had before
 * panes (270 px with the time axis below), and each oscillator's pane under them adds a
 * small fixed height, so the prices stay readable on a phone however many panes there are.
 */
export const CHART_HEIGHT = 270;
export const PANE_HEIGHT = 76;
/** The prices' share of the frame without panes (the rest is the time axis). */
export const PRICE_PANE_HEIGHT = 244;

/** The chart's height with `panes` oscillator panes. */
export const chartHeight = (panes: number): number => CHART_HEIGHT + PANE_HEIGHT * panes;

/** The chart's text size, which also sizes the axis labels (utils/axis-ticks.ts). */
export const CHART_FONT_SIZE = 11;
