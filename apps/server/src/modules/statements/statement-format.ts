import {
  microUsd,
  fromMicros,
  LANG_INFO,
  pointsToDecimal,
  type Lang,
  type MicroUsd,
  type Points,
} from '@pipwise/shared';
import type { Translator } from '../../core/i18n.js';
import type { Movement, TradeInfo } from './statement-data.js';

/**
 * How a statement writes its figures, for the PDF and the CSV alike: money exact to the
 * micro-dollar (2 decimals, more only when the ledger holds more), digits always Latin
 * (docs/statements.md "Figures").
 */

/** "1234.5" → "1234.50"; "0.123456" stays: the ledger's exact value, never rounded. */
export function usdText(micros: MicroUsd): string {
  const fixed = fromMicros(micros).toFixed(6);
  return fixed.replace(/(\.\d\d\d*?)0+$/, '$1');
}

const moneyFormats = new Map<Lang, Intl.NumberFormat>();

/** Money with the language's grouping and decimal signs, Latin digits: "1,234.50", "1 234,50". */
export function localUsd(lang: Lang, micros: MicroUsd): string {
  let format = moneyFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(`${LANG_INFO[lang].bcp47}-u-nu-latn`, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
      signDisplay: 'auto',
    });
    moneyFormats.set(lang, format);
  }
  // A decimal string is formatted exactly (Intl.NumberFormat v3), never through a float.
  return format.format(usdText(micros) as `${number}`);
}

/** A price at the instrument's precision. */
export function priceText(value: Points | null, precision: number): string {
  return value === null ? '' : pointsToDecimal(value, precision).toFixed(precision);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in the language and zone, digits Latin ("15/01/2025, 14:03"). */
export function localDateTime(lang: Lang, zone: string, ms: number, withTime = true): string {
  const id = `${lang}|${zone}|${withTime}`;
  let format = dateFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(`${LANG_INFO[lang].bcp47}-u-nu-latn`, {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    dateFormats.set(id, format);
  }
  return format.format(ms);
}

/** "January 2025" in the language. */
export function localMonth(lang: Lang, month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(`${LANG_INFO[lang].bcp47}-u-nu-latn`, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
  }).format(Date.UTC(year, m - 1, 15));
}

/** The trader's side of a trade in the language. */
export function sideText(t: Translator, lang: Lang, side: number): string {
  return t(lang, side === 1 ? 'statement.side_buy' : 'statement.side_sell');
}

/** What a log row is about, in the language: the trade, the deposit, the held amount. */
export function movementDetails(t: Translator, lang: Lang, m: Movement): string {
  const parts: string[] = [];
  if (m.trade) parts.push(tradeLine(t, lang, m.trade, m.kind));
  else if (m.refType === 'deposit' && m.refId !== null)
    parts.push(t(lang, 'statement.ref_deposit', { id: m.refId }));
  else if (m.refType === 'withdrawal' && m.refId !== null)
    parts.push(t(lang, 'statement.ref_withdrawal', { id: m.refId }));
  if (m.kind === 'withdraw_hold' || m.kind === 'withdraw_release')
    parts.push(
      t(lang, m.kind === 'withdraw_hold' ? 'statement.held' : 'statement.released', {
        amount: localUsd(lang, microUsd(Math.abs(m.lockAmount))),
      }),
    );
  if (m.memo) parts.push(m.memo);
  return parts.join(' · ');
}

/** "Order #12 EURUSD Buy 0.10 · opened at 1.10345". */
export function tradeLine(t: Translator, lang: Lang, trade: TradeInfo, kind: string): string {
  const head = `${t(lang, 'statement.ref_order', { id: trade.id })} ${trade.instrument} ${sideText(t, lang, trade.side)} ${trade.lots}`;
  if (kind === 'trade_fee' && trade.openPrice !== null)
    return `${head} · ${t(lang, 'statement.opened_at', { price: priceText(trade.openPrice, trade.precision) })}`;
  if (kind === 'trade_profit' && trade.closePrice !== null)
    return `${head} · ${t(lang, 'statement.closed_at', { price: priceText(trade.closePrice, trade.precision) })}`;
  return head;
}

/** The file's name: `pipwise-statement-<account>-<first day>_<last day>.<ext>`. */
export function statementFileName(account: number, firstDay: string, lastDay: string, ext: string): string {
  return `pipwise-statement-${account}-${firstDay}_${lastDay}.${ext}`;
}
