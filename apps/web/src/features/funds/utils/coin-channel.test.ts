import type { CoinChannel, DrawMethod } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { pickCoinChannel } from './coin-channel';
import { safeExternalUrl } from './external-url';
import { methodSummary, shortenMiddle } from './method-summary';

const channel = (id: number, currency_code: string, protocol_code: string): CoinChannel => ({
  id,
  currency_code,
  protocol_code,
  address: `addr-${id}`,
  usd_rate: '1',
});
const symbols = [
  { currency_code: 'USDT', protocol_codes: ['TRC20', 'ERC20'] },
  { currency_code: 'BTC', protocol_codes: ['BTC'] },
];
const channels = [channel(1, 'USDT', 'TRC20'), channel(2, 'USDT', 'ERC20'), channel(3, 'BTC', 'BTC')];

describe('coin deposit choice', () => {
  it('starts on the first coin and network', () => {
    expect(pickCoinChannel(symbols, channels, null, null)).toMatchObject({
      coin: 'USDT',
      network: 'TRC20',
      networks: ['TRC20', 'ERC20'],
      channel: { id: 1 },
    });
  });

  it('follows the picks, and falls back when a pick is no longer offered', () => {
    expect(pickCoinChannel(symbols, channels, 'USDT', 'ERC20').channel?.id).toBe(2);
    expect(pickCoinChannel(symbols, channels, 'BTC', 'ERC20')).toMatchObject({
      network: 'BTC',
      channel: { id: 3 },
    });
    expect(pickCoinChannel(symbols, channels, 'DOGE', null).coin).toBe('USDT');
  });

  it('says when a network has no address, or nothing is offered', () => {
    expect(pickCoinChannel(symbols, [channels[0]!], 'USDT', 'ERC20').channel).toBeNull();
    expect(pickCoinChannel([], channels, null, null)).toEqual({
      coin: null,
      networks: [],
      network: null,
      channel: null,
    });
  });
});

describe('card provider link', () => {
  it('opens only http(s) links', () => {
    expect(safeExternalUrl(' https://pay.example/checkout?x=1 ')).toBe('https://pay.example/checkout?x=1');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,hi')).toBeNull();
    expect(safeExternalUrl('pay.example')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });
});

describe('bound account summary', () => {
  const base: DrawMethod = {
    id: 1,
    type: 1,
    dc_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
    draw_currency: { id: 1, code: 'USDT', protocol: 'TRC20' },
  };
  it('shows coin, network and the ends of the address', () => {
    expect(methodSummary(base)).toEqual({ title: 'USDT · TRC20', detail: 'TLa2f6VP…5wYjU7', code: true });
    expect(shortenMiddle('short')).toBe('short');
  });
  it('shows the bank, the holder and the account tail', () => {
    expect(
      methodSummary({
        ...base,
        type: 2,
        bank_name: 'HSBC',
        payee_name: 'Chan',
        payee_account: '123456789',
        draw_currency: { id: 5, code: 'HKD', protocol: '' },
      }),
    ).toEqual({ title: 'HSBC', detail: 'Chan •••• 6789', code: false });
  });
});
