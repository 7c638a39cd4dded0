import { adminSaveInstrumentEndpoint, type AdminInstrument } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { instrumentForm } from './instrument-form';

const eurusd: AdminInstrument = {
  id: 1,
  code: 'EURUSD',
  show_code: 'EUR/USD',
  category_id: 1,
  base_currency: 'EUR',
  quote_currency: 'USD',
  session: 'forex',
  precision: 5,
  spread_points: 12,
  max_quote_age_ms: 15_000,
  leverages: [1, 100],
  fee_rate: '0',
  min_lots: '0.01',
  lot_step: '0.01',
  contract_size: '100000',
  enabled: 1,
  sort: 1,
  live_orders: 0,
  execution_mode: 'a_book',
  markup_points: 4,
  max_slippage_points: 50,
  provider_symbol: null,
  default_provider_symbol: 'EUR/USD',
  swap_long: '-6.2',
  swap_short: '1.4',
  swap_unit: 'points',
  swap_triple_day: 'wednesday',
  asset_class: 'fx_major',
  asset_class_set: '',
};

describe('the execution group of the instrument form', () => {
  const form = instrumentForm(t, eurusd, [{ value: 1, label: 'Forex' }]);
  const fields = form.fields({});
  const field = (key: string) => fields.find((f) => f.key === key)!;

  it('comes under its own heading, before financing, with the mode, symbol, markup and slippage', () => {
    const keys = fields.map((f) => f.key);
    expect(keys.slice(keys.indexOf('execution_group'), keys.indexOf('swap_group'))).toEqual([
      'execution_group',
      'execution_mode',
      'provider_symbol',
      'markup_points',
      'max_slippage_points',
    ]);
    expect(field('execution_group')).toMatchObject({ label: 'Execution', input: { kind: 'group' } });
    expect(field('execution_mode').input).toEqual({
      kind: 'select',
      options: [
        { value: 'b_book', label: 'B-book: filled in-house' },
        { value: 'a_book', label: 'A-book: sent to the liquidity provider' },
      ],
    });
    expect(field('markup_points')).toMatchObject({
      label: 'Markup (points)',
      input: { kind: 'number', min: 0, max: 100_000, precision: 0 },
    });
    expect(field('max_slippage_points').input).toMatchObject({ min: 0, max: 1_000_000, precision: 0 });
  });

  it('shows the default provider symbol where none is set', () => {
    expect(field('provider_symbol').input).toMatchObject({
      kind: 'text',
      maxLength: 32,
      placeholder: 'EUR/USD',
    });
    expect(field('provider_symbol').extra).toBe(
      'Leave empty for the default, EUR/USD. Orders and the market-data subscription use a new symbol at once.',
    );
    expect(form.initial).toMatchObject({
      execution_mode: 'a_book',
      markup_points: 4,
      max_slippage_points: 50,
      provider_symbol: '',
    });
  });

  it('sends an empty symbol as null (the default), a written one trimmed', () => {
    const sent = crudPayload(form, form.initial, eurusd.id);
    expect(sent).toMatchObject({ execution_mode: 'a_book', markup_points: 4, provider_symbol: null });
    expect(adminSaveInstrumentEndpoint.input.safeParse(sent).success).toBe(true);
    const override = crudPayload(form, { ...form.initial, provider_symbol: ' EURUSD.x ' }, eurusd.id);
    expect(override).toMatchObject({ provider_symbol: 'EURUSD.x' });
  });

  it('shows a refusal naming a field under that field (a symbol already taken)', () => {
    expect(form.fieldErrors).toBe(true);
  });
});
