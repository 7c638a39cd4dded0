import { MARKET_TIMEZONE, TRADING_DAY_START_HOUR, type MarketSession } from '@pipwise/shared';

/**
 * Trading hours, in New York time, where the FX day turns at 17:00:
 * - forex: Sunday 17:00 to Friday 17:00, without a daily break;
 * - metals, indices, energy: the same week, closed 17:00–18:00 each day (the futures break);
 * - crypto: always open.
 * Holidays are not modelled; operators can disable an instrument instead.
 */

const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIMEZONE,
  hourCycle: 'h23',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

interface NyClock {
  weekday: number;
  hour: number;
  minute: number;
  second: number;
}

/** The New York wall clock at an instant. */
export function nyClock(ms: number): NyClock {
  const parts: Record<string, string> = {};
  for (const p of nyFormat.formatToParts(ms)) parts[p.type] = p.value;
  return {
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export function isMarketOpen(session: MarketSession, ms: number): boolean {
  if (session === 'crypto') return true;
  const { weekday, hour } = nyClock(ms);
  const dayTurn = TRADING_DAY_START_HOUR;
  // The week: from Sunday's day turn to Friday's.
  if (weekday === 6) return false;
  if (weekday === 5 && hour >= dayTurn) return false;
  if (weekday === 0 && hour < dayTurn) return false;
  if (session === 'forex') return true;
  // Metals, indices and energy pause for an hour at each day turn.
  return hour !== dayTurn;
}

/**
 * Start (epoch ms) of the trading day an instant belongs to: the latest 17:00 New York
 * time at or before it. Daylight-saving changes happen at 02:00 on a weekend night, when
 * markets are shut, so counting wall-clock seconds back is exact for trading hours.
 */
export function tradingDayStart(ms: number): number {
  const { hour, minute, second } = nyClock(ms);
  const sinceTurn = ((hour - TRADING_DAY_START_HOUR + 24) % 24) * 3600 + minute * 60 + second;
  const start = ms - (ms % 1000) - sinceTurn * 1000;
  // Crypto trades through the DST night, where wall-clock counting lands an hour off
  // (16:00 or 18:00); one check puts the 1day candle and the quote's day on 17:00.
  const turnHour = nyClock(start).hour;
  if (turnHour === TRADING_DAY_START_HOUR) return start;
  return start + (turnHour < TRADING_DAY_START_HOUR ? 3_600_000 : -3_600_000);
}
