/**
 * The bind form's own checks before it is sent (docs/product.md §5: the fields of a coin address or
 * a bank account). The server checks again, and it alone checks an address against its
 * network's checksum.
 */
export const BANK_FIELDS = [
  'bank_name',
  'payee_name',
  'payee_account',
  'bank_swift',
  'bank_address',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BindField = 'dc_address' | BankField;

/** The contract's length limits (packages/shared/src/api/funds.ts, bind_draw_method). */
export const BIND_MAX_LENGTH: Record<BindField, number> = {
  dc_address: 128,
  bank_name: 100,
  bank_address: 200,
  bank_swift: 11,
  payee_name: 100,
  payee_account: 64,
};

/** Bank fields a payout cannot do without; SWIFT and the bank's address are for abroad. */
const REQUIRED_BANK: readonly BankField[] = ['bank_name', 'payee_name', 'payee_account'];

export type BindProblem = { field: BindField | 'currency'; kind: 'required' | 'too_long' | 'invalid' };

/** A SWIFT/BIC: 4 bank letters, 2 country letters, 2 location characters, optional branch. */
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export function checkCoinBinding(values: { currencyId: number | null; address: string }): BindProblem | null {
  if (values.currencyId === null) return { field: 'currency', kind: 'required' };
  const address = values.address.trim();
  if (!address) return { field: 'dc_address', kind: 'required' };
  if (address.length > BIND_MAX_LENGTH.dc_address) return { field: 'dc_address', kind: 'too_long' };
  if (/\s/.test(address)) return { field: 'dc_address', kind: 'invalid' };
  return null;
}

export function checkBankBinding(
  values: { currencyId: number | null } & Record<BankField, string>,
): BindProblem | null {
  if (values.currencyId === null) return { field: 'currency', kind: 'required' };
  for (const field of BANK_FIELDS) {
    const value = values[field].trim();
    if (!value && REQUIRED_BANK.includes(field)) return { field, kind: 'required' };
    if (value.length > BIND_MAX_LENGTH[field]) return { field, kind: 'too_long' };
  }
  const swift = values.bank_swift.trim().toUpperCase();
  if (swift && !SWIFT.test(swift)) return { field: 'bank_swift', kind: 'invalid' };
  return null;
}
