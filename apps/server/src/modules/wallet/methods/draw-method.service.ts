import { DrawType, type DrawMethod } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import type { AccountTransactions } from '../../../core/money/account-transactions.js';
import { findEnabledCurrency } from '../channels/channel.repository.js';
import { addressFamily, canonicalAddress, isValidAddress } from './address-check.js';
import * as repo from './draw-method.repository.js';
import type { DrawMethodWithCurrency } from './draw-method.repository.js';

/** What a trader sends to bind an account (the contract's fields, already trimmed and bounded). */
export interface BindMethodInput {
  type: 1 | 2;
  draw_id: number;
  dc_address?: string | undefined;
  bank_name?: string | undefined;
  bank_address?: string | undefined;
  bank_swift?: string | undefined;
  payee_name?: string | undefined;
  payee_account?: string | undefined;
}

/** Bound accounts of one type a user may keep at once (a list, not a table to fill). */
export const MAX_METHODS_PER_TYPE = 20;

/** ISO 9362 BIC: 4 bank, 2 country letters, 2 location, optionally 3 branch characters. */
const SWIFT = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/** Line breaks, tabs and other control characters have no place in an account's fields. */
const CONTROL = /\p{Cc}/u;

/**
 * A field the contract accepted but the rules refuse (it depends on the type or the
 * currency): a business refusal that still names its field in `data.field`.
 */
const invalidField = (key: string, field: string, vars: Record<string, unknown> = {}) =>
  AppError.rule(key, { ...vars, field });

/**
 * Bound payout accounts (spec "Withdraw method"): coin addresses checked for their
 * currency's network, bank accounts with their required fields. Removing one is refused
 * while a withdrawal under review pays to it.
 */
export class DrawMethodService {
  constructor(
    private readonly db: Db,
    private readonly transactions: AccountTransactions,
    private readonly now: () => number,
  ) {}

  async list(userId: number, type: number, currencyId?: number): Promise<DrawMethod[]> {
    return (await repo.listOwnMethods(this.db, userId, type, currencyId)).map(toDrawMethod);
  }

  async bind(userId: number, input: BindMethodInput): Promise<DrawMethod> {
    const currency = await findEnabledCurrency(this.db, input.draw_id);
    if (!currency) throw AppError.rule('errors.withdraw_currency_unknown');
    if (Number(currency.type) !== input.type) throw AppError.rule('errors.draw_currency_wrong_type');

    const fields = input.type === DrawType.Coin ? coinFields(input, currency.protocol) : bankFields(input);
    if ((await repo.countOwnMethods(this.db, userId, input.type)) >= MAX_METHODS_PER_TYPE)
      throw AppError.rule('errors.draw_method_limit', { max: MAX_METHODS_PER_TYPE });
    if (await repo.findSameMethod(this.db, userId, Number(currency.id), fields))
      throw AppError.rule('errors.draw_method_duplicate');

    const row = await repo.insertMethod(this.db, {
      user_id: userId,
      type: input.type,
      draw_currency_id: Number(currency.id),
      ...fields,
      created_at: this.now(),
    });
    return toDrawMethod({ ...row, currency_code: currency.code, currency_protocol: currency.protocol });
  }

  /**
   * Removes a bound account (kept for the withdrawals that used it). Runs under the user's
   * account lock, as a withdrawal request does (docs/money.md "One authority"): a request
   * for this account and its removal cannot cross, on one instance or several.
   */
  remove(userId: number, id: number): Promise<void> {
    return this.transactions.run(userId, async (tx) => {
      const method = await repo.findOwnMethod(tx.trx, userId, id);
      if (!method) throw AppError.rule('errors.draw_method_not_found');
      if (await repo.hasPendingWithdrawal(tx.trx, id)) throw AppError.rule('errors.draw_method_in_use');
      if (!(await repo.softDeleteMethod(tx.trx, userId, id, tx.now)))
        throw AppError.rule('errors.draw_method_not_found');
    });
  }
}

/** A coin address, checked for the currency's network; the bank fields stay empty. */
function coinFields(input: BindMethodInput, protocol: string) {
  const address = input.dc_address ?? '';
  if (!address) throw invalidField('errors.field_required', 'dc_address');
  const family = addressFamily(protocol);
  if (!family) throw AppError.rule('errors.address_network_unsupported', { network: protocol });
  if (!isValidAddress(family, address))
    throw invalidField('errors.address_invalid', 'dc_address', { network: protocol });
  return { dc_address: canonicalAddress(family, address), payee_account: '' };
}

/** A bank account: bank, payee and account required; SWIFT optional but well formed. */
function bankFields(input: BindMethodInput) {
  const required = ['bank_name', 'payee_name', 'payee_account'] as const;
  for (const field of required) {
    if (!input[field]) throw invalidField('errors.field_required', field);
  }
  for (const field of [...required, 'bank_address', 'bank_swift'] as const) {
    if (CONTROL.test(input[field] ?? '')) throw invalidField('errors.field_invalid', field);
  }
  const swift = (input.bank_swift ?? '').toUpperCase();
  if (swift && !SWIFT.test(swift)) throw invalidField('errors.swift_invalid', 'bank_swift');
  return {
    dc_address: '',
    bank_name: input.bank_name ?? '',
    bank_address: input.bank_address ?? '',
    bank_swift: swift,
    payee_name: input.payee_name ?? '',
    payee_account: input.payee_account ?? '',
  };
}

export function toDrawMethod(row: DrawMethodWithCurrency): DrawMethod {
  return {
    id: Number(row.id),
    type: Number(row.type),
    dc_address: row.dc_address,
    bank_name: row.bank_name,
    bank_address: row.bank_address,
    bank_swift: row.bank_swift,
    payee_name: row.payee_name,
    payee_account: row.payee_account,
    draw_currency: {
      id: Number(row.draw_currency_id),
      code: row.currency_code,
      protocol: row.currency_protocol,
    },
  };
}
