/**
 * The contract's setting and field codes (packages/shared domain/setting-codes.ts, the
 * outbox's in api/admin/outbox.ts), with the back office's helpers for 0/1 flags.
 */
import { Flag, type FlagValue } from '@pipwise/shared';

export {
  Flag,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  PhoneAtRegistration,
  RegistrationCaptcha,
  ServiceLinkType,
  TradeFeeType,
  WithdrawFeeType,
  type FlagValue,
  type OutboxChannel,
  type OutboxStatus,
  type WithdrawFeeTypeValue,
} from '@pipwise/shared';

/** The values of a `{ Name: code }` object. */
export type ValueOf<T> = T[keyof T];

export const toFlag = (on: boolean): FlagValue => (on ? Flag.On : Flag.Off);
export const isOn = (flag: number | boolean | null | undefined): boolean => flag === Flag.On || flag === true;
