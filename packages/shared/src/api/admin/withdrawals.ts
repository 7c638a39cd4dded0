import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { idField, optionalId, optionalIntEnum, pageField, requiredText } from '../fields.js';
import { operatorAccess, pageOf, ROLES } from './common.js';

/** A withdrawal under review (docs/api.md "Funds"). Money in USD unless said otherwise. */
export const AdminWithdrawalSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_contact: z.string(),
  uid: z.string(),
  /** 1 coin, 2 bank. */
  type: z.number().int(),
  currency_code: z.string(),
  protocol: z.string(),
  /** USD requested and held. */
  amount: z.number(),
  fee: z.number(),
  /** What to pay, in the currency (2 decimals). */
  real_number: z.string(),
  usd_price: z.string(),
  /** The trader's memo. */
  memo: z.string(),
  /** Where to pay: a coin address, or the bank account (from the bound payout account). */
  address: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  /** 0 under review (held), 1 paid, 2 rejected (released). */
  status: z.number().int(),
  notes: z.string(),
  /** Paid: the bank transfer's reference or the chain's transaction id; "" otherwise. */
  payout_reference: z.string(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

/** GET /api/admin/withdrawals/list — newest first. */
export const adminWithdrawalsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/withdrawals/list',
  input: z.object({
    status: optionalIntEnum([0, 1, 2]),
    type: optionalIntEnum([1, 2]),
    user_id: optionalId,
    page: pageField,
  }),
  output: pageOf(AdminWithdrawalSchema),
  ...operatorAccess(ROLES.finance),
});

/** GET /api/admin/withdrawals/detail — one withdrawal. */
export const adminWithdrawalDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/withdrawals/detail',
  input: z.object({ id: idField }),
  output: AdminWithdrawalSchema,
  ...operatorAccess(ROLES.finance),
});

/** The longest payout reference, in characters (a chain's transaction id is 64 or 66). */
export const PAYOUT_REFERENCE_MAX = 128;

/**
 * Characters a payout reference may not hold: control characters (line breaks and tabs
 * included), invisible format characters (bidi overrides, zero-width spaces, which could
 * make it read as another), unassigned, private-use and surrogate code points, and line or
 * paragraph separators.
 */
const NOT_PRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * Why a payout reference, as typed, is refused — `required` (nothing but spaces), `invalid`
 * (longer than 128 characters after trimming, or a character that does not print) — or
 * null. The contract and the back office's form both ask this one function.
 */
export function payoutReferenceProblem(typed: string): 'required' | 'invalid' | null {
  const text = typed.trim();
  if (text === '') return 'required';
  if ([...text].length > PAYOUT_REFERENCE_MAX || NOT_PRINTABLE.test(text)) return 'invalid';
  return null;
}

/**
 * A paid withdrawal's payout reference (docs/api.md "Funds"): a string, trimmed, 1–128
 * printable characters. Absent reads as empty, so it is refused as required.
 */
export const payoutReferenceField = z.preprocess(
  (v) => (v === undefined ? '' : v),
  z
    .string()
    .max(PAYOUT_REFERENCE_MAX * 8)
    .superRefine((typed, ctx) => {
      const problem = payoutReferenceProblem(typed);
      if (problem) {
        const key = `errors.payout_reference_${problem}`;
        ctx.addIssue({ code: 'custom', message: key, params: { key } });
      }
    })
    .transform((typed) => typed.trim()),
);

/**
 * POST /api/admin/withdrawals/approve — marks a withdrawal under review paid, with the
 * payout's reference (the bank transfer's, or the chain's transaction id), which the
 * trader then sees: the held amount leaves the balance. Refused ("the balance no longer
 * covers this withdrawal") when losses since the request took the balance below it:
 * reject it instead. A second review answers "This request has already been processed".
 */
export const adminApproveWithdrawalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/withdrawals/approve',
  input: z.object({ id: idField, payout_reference: payoutReferenceField }),
  output: AdminWithdrawalSchema,
  ...operatorAccess(ROLES.finance),
});

/** POST /api/admin/withdrawals/reject — rejects with a note for the trader; the hold is released. */
export const adminRejectWithdrawalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/withdrawals/reject',
  input: z.object({ id: idField, notes: requiredText(200) }),
  output: AdminWithdrawalSchema,
  ...operatorAccess(ROLES.finance),
});
