import { TRADE_FEE_PER_LOT } from '../math/fee.js';
import { WITHDRAW_FEE_FIXED } from '../math/withdraw.js';

/**
 * The codes of operator settings and configuration fields (docs/product.md §3 "App
 * settings"), named once for the server and both apps: no one writes the bare number.
 */

/** A 0/1 flag of the contract (`flagField`): enabled, shown, frozen, demo, sample … */
export const Flag = { Off: 0, On: 1 } as const;
export type FlagValue = (typeof Flag)[keyof typeof Flag];

/** Withdraw currency `fee_type`: a fixed fee (`draw_rate`) or a rate of the amount. */
export const WithdrawFeeType = { Fixed: WITHDRAW_FEE_FIXED, Rate: 2 } as const;
export type WithdrawFeeTypeValue = (typeof WithdrawFeeType)[keyof typeof WithdrawFeeType];

/** Setting `trade_fee_type`: the fee per lot, or a rate of the margin. */
export const TradeFeeType = { PerLot: TRADE_FEE_PER_LOT, OfMargin: 2 } as const;

/** Setting `service_link_type`: how the customer-service link opens in the traders' app. */
export const ServiceLinkType = { InApp: 1, Dialog: 2, Redirect: 3 } as const;

/** Setting `verify_reg_type`: whether registration asks for the image code. */
export const RegistrationCaptcha = { Off: 1, Required: 2 } as const;

/** Setting `is_show_mobile`: how registration asks for a phone number. */
export const PhoneAtRegistration = { Hidden: 0, WithAreaCode: 1, NumberOnly: 3 } as const;
