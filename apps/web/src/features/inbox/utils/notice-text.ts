import { MOVE_WINDOWS, type Notice } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isolate } from '@/lib/bidi';
import { formatPrice } from '@/lib/format';
import { formatMoney } from '@/lib/format-money';

/**
 * A notice as one sentence in the reader's language (docs/api.md "Price alerts and the
 * inbox": the server sends the kind and its fields, the app writes the sentence). The key
 * is chosen by the kind and its direction, side, reason or status (`inbox.price_alert_above`,
 * `inbox.position_closed_tp`, `inbox.deposit_credited` …); every figure is an isolated
 * left-to-right run (lib/bidi.ts), prices grouped like the board's, USD amounts to the cent
 * with the sign on a profit. A notice this app cannot read says "New notification".
 *
 * A margin warning or a stop-out receipt lists several things, one line each (LINE).
 * Keys are looked up by name, and one the texts do not have (yet) falls back rather than
 * showing its key: the server may write kinds, reasons or statuses newer than this app.
 */

/** The fields of a notice as the server wrote them: read defensively, never trusted blindly. */
type Fields = Record<string, unknown>;
type Vars = Record<string, string | number>;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** A price as the pair's decimal text ("47250.0") shown as the board shows it ("47,250.0"). */
function priceFigure(value: unknown): string {
  const raw = text(value).trim();
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n)) return isolate(raw || '--');
  return isolate(formatPrice(n, (raw.split('.')[1] ?? '').length));
}

function moneyFigure(value: unknown, signed = false): string {
  const raw = text(value).trim();
  const n = Number(raw);
  return isolate(raw === '' || !Number.isFinite(n) ? '--' : formatMoney(n, { signed }));
}

/** A margin level ("85.20", or a warning level 150) as its figure; the sentence adds the "%". */
function levelFigure(value: unknown): string {
  const raw = text(value).trim();
  const n = Number(raw);
  if (raw === '' || !Number.isFinite(n)) return isolate('--');
  return isolate(Number.isInteger(n) && !raw.includes('.') ? String(n) : formatMoney(n));
}

/** Text in a sentence that is not a figure (a symbol, a currency, a remark): first-strong isolated. */
const words = (value: string) => `\u2068${value}\u2069`;

/** Between the lines of a notice that lists several things (a receipt): shown as line breaks. */
export const LINE = '\n';

/** The first line of a notice: what a toast says. */
export const headlineOf = (sentence: string): string => sentence.split(LINE)[0] ?? sentence;

/** Where an empty remark stood: removed with the separator before it ("…rejected: " → "…rejected"). */
const NOTE_SLOT = '\u0000';

function withNote(sentence: string, note: string): string {
  if (note) return sentence.replace(NOTE_SLOT, () => words(note));
  return sentence.replace(new RegExp(`[\\s:：،;；\\-–—]*${NOTE_SLOT}`), '').trim();
}

/** `key` translated, or null when the texts have no such key. */
function known(t: TFunction, key: string, vars?: Vars): string | null {
  const translate = t as unknown as (key: string, options?: Vars) => string;
  const out = translate(key, vars);
  return out && out !== key ? out : null;
}

const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | null =>
  options.includes(value as T) ? (value as T) : null;

const sideOf = (value: unknown) => (value === 1 ? 'buy' : value === 2 ? 'sell' : null);

/** The label of a kind's switch (`inbox.kind_<kind>`); a kind without one yet: its nearest text. */
export function noticeKindLabel(t: TFunction, kind: string): string {
  return (
    known(t, `inbox.kind_${kind}`) ??
    (kind === 'stop_out'
      ? t('orders.reason.stop_out')
      : kind === 'margin_warning'
        ? t('mine.margin_level')
        : kind)
  );
}

