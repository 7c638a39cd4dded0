import { adminSetUserGroupEndpoint, type AdminGroup } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { Flag } from '@/lib/codes';
import { t } from '@/test/english';
import { accountKindOf, groupNameOf, moveChoices, moveGroupInput, offersMove } from './move-group';

const group = (id: number, name: string, kind: AdminGroup['account_kind'], isDefault = 0): AdminGroup => ({
  id,
  name,
  account_kind: kind,
  is_default: isDefault,
  professional: 0,
  swap_free: 0,
  trade_fee_type: 0,
  margin_call_level: '',
  stop_out_level: '',
  commission_type: 'none',
  commission_rate: '0',
  commission_min: '0',
  accounts: 0,
  updated_at: 0,
});

const groups = [
  group(1, 'Standard', 'real', 1),
  group(2, 'Demo', 'demo', 1),
  group(3, 'Raw', 'real'),
  group(4, 'Demo pro', 'demo'),
];

describe("moving a trader's account to another group", () => {
  it('offers the groups of its kind but its own: a demo account only demo groups', () => {
    const real = { is_demo: Flag.Off, group_id: 1 };
    expect(accountKindOf(real)).toBe('real');
    expect(moveChoices(t, groups, real)).toEqual([{ value: 3, label: 'Raw' }]);
    expect(moveChoices(t, groups, { is_demo: Flag.On, group_id: 4 })).toEqual([
      { value: 2, label: 'Demo (default)' },
    ]);
  });

  it('names the account’s group, and none before the account exists', () => {
    expect(groupNameOf(t, groups, { group_id: 1 })).toBe('Standard (default)');
    expect(groupNameOf(t, groups, { group_id: 3 })).toBe('Raw');
    expect(groupNameOf(t, undefined, { group_id: 3 })).toBe('#3');
    expect(groupNameOf(t, groups, { group_id: null })).toBeNull();
    expect(offersMove({ group_id: null })).toBe(false);
    expect(offersMove({ group_id: 1 })).toBe(true);
  });

  it('sends the group, and the reason only when one was written', () => {
    expect(moveGroupInput(7, 3, '')).toEqual({ id: 7, group_id: 3 });
    const withReason = moveGroupInput(7, 3, 'Qualified as professional');
    expect(withReason).toEqual({ id: 7, group_id: 3, reason: 'Qualified as professional' });
    expect(adminSetUserGroupEndpoint.input.safeParse(withReason).success).toBe(true);
  });
});
