import { MARKET_TIMEZONE } from '@pipwise/shared';

const timeFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: MARKET_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * "2026-11-25 17:30:05", New York time like the chart and the trading day (docs/api.md
 * "Trading"): the one format of the times the API shows; empty for no time.
 */
export function formatMarketTime(ms: number | null): string {
  return ms ? timeFormat.format(ms) : '';
}
