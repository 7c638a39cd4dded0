import { LANGS, MOVE_WINDOWS, type Lang, type NoticeKind } from '@pipwise/shared';
import type { Translator } from '../../core/i18n.js';

type Fields = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * A notice as a push notification's one line, in the subscription's language
 * (docs/notifications.md "Web push"): the inbox's own sentence, or — where that names money
 * and the trader did not allow amounts on this browser — a sentence without it. Nothing
 * secret is ever in it; a kind this server cannot word says "New notification".
 */
export function pushBody(
  t: Translator,
  lang: string,
  kind: NoticeKind,
  data: Fields,
  showAmounts: boolean,
): string {
  const l: Lang = (LANGS as readonly string[]).includes(lang) ? (lang as Lang) : 'en';
  const v = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, str(data[k])]));
  switch (kind) {
    case 'price_alert':
      if (data.kind === 'move') {
        const window = MOVE_WINDOWS.find((w) => w === data.window) ?? '1h';
        return t(l, `inbox.price_move_${data.direction === 'down' ? 'down' : 'up'}`, {
          ...v(['code', 'percent', 'price', 'fired_price']),
          within: t(l, `alerts.within_${window}`),
        });
      }
      return t(
        l,
        `inbox.price_alert_${data.direction === 'below' ? 'below' : 'above'}`,
        v(['code', 'price', 'fired_price']),
      );
    case 'order_filled':
      return t(l, `inbox.order_filled_${data.side === 2 ? 'sell' : 'buy'}`, v(['code', 'lots', 'price']));
    case 'position_closed':
      return showAmounts
        ? t(l, `inbox.position_closed_${str(data.reason) || 'sl'}`, v(['code', 'price', 'profit']))
        : t(l, 'inbox.push_position_closed', v(['code']));
    case 'margin_warning':
      return t(l, 'inbox.margin_warning', v(['level', 'margin_level']));
    case 'stop_out':
      return showAmounts
        ? t(l, 'inbox.stop_out', v(['stop_out_level', 'level_before']))
        : t(l, 'inbox.push_stop_out');
    case 'deposit':
      return showAmounts
        ? t(
            l,
            data.status === 'credited' ? 'inbox.deposit_credited' : 'inbox.deposit_rejected',
            v(['number', 'currency', 'credited', 'note']),
          )
        : t(l, 'inbox.push_deposit');
    case 'withdrawal':
      return showAmounts
        ? t(
            l,
            data.status === 'paid' ? 'inbox.withdrawal_paid' : 'inbox.withdrawal_rejected',
            v(['amount', 'note']),
          )
        : t(l, 'inbox.push_withdrawal');
    case 'identity':
      return t(
        l,
        data.status === 'verified' ? 'inbox.identity_verified' : 'inbox.identity_rejected',
        v(['note']),
      );
    case 'announcement':
      // The title is in the announcement's page, read in the reader's language when opened.
      return t(l, 'inbox.announcement');
    default:
      return t(l, 'inbox.new_notice');
  }
}

export function pushTitle(t: Translator, lang: string): string {
  const l: Lang = (LANGS as readonly string[]).includes(lang) ? (lang as Lang) : 'en';
  return t(l, 'common.app_name');
}