export function noticeText(
  t: TFunction,
  notice: Pick<Notice, 'kind' | 'data'>,
  /** The pair's symbol from its code (EURUSD → EUR/USD); the code itself by default. */
  symbolOf: (code: string) => string = (code) => code,
): string {
  const data: Fields = notice.data ?? {};
  const symbol = (fields: Fields) => words(symbolOf(text(fields.code)) || text(fields.code));
  const note = text(data.note).trim();
  const fallback = t('inbox.new_notice');
  switch (notice.kind) {
    case 'price_alert': {
      if (data.kind === 'move') {
        const way = oneOf(data.direction, ['up', 'down'] as const);
        const window = oneOf(data.window, MOVE_WINDOWS);
        if (!way || !window) return fallback;
        return t(`inbox.price_move_${way}`, {
          code: symbol(data),
          percent: isolate(text(data.percent)),
          within: t(`alerts.within_${window}`),
          fired_price: priceFigure(data.fired_price),
        });
      }
      const direction = oneOf(data.direction, ['above', 'below'] as const);
      if (!direction) return fallback;
      return t(`inbox.price_alert_${direction}`, {
        code: symbol(data),
        price: priceFigure(data.price),
        fired_price: priceFigure(data.fired_price),
      });
    }
    case 'order_filled': {
      const side = sideOf(data.side);
      if (!side) return fallback;
      return t(`inbox.order_filled_${side}`, {
        code: symbol(data),
        lots: isolate(text(data.lots)),
        price: priceFigure(data.price),
      });
    }
    case 'position_closed':
      return closedText(t, data, symbol) ?? fallback;
    case 'margin_warning':
      return marginWarningText(t, data, symbol);
    case 'stop_out':
      return stopOutText(t, data, symbol);
    case 'deposit': {
      const status = oneOf(data.status, ['credited', 'rejected'] as const);
      if (!status) return fallback;
      const vars = {
        number: isolate(text(data.number)),
        currency: words(text(data.currency)),
        credited: moneyFigure(data.credited),
      };
      return status === 'credited'
        ? t('inbox.deposit_credited', vars)
        : withNote(t('inbox.deposit_rejected', { ...vars, note: NOTE_SLOT }), note);
    }
    case 'withdrawal': {
      const status = oneOf(data.status, ['paid', 'rejected'] as const);
      if (!status) return fallback;
      const amount = moneyFigure(data.amount);
      return status === 'paid'
        ? t('inbox.withdrawal_paid', { amount })
        : withNote(t('inbox.withdrawal_rejected', { amount, note: NOTE_SLOT }), note);
    }
    case 'identity': {
      const status = oneOf(data.status, ['verified', 'rejected'] as const);
      if (!status) return fallback;
      return status === 'verified'
        ? t('inbox.identity_verified')
        : withNote(t('inbox.identity_rejected', { note: NOTE_SLOT }), note);
    }
    case 'announcement':
      // The title and text are on the announcement's page, in the reader's language: a tap opens it.
      return known(t, 'inbox.announcement') ?? t('route.announcement');
    default:
      return fallback;
  }
}

/**
 * The margin level fell through a warning level: the headline, then for each position that
 * weighs most what closing it alone would leave (one line each).
 */
function marginWarningText(t: TFunction, data: Fields, symbol: (fields: Fields) => string): string {
  const margin = levelFigure(data.margin_level);
  const headline =
    known(t, 'inbox.margin_warning', { margin_level: margin, level: levelFigure(data.level) }) ??
    `${t('mine.margin_level')} ${margin}%`;
  const positions = Array.isArray(data.positions) ? (data.positions as Fields[]) : [];
  const lines = positions.map((p) => {
    const vars = {
      code: symbol(p),
      lots: isolate(text(p.lots)),
      profit: moneyFigure(p.profit, true),
      level_after: levelFigure(p.level_after),
    };
    return text(p.level_after).trim() === ''
      ? known(t, 'inbox.margin_warning_position_last', vars)
      : known(t, 'inbox.margin_warning_position', vars);
  });
  return [headline, ...lines].filter(Boolean).join(LINE);
}

/**
 * A stop-out's receipt: the level it happened at, each position closed with its price and
 * result, the margin level left (or that nothing is open), and any balance written off.
 */
function stopOutText(t: TFunction, data: Fields, symbol: (fields: Fields) => string): string {
  const closed = Array.isArray(data.closed) ? (data.closed as Fields[]) : [];
  const headline = known(t, 'inbox.stop_out', {
    stop_out_level: levelFigure(data.stop_out_level),
    level_before: levelFigure(data.level_before),
  });
  if (!headline) {
    // Texts older than the receipt: the first position closed, and how many more.
    const first = closed[0] && closedText(t, { ...closed[0], reason: 'stop_out' }, symbol);
    if (!first) return t('orders.reason.stop_out');
    return closed.length > 1 ? `${first} (+${isolate(String(closed.length - 1))})` : first;
  }
  const lines = closed.map((c) =>
    known(t, 'inbox.stop_out_line', {
      code: symbol(c),
      price: priceFigure(c.price),
      profit: moneyFigure(c.profit, true),
    }),
  );
  const after =
    text(data.level_after).trim() === ''
      ? known(t, 'inbox.stop_out_after_none')
      : known(t, 'inbox.stop_out_after', { level_after: levelFigure(data.level_after) });
  const writtenOff = Number(text(data.written_off));
  const off =
    Number.isFinite(writtenOff) && writtenOff > 0
      ? known(t, 'inbox.stop_out_written_off', { amount: moneyFigure(data.written_off) })
      : null;
  return [headline, ...lines, after, off].filter(Boolean).join(LINE);
}

/** A position closed by its take-profit, stop-loss, trailing stop or a stop-out. */
function closedText(t: TFunction, data: Fields, symbol: (fields: Fields) => string): string | null {
  const reason = text(data.reason);
  if (!/^[a-z_]+$/.test(reason)) return null;
  return known(t, `inbox.position_closed_${reason}`, {
    code: symbol(data),
    price: priceFigure(data.price),
    profit: moneyFigure(data.profit, true),
  });
}
