import { describe, expect, it } from 'vitest';
import { TradeFeeType, WithdrawFeeType } from '@/lib/codes';
import { t } from '@/test/english';
import { choiceField, sortField, switchField } from './fields';

describe('the fields forms share', () => {
  it('the order of a row: a required whole number from 0, where the form puts it', () => {
    expect(sortField(t, { span: 8, extra: 'Lower first' })).toEqual({
      key: 'sort',
      name: 'sort',
      label: 'Order',
      extra: 'Lower first',
      span: 8,
      required: 'value',
      input: { kind: 'number', min: 0, max: 1_000_000, precision: 0 },
    });
  });

  it('a switch under its own name and label, disabled only when said', () => {
    expect(switchField('enabled', 'Shown', { span: 4 })).toMatchObject({
      key: 'enabled',
      name: 'enabled',
      label: 'Shown',
      span: 4,
      input: { kind: 'switch' },
    });
    expect(switchField('enabled', 'Shown').input).not.toMatchObject({ disabled: true });
    expect(switchField('admin_totp_required', 'Require', { disabled: true }).input).toEqual({
      kind: 'switch',
      disabled: true,
    });
  });

  it('a choice of codes as a select', () => {
    const options = [
      { value: TradeFeeType.PerLot, label: 'Per lot' },
      { value: TradeFeeType.OfMargin, label: 'Of margin' },
    ];
    expect(choiceField('trade_fee_type', 'Fee', { md: 8, select: options })).toEqual({
      key: 'trade_fee_type',
      name: 'trade_fee_type',
      label: 'Fee',
      md: 8,
      input: { kind: 'select', options },
    });
  });

  it('or as buttons side by side, which may be locked', () => {
    const options = [
      { value: WithdrawFeeType.Fixed, label: 'Fixed' },
      { value: WithdrawFeeType.Rate, label: 'Rate' },
    ];
    const field = choiceField('fee_type', 'Fee', {
      span: 12,
      extra: 'Fixed once created',
      radio: options,
      disabled: true,
    });
    expect(field).toMatchObject({ key: 'fee_type', name: 'fee_type', span: 12, extra: 'Fixed once created' });
    expect(field.input).toEqual({ kind: 'radio', options, disabled: true });
    expect(field).not.toHaveProperty('radio');
    expect(field).not.toHaveProperty('disabled');
  });
});
