// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { mountRoot } from '@/test/react-root';
import { forgetChartPrefs } from '../chart/chart-prefs';
import { ChartSkeleton, TradeSkeleton } from './trade-skeleton';

const view = mountRoot();
afterEach(() => {
  localStorage.clear();
  forgetChartPrefs();
});

const store = (indicators: object[]) =>
  localStorage.setItem('pipwise.chart.guest', JSON.stringify({ type: 'candles', indicators }));

const skeleton = () => view.container.querySelector<HTMLElement>('[data-testid="chart-skeleton"]')!;
const panes = () => view.container.querySelectorAll('[data-testid="chart-skeleton-pane"]').length;

describe('the chart skeleton', () => {
  it('is the chart frame without panes when none are stored', () => {
    view.render(<TradeSkeleton />);
    expect(skeleton().style.blockSize).toBe('270px');
    expect(panes()).toBe(0);
  });

  it("reserves the trader's stored oscillator panes, 76 px each (overlays take none)", () => {
    store([
      { id: 1, kind: 'rsi', params: { period: 14 } },
      { id: 2, kind: 'macd', params: { fast: 12, slow: 26, signal: 9 } },
      { id: 3, kind: 'bb', params: { period: 20, deviation: 2 } },
    ]);
    view.render(<ChartSkeleton />);
    // The chart's own frame with two panes (candle-chart.tsx, chart-size.ts): 270 + 2 × 76.
    expect(skeleton().style.blockSize).toBe('422px');
    expect(skeleton().dataset.panes).toBe('2');
    expect(panes()).toBe(2);
  });

  it('over the chart, takes the frame’s height and still draws the panes', () => {
    store([{ id: 1, kind: 'atr', params: { period: 14 } }]);
    view.render(<ChartSkeleton overlay />);
    expect(skeleton().style.blockSize).toBe('');
    expect(panes()).toBe(1);
  });
});
