import { describe, expect, it } from 'vitest';
import { Flag } from '@/lib/codes';
import { t } from '@/test/english';
import { freezeInput, freezeText, nextFreeze } from './freeze';

describe('freezing a trader', () => {
  const free = { login_frozen: Flag.Off, trading_frozen: Flag.Off };
  const frozen = { login_frozen: Flag.On, trading_frozen: Flag.On };

  it('each button offers the opposite of the present state', () => {
    expect(nextFreeze(free, 'login')).toEqual({ kind: 'login', frozen: Flag.On });
    expect(nextFreeze(frozen, 'trading')).toEqual({ kind: 'trading', frozen: Flag.Off });
    expect(freezeText(t, nextFreeze(free, 'login'))).toBe('Freeze login');
    expect(freezeText(t, nextFreeze(frozen, 'login'))).toBe('Unfreeze login');
    expect(freezeText(t, nextFreeze(free, 'trading'))).toBe('Freeze trading');
    expect(freezeText(t, nextFreeze(frozen, 'trading'))).toBe('Unfreeze trading');
  });

  it('sends the reason only when one was written', () => {
    expect(freezeInput(7, { kind: 'login', frozen: Flag.On }, '')).toEqual({ id: 7, frozen: 1 });
    expect(freezeInput(7, { kind: 'login', frozen: Flag.On }, 'Chargeback')).toEqual({
      id: 7,
      frozen: 1,
      reason: 'Chargeback',
    });
  });
});
