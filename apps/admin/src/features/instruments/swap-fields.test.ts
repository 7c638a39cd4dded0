import { adminSaveInstrumentEndpoint, type AdminInstrument } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { instrumentForm } from './instrument-form';
import { rateText, swapTermsText } from './swap-fields';

const xauusd: AdminInstrument = {
  id: 7,
  code: 'XAUUSD',
  show_code: 'XAU/USD',
  category_id: 2,
  base_currency: 'XAU',
  quote_currency: 'USD',
  session: 'metals',
  precision: 2,
  spread_points: 30,
  max_quote_age_ms: 15_000,
  leverages: [1, 20],
  fee_rate: '0',
  min_lots: '0.01',
  lot_step: '0.01',
  contract_size: '100',
  enabled: 1,
  sort: 3,
  live_orders: 0,
  execution_mode: 'b_book',
  markup_points: 0,
  max_slippage_points: 10,
  provider_symbol: null,
  default_provider_symbol: 'XAU/USD',
  swap_long: '-25.75',
  swap_short: '4.1',
  swap_unit: 'points',
  swap_triple_day: 'wednesday',
  asset_class: 'gold',
  asset_class_set: '',
};

describe('the overnight financing group of the instrument form', () => {
  const form = instrumentForm(t, xauusd, [{ value: 2, label: 'Metals' }]);
  const fieldsFor = (values: Parameters<typeof form.fields>[0]) => form.fields(values);
  const field = (key: string, values = {}) => fieldsFor(values).find((f) => f.key === key)!;

  it('comes last, under its own heading that says when and to whom it applies', () => {
    const keys = form.fields({}).map((f) => f.key);
    expect(keys.slice(keys.indexOf('swap_group'))).toEqual([
      'swap_group',
      'swap_unit',
      'swap_triple_day',
      'swap_long',
      'swap_short',
    ]);
    expect(field('swap_group')).toEqual({
      key: 'swap_group',
      label: 'Overnight financing',
      extra:
        'Charged or paid at each daily rollover on every position open then; changes apply from the next rollover. A negative rate is charged to the trader, a positive one is paid to them.',
      input: { kind: 'group' },
    });
  });

  it('starts from the instrument’s terms', () => {
    expect(form.initial).toMatchObject({
      swap_long: '-25.75',
      swap_short: '4.1',
      swap_unit: 'points',
      swap_triple_day: 'wednesday',
    });
  });

  it('chooses the unit and the triple day from the contract’s lists', () => {
    expect(field('swap_unit')).toMatchObject({
      label: 'Rate unit',
      required: 'value',
      input: {
        kind: 'select',
        options: [
          { value: 'points', label: 'Points per lot per night' },
          { value: 'percent_per_year', label: 'Percent a year of the notional' },
        ],
      },
    });
    expect(field('swap_triple_day')).toMatchObject({
      label: 'Triple swap day',
      extra: 'Its rollover counts three nights, for the weekend',
      input: {
        kind: 'select',
        options: [
          { value: 'wednesday', label: 'Wednesday (currencies, metals)' },
          { value: 'friday', label: 'Friday (most CFDs)' },
          { value: 'none', label: 'None (trades every day)' },
        ],
      },
    });
  });

  it('takes the rates as signed text, left to right, in the unit chosen now', () => {
    expect(field('swap_long')).toMatchObject({
      label: 'Swap long (buy)',
      required: 'value',
      dependencies: ['swap_unit'],
      md: 12,
      input: { kind: 'text', dir: 'ltr', numeric: true, suffix: 'points', testId: 'instrument-swap_long' },
    });
    // Not the decimal keypad: it has no minus sign.
    expect(field('swap_long').input).not.toHaveProperty('decimal');
    expect(field('swap_short', { swap_unit: 'percent_per_year' })).toMatchObject({
      label: 'Swap short (sell)',
      input: { suffix: '% a year', testId: 'instrument-swap_short' },
    });
    // No client-side bound: the server's refusal shows under the field (below).
    expect(field('swap_long').rules).toBeUndefined();
  });

  it('sends the four terms with the rest, exactly the contract’s fields', () => {
    const sent = crudPayload(form, form.initial, xauusd.id);
    expect(sent).toMatchObject({
      id: 7,
      swap_long: '-25.75',
      swap_short: '4.1',
      swap_unit: 'points',
      swap_triple_day: 'wednesday',
    });
    expect(Object.keys(sent).sort()).toEqual(Object.keys(adminSaveInstrumentEndpoint.input.shape).sort());
    expect(adminSaveInstrumentEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('sends rates as typed, a plus dropped and a typographic minus as "-"', () => {
    const sent = crudPayload(
      form,
      {
        ...form.initial,
        swap_long: ' \u22122.5 ',
        swap_short: '+0.75',
        swap_unit: 'percent_per_year',
        swap_triple_day: 'none',
      },
      xauusd.id,
    );
    expect(sent).toMatchObject({
      swap_long: '-2.5',
      swap_short: '0.75',
      swap_unit: 'percent_per_year',
      swap_triple_day: 'none',
    });
    expect(adminSaveInstrumentEndpoint.input.safeParse(sent).success).toBe(true);
    expect(rateText('-0')).toBe('-0');
    expect(rateText(' 12 ')).toBe('12');
  });

  it('a rate beyond its unit’s bound is refused on that very field of the form', () => {
    const sent = crudPayload(
      form,
      { ...form.initial, swap_long: '-150', swap_unit: 'percent_per_year' },
      xauusd.id,
    );
    const parsed = adminSaveInstrumentEndpoint.input.safeParse(sent);
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    // The server answers with `data.field` = the issue's path; the modal puts the message
    // under the form field of that name.
    expect(issue.path).toEqual(['swap_long']);
    expect(issue).toMatchObject({ params: { key: 'errors.number_too_large', vars: { max: 100 } } });
    expect(Object.keys(form.initial)).toContain(issue.path.join('.'));
    // The same number of points is within bounds.
    const points = crudPayload(form, { ...form.initial, swap_long: '-150' }, xauusd.id);
    expect(adminSaveInstrumentEndpoint.input.safeParse(points).success).toBe(true);
  });
});

describe('the swap terms in the instruments list', () => {
  it('name the unit and the triple day in a few words', () => {
    expect(swapTermsText(t, xauusd)).toBe('points · triple Wed');
    expect(swapTermsText(t, { swap_unit: 'percent_per_year', swap_triple_day: 'friday' })).toBe(
      '% a year · triple Fri',
    );
    expect(swapTermsText(t, { swap_unit: 'points', swap_triple_day: 'none' })).toBe('points · no triple day');
  });
});
