import type { AdminUser } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isOn, toFlag, type FlagValue } from '@/lib/codes';

/**
 * Routing a trader's orders to the liquidity provider (A-book, docs/execution.md): what the
 * button offers, what it says, and whether it is offered at all.
 */

/** The flag the button sets: the opposite of the trader's present routing. */
export const nextABook = (user: Pick<AdminUser, 'a_book'>): FlagValue => toFlag(!isOn(user.a_book));

/**
 * Demo money never reaches the provider: a demo trader is never offered A-book, only the
 * way back if the flag was set some other way (the server refuses the rest).
 */
export const offersABook = (user: Pick<AdminUser, 'a_book' | 'is_demo'>): boolean =>
  !isOn(user.is_demo) || isOn(user.a_book);

/** The button's text, its dialog's title and OK button. */
export const aBookText = (t: TFunction, flag: FlagValue): string =>
  t(isOn(flag) ? 'admin_execution.set_a_book' : 'admin_execution.clear_a_book');

/** What setting or clearing it does, under the reason. */
export const aBookHelp = (t: TFunction, flag: FlagValue): string =>
  t(isOn(flag) ? 'admin_execution.set_help' : 'admin_execution.clear_help');

/** What is sent: the flag, and the reason only when one was written (it goes to the audit log). */
export const aBookInput = (userId: number, flag: FlagValue, reason: string) => ({
  id: userId,
  a_book: flag,
  ...(reason ? { reason } : {}),
});
