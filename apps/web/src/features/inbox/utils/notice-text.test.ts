import en from '@pipwise/locales/en.json';
import type { Notice, NoticeKind } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/react-root';
import { headlineOf, LINE, noticeKindLabel, noticeText } from './notice-text';

const t: TFunction = testI18n().t;

/** The sentence without its bidi isolates, as a reader sees it. */
const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, '');
const symbols: Record<string, string> = { EURUSD: 'EUR/USD', BTCUSD: 'BTC/USD' };
const symbolOf = (code: string) => symbols[code] ?? code;
const say = (kind: NoticeKind, data: Record<string, unknown>) =>
  plain(noticeText(t, { kind, data } satisfies Pick<Notice, 'kind' | 'data'>, symbolOf));

describe('a notice’s sentence (docs/api.md "Price alerts and the inbox")', () => {
  it('price alerts: by direction, with the bid that reached the level', () => {
    const alert = { alert_id: 1, code: 'EURUSD', price: '1.09000', fired_price: '1.09003' };
    expect(say('price_alert', { ...alert, direction: 'above' })).toBe(
      'EUR/USD rose to 1.09003 (alert at 1.09000)',
    );
    expect(
      say('price_alert', {
        ...alert,
        direction: 'below',
        code: 'BTCUSD',
        price: '47250.0',
        fired_price: '47249.5',
      }),
    ).toBe('BTC/USD fell to 47,249.5 (alert at 47,250.0)');
  });

  it('move alerts: the percentage, the window and the bid it moved to', () => {
    const move = { alert_id: 2, code: 'EURUSD', kind: 'move', window: '1h', percent: '0.50' };
    const up = say('price_alert', { ...move, direction: 'up', price: '1.08110', fired_price: '1.08650' });
    expect(up).toContain('EUR/USD');
    expect(up).toContain('0.50');
    expect(up).toContain('1 hour');
    expect(up).toContain('1.08650');
    const down = say('price_alert', { ...move, direction: 'down', price: '1.09200', fired_price: '1.08650' });
    expect(down).not.toBe(up);
    expect(down).toContain('1.08650');
  });

  it('pending orders filled: by side', () => {
    const fill = { order_id: 3, code: 'EURUSD', lots: '0.10', price: '1.08340' };
    expect(say('order_filled', { ...fill, side: 1 })).toBe('Buy 0.10 EUR/USD filled at 1.08340');
    expect(say('order_filled', { ...fill, side: 2 })).toBe('Sell 0.10 EUR/USD filled at 1.08340');
  });

  it('positions closed: by reason, the profit signed to the cent', () => {
    const close = { order_id: 4, code: 'EURUSD', side: 1, lots: '1', price: '1.08500' };
    expect(say('position_closed', { ...close, reason: 'tp', profit: '160.00' })).toBe(
      'Take-profit closed EUR/USD at 1.08500: +160.00 USD',
    );
    expect(say('position_closed', { ...close, reason: 'sl', profit: '-52.5' })).toBe(
      'Stop-loss closed EUR/USD at 1.08500: -52.50 USD',
    );
    expect(say('position_closed', { ...close, reason: 'stop_out', profit: '-1234.56' })).toBe(
      'Stop-out closed EUR/USD at 1.08500: -1,234.56 USD',
    );
    expect(say('position_closed', { ...close, reason: 'trailing', profit: '12.00' })).toBe(
      'Trailing stop closed EUR/USD at 1.08500: +12.00 USD',
    );
  });

  it('deposits: credited, or turned down with the remark (or without one)', () => {
    const deposit = { deposit_id: 5, number: '100', currency: 'USDT' };
    expect(say('deposit', { ...deposit, status: 'credited', credited: '99.50', note: '' })).toBe(
      'Deposit of 100 USDT credited: 99.50 USD',
    );
    expect(say('deposit', { ...deposit, status: 'rejected', credited: '', note: 'Proof unreadable' })).toBe(
      'Deposit of 100 USDT was not accepted: Proof unreadable',
    );
    expect(say('deposit', { ...deposit, status: 'rejected', credited: '', note: '' })).toBe(
      'Deposit of 100 USDT was not accepted',
    );
  });

  it('withdrawals: paid, or rejected with the notes', () => {
    expect(say('withdrawal', { withdrawal_id: 6, status: 'paid', amount: '2500.00', note: '' })).toBe(
      'Withdrawal of 2,500.00 USD paid',
    );
    expect(
      say('withdrawal', { withdrawal_id: 6, status: 'rejected', amount: '20.00', note: 'Wrong address' }),
    ).toBe('Withdrawal of 20.00 USD was rejected: Wrong address');
  });

  it('identity: verified, or rejected with the reason', () => {
    expect(say('identity', { status: 'verified', note: '' })).toBe('Your identity is verified');
    expect(say('identity', { status: 'rejected', note: 'Photo blurred' })).toBe(
      'Identity verification was rejected: Photo blurred',
    );
  });

  it('a stop-out receipt: the level, each position closed, what is left, any write-off', () => {
    const receipt = {
      stop_out_level: '50.00',
      level_before: '49.80',
      level_after: '',
      written_off: '0.00',
      closed: [
        { order_id: 8, code: 'EURUSD', side: 1, lots: '1', price: '1.07000', profit: '-900.00' },
        { order_id: 9, code: 'BTCUSD', side: 2, lots: '0.1', price: '47000.0', profit: '-80.00' },
      ],
    };
    const lines = say('stop_out', receipt).split(LINE);
    // The headline, a line per position, then what is left open; nothing was written off.
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('50.00');
    expect(lines[0]).toContain('49.80');
    expect(lines[1]).toContain('EUR/USD');
    expect(lines[1]).toContain('1.07000');
    expect(lines[1]).toContain('-900.00');
    expect(lines[2]).toContain('BTC/USD');
    expect(lines[2]).toContain('47,000.0');
    expect(lines[3]).toBe(en.inbox.stop_out_after_none);

    const written = say('stop_out', { ...receipt, level_after: '120.5', written_off: '35.10' }).split(LINE);
    expect(written).toHaveLength(5);
    expect(written[3]).toContain('120.50');
    expect(written[4]).toContain('35.10');
    for (const line of written) expect(line).not.toMatch(/inbox\.|\{\{/);
  });

  it('a margin warning: the level reached, and what closing each heavy position would leave', () => {
    const lines = say('margin_warning', {
      level: 150,
      margin_level: '148.2',
      positions: [
        { order_id: 1, code: 'EURUSD', side: 1, lots: '2', profit: '-310.00', level_after: '260.40' },
        { order_id: 2, code: 'BTCUSD', side: 2, lots: '0.5', profit: '12.00', level_after: '' },
      ],
    }).split(LINE);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('148.20');
    expect(lines[0]).toContain('150');
    expect(lines[1]).toContain('EUR/USD');
    expect(lines[1]).toContain('260.40');
    expect(lines[2]).toContain('BTC/USD');
    expect(lines[2]).toContain('+12.00');
    for (const line of lines) expect(line).not.toMatch(/inbox\.|\{\{|%%/);
  });

  it('the toast says a receipt’s first line', () => {
    expect(headlineOf(`one${LINE}two`)).toBe('one');
    expect(headlineOf('single')).toBe('single');
  });

  it('an announcement: "New announcement", whatever the version it carries', () => {
    expect(say('announcement', { broadcast_id: 3, updated_at: 1_790_000_000_000 })).toBe('New announcement');
    expect(say('announcement', {})).toBe('New announcement');
    expect(noticeKindLabel(t, 'announcement')).toBe('Announcements');
  });

  it('says "New notification" for what it cannot read, never a key', () => {
    expect(say('price_alert', { code: 'EURUSD' })).toBe('New notification');
    expect(say('order_filled', { side: 3 })).toBe('New notification');
    expect(say('position_closed', { reason: 'meteor' })).toBe('New notification');
    expect(say('deposit', { status: 'lost' })).toBe('New notification');
    expect(say('unknown_kind' as NoticeKind, {})).toBe('New notification');
  });

  it('keeps every figure one left-to-right run inside the sentence', () => {
    const text = noticeText(t, {
      kind: 'position_closed',
      data: { code: 'EURUSD', reason: 'sl', price: '1.08500', profit: '-52.50' },
    });
    expect(text).toContain('\u2066-52.50\u2069');
    expect(text).toContain('\u20661.08500\u2069');
  });

  it('labels every kind’s switch', () => {
    for (const kind of [
      'price_alert',
      'order_filled',
      'position_closed',
      'deposit',
      'withdrawal',
      'identity',
      'announcement',
    ] as const)
      expect(noticeKindLabel(t, kind)).toBe(en.inbox[`kind_${kind}`]);
    for (const kind of ['margin_warning', 'stop_out'])
      expect(noticeKindLabel(t, kind)).not.toMatch(/inbox\./);
  });
});
