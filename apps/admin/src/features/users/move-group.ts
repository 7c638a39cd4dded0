import type { AccountKind, AdminGroup, AdminUser } from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isOn } from '@/lib/codes';

/**
 * Moving a trader's account to another trading group (docs/trading-groups.md): only groups
 * of the account's kind — a demo account to a demo group — and never the one it is in.
 */

/** The kind of groups the trader's account may be in. */
export const accountKindOf = (user: Pick<AdminUser, 'is_demo'>): AccountKind =>
  isOn(user.is_demo) ? 'demo' : 'real';

/** A group as the trader page names it: "Standard", or "Standard (default)". */
export const groupLabel = (t: TFunction, group: Pick<AdminGroup, 'name' | 'is_default'>): string =>
  isOn(group.is_default) ? t('admin_groups.default_name', { name: group.name }) : group.name;

/** The account's group by name; null before the account exists, `#id` while the list loads. */
export function groupNameOf(
  t: TFunction,
  groups: readonly AdminGroup[] | undefined,
  user: Pick<AdminUser, 'group_id'>,
): string | null {
  if (user.group_id === null) return null;
  const group = groups?.find((g) => g.id === user.group_id);
  return group ? groupLabel(t, group) : `#${user.group_id}`;
}

/** The groups it may move to: of its kind, not its own, defaults first as the list has them. */
export function moveChoices(
  t: TFunction,
  groups: readonly AdminGroup[],
  user: Pick<AdminUser, 'is_demo' | 'group_id'>,
): { value: number; label: string }[] {
  const kind = accountKindOf(user);
  return groups
    .filter((g) => g.account_kind === kind && g.id !== user.group_id)
    .map((g) => ({ value: g.id, label: groupLabel(t, g) }));
}

/** Offered only where there is an account to move (it has a group). */
export const offersMove = (user: Pick<AdminUser, 'group_id'>): boolean => user.group_id !== null;

/** What is sent: the group, and the reason only when one was written (it goes to the audit log). */
export const moveGroupInput = (userId: number, groupId: number, reason: string) => ({
  id: userId,
  group_id: groupId,
  ...(reason ? { reason } : {}),
});
