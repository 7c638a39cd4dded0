import {
  ChargeStatus,
  ChargeType,
  DrawType,
  FeedbackStatus,
  ReviewStatus,
  WithdrawStatus,
} from '@pipwise/shared';
import type { ParseKeys, TFunction } from 'i18next';
import type { ValueOf } from './codes';

/**
 * What a status or type code reads as, and the colour of its tag: one table per code of the
 * contract, so a list, a filter and a drawer all say the same for the same code.
 */

/** antd tag colours used for states. */
export type TagColor = 'gold' | 'green' | 'red' | 'orange' | 'blue' | 'purple' | 'default';

type Key = ParseKeys;

export interface CodeStyle {
  label: Key;
  color: TagColor;
}

/** The code's style, in the order the filters offer the codes. */
export type CodeStyles<C extends number> = ReadonlyMap<C, CodeStyle>;

const styles = <C extends number>(entries: [C, Key, TagColor][]): CodeStyles<C> =>
  new Map(entries.map(([code, label, color]) => [code, { label, color }]));

export type DepositStatus = ValueOf<typeof ChargeStatus>;
export const DEPOSIT_STATUS = styles<DepositStatus>([
  [ChargeStatus.Unchecked, 'deposit_status.s0', 'gold'],
  [ChargeStatus.Finished, 'deposit_status.s1', 'green'],
  [ChargeStatus.Rejected, 'deposit_status.s2', 'red'],
  [ChargeStatus.Invalid, 'deposit_status.s3', 'default'],
]);

export type WithdrawalStatus = ValueOf<typeof WithdrawStatus>;
export const WITHDRAWAL_STATUS = styles<WithdrawalStatus>([
  [WithdrawStatus.Pending, 'withdraw_status.s0', 'gold'],
  [WithdrawStatus.Paid, 'withdraw_status.s1', 'green'],
  [WithdrawStatus.Rejected, 'withdraw_status.s2', 'red'],
]);

export type IdentityStatus = ValueOf<typeof ReviewStatus>;
export const IDENTITY_STATUS = styles<IdentityStatus>([
  [ReviewStatus.None, 'admin_app.identity.status_0', 'default'],
  [ReviewStatus.Review, 'admin_app.identity.status_1', 'gold'],
  [ReviewStatus.Verified, 'admin_app.identity.status_2', 'green'],
  [ReviewStatus.Rejected, 'admin_app.identity.status_3', 'red'],
]);

export const FEEDBACK_STATUS = styles<ValueOf<typeof FeedbackStatus>>([
  [FeedbackStatus.Open, 'admin_app.feedback.open', 'gold'],
  [FeedbackStatus.Handled, 'admin_app.feedback.handled', 'green'],
]);

/** A deposit's channel type: coin, bank wire or card. */
export const DEPOSIT_TYPE = styles<ValueOf<typeof ChargeType>>([
  [ChargeType.Coin, 'admin_app.deposits.type_coin', 'default'],
  [ChargeType.Wire, 'admin_app.deposits.type_wire', 'default'],
  [ChargeType.Card, 'admin_app.deposits.type_card', 'default'],
]);

/** A withdrawal's (and a withdraw currency's) type: coin or bank. */
export const DRAW_TYPE = styles<ValueOf<typeof DrawType>>([
  [DrawType.Coin, 'admin_app.withdrawals.type_coin', 'default'],
  [DrawType.Bank, 'admin_app.withdrawals.type_bank', 'default'],
]);

/** The style of a code; one the table does not know reads as the number itself. */
export function styleOf(
  table: CodeStyles<number>,
  code: number,
): { text: (t: TFunction) => string; color: TagColor } {
  const style = table.get(code);
  return {
    text: (t) => (style ? t(style.label) : String(code)),
    color: style?.color ?? 'default',
  };
}

/** The label of a code in the operator's language. */
export const labelOf = (t: TFunction, table: CodeStyles<number>, code: number): string =>
  styleOf(table, code).text(t);

/** Select options of a table's codes (all of them, or the ones listed). */
export function codeOptions<C extends number>(
  t: TFunction,
  table: CodeStyles<C>,
  only?: readonly C[],
): { value: C; label: string }[] {
  return [...table.keys()]
    .filter((code) => !only || only.includes(code))
    .map((code) => ({ value: code, label: labelOf(t, table, code) }));
}
