import type { AdminUser } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isOn, toFlag, type FlagValue } from '@/lib/codes';

/** What a freeze button does: freeze or unfreeze login or trading. */
export interface Freeze {
  kind: 'login' | 'trading';
  /** The flag to set: 1 freezes, 0 lifts the freeze. */
  frozen: FlagValue;
}

/** The freeze each button offers now: the opposite of the user's present state. */
export function nextFreeze(
  user: Pick<AdminUser, 'login_frozen' | 'trading_frozen'>,
  kind: Freeze['kind'],
): Freeze {
  const frozen = isOn(kind === 'login' ? user.login_frozen : user.trading_frozen);
  return { kind, frozen: toFlag(!frozen) };
}

/** The text of a freeze button, its dialog's title and OK button. */
export function freezeText(t: TFunction, freeze: Freeze): string {
  const on = isOn(freeze.frozen);
  return freeze.kind === 'login'
    ? t(on ? 'admin_app.users.freeze_login' : 'admin_app.users.unfreeze_login')
    : t(on ? 'admin_app.users.freeze_trading' : 'admin_app.users.unfreeze_trading');
}

/** What is sent: the flag, and the reason only when one was written (it goes to the audit log). */
export function freezeInput(userId: number, freeze: Freeze, reason: string) {
  return { id: userId, frozen: freeze.frozen, ...(reason ? { reason } : {}) };
}
