import {
  adminSaveCategoryEndpoint,
  adminSaveInstrumentEndpoint,
  type AdminInstrument,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { categoryForm } from './category-form';
import { instrumentForm } from './instrument-form';

const btc: AdminInstrument = {
  id: 21,
  code: 'BTCUSD',
  show_code: 'BTC/USD',
  category_id: 3,
  base_currency: 'BTC',
  quote_currency: 'USD',
  session: 'crypto',
  precision: 2,
  spread_points: 4321,
  max_quote_age_ms: 2500,
  leverages: [1, 10, 50],
  fee_rate: '0.5',
  min_lots: '0.01',
  lot_step: '0.01',
  contract_size: '1',
  enabled: 1,
  sort: 5,
  live_orders: 2,
  execution_mode: 'b_book',
  markup_points: 0,
  max_slippage_points: 10,
  provider_symbol: null,
  default_provider_symbol: 'BTCUSD',
  swap_long: '-12.5',
  swap_short: '3',
  swap_unit: 'points',
  swap_triple_day: 'none',
  asset_class: 'crypto',
  asset_class_set: '',
};

describe('the instrument form', () => {
  const form = instrumentForm(t, btc, [{ value: 3, label: 'Crypto' }]);

  it('starts from the instrument, the quote age in seconds', () => {
    expect(form.title).toBe('Edit BTC/USD');
    expect(form.okTestId).toBe('instrument-save');
    expect(form.initial).toMatchObject({ max_quote_age_s: 2.5, leverages: '1, 10, 50', enabled: true });
    expect(form.notice).toEqual({
      type: 'warning',
      text: '2 positions or pending orders are live on this instrument: it cannot be closed until they are gone.',
    });
    const spread = form.fields({}).find((f) => f.key === 'spread_points')!;
    expect(spread.extra).toBe('Added around the mid price; one point is 0.01');
    expect(spread.input).toMatchObject({ testId: 'instrument-spread' });
  });

  it('sends its id, the quote age back in milliseconds and the texts trimmed', () => {
    const sent = crudPayload(
      form,
      { ...form.initial, spread_points: 4567, max_quote_age_s: 1.25, leverages: ' 1, 20 ', enabled: false },
      btc.id,
    );
    expect(sent).toEqual({
      id: 21,
      category_id: 3,
      spread_points: 4567,
      max_quote_age_ms: 1250,
      leverages: '1, 20',
      asset_class: '',
      fee_rate: '0.5',
      min_lots: '0.01',
      lot_step: '0.01',
      enabled: 0,
      sort: 5,
      execution_mode: 'b_book',
      markup_points: 0,
      max_slippage_points: 10,
      provider_symbol: null,
      swap_long: '-12.5',
      swap_short: '3',
      swap_unit: 'points',
      swap_triple_day: 'none',
    });
    expect(adminSaveInstrumentEndpoint.input.safeParse(sent).success).toBe(true);
    // Exactly the contract's fields: none left out, none it does not know.
    expect(Object.keys(sent).sort()).toEqual(Object.keys(adminSaveInstrumentEndpoint.input.shape).sort());
  });

  it('chooses the asset class of the leverage caps: the market’s default (named) or one of the eight', () => {
    const field = form.fields({}).find((f) => f.key === 'asset_class')!;
    expect(field).toMatchObject({
      label: 'Asset class',
      input: { kind: 'select', testId: 'instrument-asset-class' },
    });
    const options = (field.input as { options: { value: string; label: string }[] }).options;
    expect(options[0]).toEqual({ value: '', label: 'Default for its market (Cryptocurrencies)' });
    expect(options).toHaveLength(9);
    expect(form.initial.asset_class).toBe('');
    const set = crudPayload(form, { ...form.initial, asset_class: 'share' }, btc.id);
    expect(set).toMatchObject({ asset_class: 'share' });
    expect(adminSaveInstrumentEndpoint.input.safeParse(set).success).toBe(true);
    // One an operator set starts from it.
    expect(
      instrumentForm(t, { ...btc, asset_class: 'share', asset_class_set: 'share' }, []).initial.asset_class,
    ).toBe('share');
  });

  it('has no notice while nothing is live on it', () => {
    expect(instrumentForm(t, { ...btc, live_orders: 0 }, []).notice).toBeNull();
  });
});

describe('the category form', () => {
  it('sends English always and the other names only when written', () => {
    const form = categoryForm(t, null);
    expect(form.title).toBe('New category');
    const sent = crudPayload(
      form,
      { names: { en: ' Crypto ', ar: ' العملات الرقمية ', fr: '  ' }, sort: 3 },
      undefined,
    );
    expect(sent).toEqual({ names: { en: 'Crypto', ar: 'العملات الرقمية' }, sort: 3 });
    expect(adminSaveCategoryEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('renames one by its id', () => {
    const category = { id: 3, names: { en: 'Crypto' }, sort: 1, instruments: 4 };
    const form = categoryForm(t, category);
    expect(form.title).toBe('Edit category “Crypto”');
    expect(crudPayload(form, form.initial, category.id)).toEqual({ id: 3, names: { en: 'Crypto' }, sort: 1 });
  });
});
