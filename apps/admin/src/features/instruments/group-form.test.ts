import { adminSaveGroupEndpoint, type AdminGroup } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { crudPayload } from '@/components/crud/payload';
import type { FieldDecl } from '@/components/crud/types';
import { t } from '@/test/english';
import { groupForm, type GroupValues } from './group-form';

const vip: AdminGroup = {
  id: 4,
  name: 'VIP',
  account_kind: 'real',
  is_default: 0,
  professional: 1,
  swap_free: 0,
  trade_fee_type: 2,
  margin_call_level: '80',
  stop_out_level: '40',
  commission_type: 'per_million',
  commission_rate: '25',
  commission_min: '1.5',
  accounts: 3,
  updated_at: 1_760_000_000_000,
};

const contractKeys = Object.keys(adminSaveGroupEndpoint.input.shape).sort();

/** The message a field's rules give for `value` with the other fields at `others` ('' when fine). */
async function refusal(
  field: FieldDecl,
  value: string,
  others: Record<string, string> = {},
): Promise<string> {
  const form = { getFieldValue: (name: string) => others[name] ?? '' };
  for (const rule of field.rules ?? []) {
    const r = typeof rule === 'function' ? rule(form as never) : rule;
    try {
      await r.validator?.(r, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return '';
}

describe('the group form', () => {
  it('a new group: real, not the default, retail, the broker’s fee and levels, no commission', () => {
    const form = groupForm(t, null);
    expect(form.title).toBe('New group');
    expect(form.notice).toBeNull();
    expect(form.fieldErrors).toBe(true);
    const sent = crudPayload(form, { ...form.initial, name: '  Gold clients ' }, undefined);
    expect(sent).toEqual({
      name: 'Gold clients',
      account_kind: 'real',
      is_default: 0,
      professional: 0,
      swap_free: 0,
      trade_fee_type: 0,
      margin_call_level: '',
      stop_out_level: '',
      commission_type: 'none',
      commission_rate: '0',
      commission_min: '0',
    });
    expect(adminSaveGroupEndpoint.input.safeParse(sent).success).toBe(true);
    // Exactly the contract's fields (less the id of a new group).
    expect(Object.keys({ ...sent, id: 0 }).sort()).toEqual(contractKeys);
  });

  it('asks a commission’s rate and minimum only while one is charged', () => {
    const form = groupForm(t, null);
    const keys = (values: Partial<GroupValues>) => form.fields(values).map((f) => f.key);
    expect(keys({ commission_type: 'none' })).not.toContain('commission_rate');
    expect(keys({ commission_type: 'per_lot' })).toEqual(
      expect.arrayContaining(['commission_rate', 'commission_min']),
    );
    const sent = crudPayload(
      form,
      {
        ...form.initial,
        name: 'Raw',
        commission_type: 'per_lot',
        commission_rate: ' 3.5 ',
        commission_min: '',
      },
      undefined,
    );
    // No minimum written is none.
    expect(sent).toMatchObject({ commission_type: 'per_lot', commission_rate: '3.5', commission_min: '0' });
    expect(adminSaveGroupEndpoint.input.safeParse(sent).success).toBe(true);
  });

  it('edits a group by its id, from what it is, with what editing does said first', () => {
    const form = groupForm(t, vip);
    expect(form.title).toBe('Edit group “VIP”');
    expect(form.notice).toEqual({
      type: 'info',
      text: 'Changes apply to new orders: open positions keep the leverage, fee and commission they opened with. Margin levels apply to whole accounts at once. Accounts in this group: 3.',
    });
    const sent = crudPayload(form, form.initial, vip.id);
    expect(sent).toEqual({
      id: 4,
      name: 'VIP',
      account_kind: 'real',
      is_default: 0,
      professional: 1,
      swap_free: 0,
      trade_fee_type: 2,
      margin_call_level: '80',
      stop_out_level: '40',
      commission_type: 'per_million',
      commission_rate: '25',
      commission_min: '1.5',
    });
    expect(adminSaveGroupEndpoint.input.safeParse(sent).success).toBe(true);
    // Switched to no commission, the old figures are not sent.
    expect(crudPayload(form, { ...form.initial, commission_type: 'none' }, vip.id)).toMatchObject({
      commission_rate: '0',
      commission_min: '0',
    });
  });

  it('keeps the kind of a group holding accounts and the default of its kind, saying why', () => {
    const field = (group: AdminGroup, key: string) =>
      groupForm(t, group)
        .fields({})
        .find((f) => f.key === key)!;
    expect(field(vip, 'account_kind')).toMatchObject({
      extra: 'A group that holds accounts keeps its kind.',
      input: { kind: 'radio', disabled: true },
    });
    expect(field({ ...vip, accounts: 0 }, 'account_kind').input).toMatchObject({ disabled: false });
    expect(field({ ...vip, is_default: 1 }, 'is_default')).toMatchObject({
      extra: 'The default cannot be switched off here: make another group of this kind the default instead.',
      input: { kind: 'switch', disabled: true },
    });
    expect(field(vip, 'is_default').input).toMatchObject({ disabled: false });
  });

  it('checks the levels as the server does: valid, both or neither, the stop-out below the margin call', async () => {
    const fields = groupForm(t, null).fields({});
    const call = fields.find((f) => f.key === 'margin_call_level')!;
    const stop = fields.find((f) => f.key === 'stop_out_level')!;
    expect(await refusal(call, '', {})).toBe('');
    expect(await refusal(call, '100', { stop_out_level: '50' })).toBe('');
    expect(await refusal(call, '100.123')).toBe(
      'Enter a level above 0 and up to 1,000 with at most 2 decimals',
    );
    expect(await refusal(call, '', { stop_out_level: '50' })).toBe('Set both levels, or leave both empty');
    expect(await refusal(stop, '120', { margin_call_level: '100' })).toBe(
      'The stop-out level must be below the margin call level',
    );
    expect(await refusal(stop, '50', { margin_call_level: '100' })).toBe('');
  });

  it('refuses a commission beyond its bound or with more than 4 decimals', async () => {
    const rate = groupForm(t, null)
      .fields({ commission_type: 'per_lot' })
      .find((f) => f.key === 'commission_rate')!;
    expect(rate).toMatchObject({ required: 'text', input: { prefix: '$', decimal: true } });
    expect(await refusal(rate, '10000')).toBe('');
    expect(await refusal(rate, '10000.5')).toBe('Enter an amount from 0 to 10,000 with at most 4 decimals');
    expect(await refusal(rate, '1.23456')).toBe('Enter an amount from 0 to 10,000 with at most 4 decimals');
  });
});
