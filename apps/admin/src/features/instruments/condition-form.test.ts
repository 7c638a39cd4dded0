import { adminSaveGroupConditionEndpoint, type AdminGroup, type AdminGroupCondition } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import { t } from '@/test/english';
import { conditionForm, type ConditionTargets, type ConditionValues } from './condition-form';

const group: AdminGroup = {
  id: 3,
  name: 'Raw',
  account_kind: 'real',
  is_default: 0,
  professional: 0,
  swap_free: 0,
  trade_fee_type: 1,
  margin_call_level: '',
  stop_out_level: '',
  commission_type: 'per_lot',
  commission_rate: '3.5',
  commission_min: '0',
  accounts: 0,
  updated_at: 0,
};

const targets: ConditionTargets = {
  categories: [{ value: 2, label: 'Metals' }],
  instruments: [{ value: 7, label: 'XAU/USD' }],
  names: {
    lang: 'en',
    category: (id) => (id === 2 ? 'Metals' : `#${id}`),
    instrument: (id) => (id === 7 ? 'XAU/USD' : `#${id}`),
  },
};

const blank: ConditionValues = { target: 'category', leverages: '', fee_rate: '', commission_type: '' };

describe('the condition form', () => {
  it('a new condition: a category or an instrument, then only the terms written', () => {
    const form = conditionForm(t, group, null, targets);
    expect(form.title).toBe('New condition in “Raw”');
    expect(form.initial).toMatchObject({
      target: 'category',
      leverages: '',
      fee_rate: '',
      commission_type: '',
    });
    const keys = (v: Partial<ConditionValues>) => form.fields(v).map((f) => f.key);
    expect(keys({ target: 'category' }).slice(0, 2)).toEqual(['target', 'category_id']);
    const instrument = form.fields({ target: 'instrument' })[1]!;
    expect(instrument).toMatchObject({ key: 'instrument_id', required: 'value' });
    expect(instrument.input).toMatchObject({ kind: 'select', search: true, options: targets.instruments });

    const sent = crudPayload(form, { ...blank, category_id: 2, leverages: ' 1, 10,20 ' }, undefined);
    expect(sent).toEqual({ group_id: 3, category_id: 2, leverages: '1, 10,20' });
    expect(adminSaveGroupConditionEndpoint.input.safeParse(sent).success).toBe(true);

    const onGold = crudPayload(
      form,
      {
        ...blank,
        target: 'instrument',
        instrument_id: 7,
        fee_rate: '0',
        commission_type: 'per_million',
        commission_rate: '20',
      },
      undefined,
    );
    expect(onGold).toEqual({
      group_id: 3,
      instrument_id: 7,
      fee_rate: '0',
      commission_type: 'per_million',
      commission_rate: '20',
      commission_min: '0',
    });
    expect(adminSaveGroupConditionEndpoint.input.safeParse(onGold).success).toBe(true);

    // A markup alone is a condition; 0 is sent (none here), empty is not (what is above).
    const markupField = form.fields(blank).find((f) => f.key === 'markup_points')!;
    expect(markupField.input).toMatchObject({ kind: 'number', min: 0, max: 100_000, precision: 0 });
    const markup = crudPayload(form, { ...blank, category_id: 2, markup_points: 0 }, undefined);
    expect(markup).toEqual({ group_id: 3, category_id: 2, markup_points: 0 });
    expect(adminSaveGroupConditionEndpoint.input.safeParse(markup).success).toBe(true);
    expect(crudPayload(form, { ...blank, category_id: 2, markup_points: null }, undefined)).toEqual({
      group_id: 3,
      category_id: 2,
    });
  });

  it('offers the group’s own commission first, naming it, and no commission as a condition of its own', () => {
    const form = conditionForm(t, group, null, targets);
    const type = form.fields(blank).find((f) => f.key === 'commission_type')!;
    expect(type.input).toMatchObject({
      options: [
        { value: '', label: "Group's commission ($3.5 per lot per side)" },
        { value: 'none', label: 'No commission' },
        { value: 'per_lot', label: 'USD per lot' },
        { value: 'per_million', label: 'USD per million of notional' },
      ],
    });
    expect(form.fields({ ...blank, commission_type: 'none' }).map((f) => f.key)).not.toContain(
      'commission_rate',
    );
    const none = crudPayload(form, { ...blank, category_id: 2, commission_type: 'none' }, undefined);
    expect(none).toEqual({
      group_id: 3,
      category_id: 2,
      commission_type: 'none',
      commission_rate: '0',
      commission_min: '0',
    });
    expect(adminSaveGroupConditionEndpoint.input.safeParse(none).success).toBe(true);
  });

  it('edits a condition on its own target, which it keeps, from what it sets', () => {
    const condition: AdminGroupCondition = {
      id: 11,
      group_id: 3,
      category_id: null,
      instrument_id: 7,
      target_code: 'XAU/USD',
      target_names: null,
      leverages: [1, 20],
      fee_rate: null,
      commission_type: 'per_lot',
      commission_rate: '2',
      commission_min: '1',
      markup_points: 4,
    };
    const form = conditionForm(t, group, condition, targets);
    expect(form.title).toBe('Condition for XAU/USD in “Raw”');
    const first = form.fields(form.initial)[0]!;
    expect(first).toMatchObject({ label: 'Instrument', input: { kind: 'readonly', value: 'XAU/USD' } });
    expect(form.initial).toMatchObject({
      leverages: '1, 20',
      fee_rate: '',
      markup_points: 4,
      commission_type: 'per_lot',
    });
    // The target comes from the condition, whatever the (hidden) choice says; no id is sent.
    const sent = crudPayload(form, { ...form.initial, target: 'category', leverages: '' }, undefined);
    expect(sent).toEqual({
      group_id: 3,
      instrument_id: 7,
      markup_points: 4,
      commission_type: 'per_lot',
      commission_rate: '2',
      commission_min: '1',
    });
    expect(adminSaveGroupConditionEndpoint.input.safeParse(sent).success).toBe(true);
    // An operator who may not read the catalogue (finance, support) reads the condition's label.
    const unknown = { categories: [], instruments: [], names: { ...targets.names, instrument: () => '#7' } };
    expect(conditionForm(t, group, condition, unknown).title).toBe('Condition for XAU/USD in “Raw”');
  });

  it('refuses a condition that keeps everything, and a malformed leverage list', async () => {
    const leverages = conditionForm(t, group, null, targets)
      .fields(blank)
      .find((f) => f.key === 'leverages')!;
    const check = async (value: string, others: Record<string, string>) => {
      const form = { getFieldValue: (name: string) => others[name] ?? '' };
      for (const rule of leverages.rules ?? []) {
        const r = typeof rule === 'function' ? rule(form as never) : rule;
        try {
          await r.validator?.(r, value, () => undefined);
        } catch (error) {
          return (error as Error).message;
        }
      }
      return '';
    };
    expect(await check('', {})).toBe(
      'Set at least one term; to keep everything as above, delete the condition',
    );
    expect(await check('', { fee_rate: '0.5' })).toBe('');
    expect(await check('', { commission_type: 'none' })).toBe('');
    expect(await check('', { markup_points: '0' })).toBe('');
    expect(await check('1,10,10', {})).toBe('A leverage is listed twice');
    expect(await check('1, 30', {})).toBe('');
    // The contract refuses the same.
    expect(adminSaveGroupConditionEndpoint.input.safeParse({ group_id: 3, category_id: 2 }).success).toBe(
      false,
    );
  });
});
