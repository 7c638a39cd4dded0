import { adminSaveCurrencyEndpoint, DrawType, type AdminCurrency } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { WithdrawFeeType } from '@/lib/codes';
import { t } from '@/test/english';
import { currencyForm, feeText, type CurrencyValues } from './currency-form';

const usdt: AdminCurrency = {
  id: 4,
  type: DrawType.Coin,
  code: 'USDT',
  protocol: 'TRC20',
  fee_type: WithdrawFeeType.Fixed,
  draw_rate: '1.5',
  usd_price: '1',
  minimum: '10',
  has_channel: 1,
  enabled: 1,
  sort: 2,
  is_sample: 0,
};

const fieldNames = (values: Partial<CurrencyValues>, row: AdminCurrency | null = null) =>
  currencyForm(t, row)
    .fields(values)
    .map((f) => f.key);

describe('the withdraw currency form', () => {
  it('a new currency starts as a coin with a fixed fee, enabled, and sends what was typed, trimmed', () => {
    const form = currencyForm(t, null);
    expect(form.title).toBe('New currency');
    expect(form.initial).toMatchObject({
      type: DrawType.Coin,
      fee_type: WithdrawFeeType.Fixed,
      enabled: true,
    });
    const sent = crudPayload(
      form,
      { ...form.initial, code: ' USDC ', protocol: ' ERC20 ', draw_rate: '2 ' },
      undefined,
    );
    expect(sent).toEqual({
      type: DrawType.Coin,
      code: 'USDC',
      protocol: 'ERC20',
      fee_type: WithdrawFeeType.Fixed,
      draw_rate: '2',
      usd_price: '1',
      minimum: '10',
      has_channel: 1,
      enabled: 1,
      sort: 0,
    });
    expect(adminSaveCurrencyEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('an edit sends the id and its switches as 0/1 flags', () => {
    const form = currencyForm(t, usdt);
    expect(form.title).toBe('Edit USDT');
    expect(form.initial).toMatchObject({ has_channel: true, enabled: true });
    const sent = crudPayload(form, { ...form.initial, enabled: false, has_channel: false }, usdt.id);
    expect(sent).toMatchObject({
      id: 4,
      code: 'USDT',
      protocol: 'TRC20',
      enabled: 0,
      has_channel: 0,
      sort: 2,
    });
  });

  it('a bank currency sends an empty network', () => {
    const form = currencyForm(t, null);
    const sent = crudPayload(
      form,
      { ...form.initial, type: DrawType.Bank, code: 'EUR', protocol: undefined },
      undefined,
    );
    expect(sent.protocol).toBe('');
  });

  it('the network is required for a coin only, and the type is fixed once created', () => {
    const coin = currencyForm(t, null).fields({ type: DrawType.Coin });
    const bank = currencyForm(t, null).fields({ type: DrawType.Bank });
    const protocol = (fields: typeof coin) => fields.find((f) => f.key === 'protocol')!;
    expect(protocol(coin).required).toBe('value');
    expect(protocol(bank).required).toBeUndefined();
    expect(protocol(bank).input).toMatchObject({ disabled: true });
    const type = currencyForm(t, usdt)
      .fields({})
      .find((f) => f.key === 'type')!;
    expect(type.input).toMatchObject({ kind: 'radio', disabled: true });
    expect(type.extra).toBe('The type cannot change once created');
    expect(fieldNames({})).toEqual([
      'type',
      'sort',
      'enabled',
      'code',
      'protocol',
      'fee_type',
      'draw_rate',
      'usd_price',
      'minimum',
      'has_channel',
    ]);
  });

  it('the fee reads as a fixed USD amount or as a rate of the amount', () => {
    const fee = (feeType: number) =>
      currencyForm(t, null)
        .fields({ fee_type: feeType as 1 | 2 })
        .find((f) => f.key === 'draw_rate')!;
    expect(fee(WithdrawFeeType.Fixed).label).toBe('Fee (USD)');
    expect(fee(WithdrawFeeType.Rate).label).toBe('Fee rate');
    expect(fee(WithdrawFeeType.Rate).extra).toBe('A fraction below 1, e.g. 0.01 for 1 %');
    expect(feeText({ fee_type: WithdrawFeeType.Fixed, draw_rate: '2.5' })).toBe('$2.5');
    expect(feeText({ fee_type: WithdrawFeeType.Rate, draw_rate: '0.015' })).toBe('1.50 %');
  });
});
