import { ChargeType } from '@pipwise/shared';
import type { ChargeKind } from '../api/get-charge-records';

/** The deposit methods, in the order the deposit page and its history filter list them. */
export const CHARGE_KINDS = [
  ChargeType.Coin,
  ChargeType.Wire,
  ChargeType.Card,
] as const satisfies readonly ChargeKind[];

/** The name of each deposit method (the deposit page's tabs, the history's filter and rows). */
export const CHARGE_KIND_LABEL = {
  [ChargeType.Coin]: 'funds.method_coin',
  [ChargeType.Wire]: 'funds.method_wire',
  [ChargeType.Card]: 'funds.method_card',
} as const satisfies Record<ChargeKind, string>;

/** A record's `type` as a method the app knows, or null for one it does not. */
export function chargeKindOf(type: number): ChargeKind | null {
  return (CHARGE_KINDS as readonly number[]).includes(type) ? (type as ChargeKind) : null;
}
