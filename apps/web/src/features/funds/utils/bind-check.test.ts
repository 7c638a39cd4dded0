import { describe, expect, it } from 'vitest';
import { BIND_MAX_LENGTH, checkBankBinding, checkCoinBinding } from './bind-check';

const bank = {
  currencyId: 3,
  bank_name: 'HSBC',
  payee_name: 'Chan Tai Man',
  payee_account: '004-123-456789-001',
  bank_swift: '',
  bank_address: '',
};

describe('binding a coin address', () => {
  it('needs a currency and an address, without spaces', () => {
    expect(checkCoinBinding({ currencyId: null, address: 'T1' })).toEqual({
      field: 'currency',
      kind: 'required',
    });
    expect(checkCoinBinding({ currencyId: 1, address: '   ' })).toEqual({
      field: 'dc_address',
      kind: 'required',
    });
    expect(checkCoinBinding({ currencyId: 1, address: 'TX a' })).toEqual({
      field: 'dc_address',
      kind: 'invalid',
    });
    expect(checkCoinBinding({ currencyId: 1, address: 'x'.repeat(BIND_MAX_LENGTH.dc_address + 1) })).toEqual({
      field: 'dc_address',
      kind: 'too_long',
    });
    expect(checkCoinBinding({ currencyId: 1, address: ' TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7 ' })).toBeNull();
  });
});

describe('binding a bank account', () => {
  it('needs bank, holder and account; SWIFT and address are optional', () => {
    expect(checkBankBinding(bank)).toBeNull();
    expect(checkBankBinding({ ...bank, payee_name: ' ' })).toEqual({ field: 'payee_name', kind: 'required' });
    expect(checkBankBinding({ ...bank, payee_account: '' })).toEqual({
      field: 'payee_account',
      kind: 'required',
    });
    expect(checkBankBinding({ ...bank, bank_name: '' })).toEqual({ field: 'bank_name', kind: 'required' });
    expect(checkBankBinding({ ...bank, currencyId: null })).toEqual({ field: 'currency', kind: 'required' });
  });

  it('checks lengths and the SWIFT/BIC shape', () => {
    expect(checkBankBinding({ ...bank, bank_address: 'a'.repeat(201) })).toEqual({
      field: 'bank_address',
      kind: 'too_long',
    });
    expect(checkBankBinding({ ...bank, bank_swift: 'hsbchkhh' })).toBeNull();
    expect(checkBankBinding({ ...bank, bank_swift: 'HSBCHKHHHKH' })).toBeNull();
    expect(checkBankBinding({ ...bank, bank_swift: 'HSBC12' })).toEqual({
      field: 'bank_swift',
      kind: 'invalid',
    });
    expect(checkBankBinding({ ...bank, bank_swift: '1SBCHKHH' })).toEqual({
      field: 'bank_swift',
      kind: 'invalid',
    });
  });
});
