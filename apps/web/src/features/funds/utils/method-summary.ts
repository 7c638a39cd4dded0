import type { DrawMethod } from '@pipwise/shared';

/**
 * A bound account in two short lines, for the withdraw picker: the coin and network with the
 * address shortened in the middle (its ends are what people compare), or the bank with
 * the account's last digits.
 */
export function methodSummary(method: DrawMethod): { title: string; detail: string; code: boolean } {
  if (method.type === 1) {
    const { code, protocol } = method.draw_currency;
    return {
      title: protocol ? `${code} · ${protocol}` : code,
      detail: shortenMiddle(method.dc_address),
      code: true,
    };
  }
  const account = method.payee_account;
  const tail = account.length > 4 ? `•••• ${account.slice(-4)}` : account;
  return {
    title: method.bank_name || method.draw_currency.code,
    detail: `${method.payee_name} ${tail}`.trim(),
    code: false,
  };
}

/** "TXYZabc…89kLm": the first 8 and last 6 characters of a long address. */
export function shortenMiddle(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}
