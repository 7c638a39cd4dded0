import { DEPOSIT_AMOUNT_RANGE, WITHDRAW_AMOUNT_RANGE } from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { amountForWire } from './amount-text';
import { checkDeposit } from './deposit-check';

const done = { url: '/api/common/image/p.png', uploading: false };

describe('amount text as the API takes it', () => {
  it('sends one canonical spelling', () => {
    expect(amountForWire('12.', DEPOSIT_AMOUNT_RANGE)).toEqual({ value: '12' });
    expect(amountForWire('.5', DEPOSIT_AMOUNT_RANGE)).toEqual({ value: '0.5' });
    expect(amountForWire(' 0.00012345 ', DEPOSIT_AMOUNT_RANGE)).toEqual({ value: '0.00012345' });
    expect(amountForWire('100.10', WITHDRAW_AMOUNT_RANGE)).toEqual({ value: '100.1' });
  });

  it('refuses empty, zero, too many decimals and too large', () => {
    expect(amountForWire('  ', DEPOSIT_AMOUNT_RANGE)).toEqual({ problem: 'amount_required' });
    for (const text of ['0', '0.000000001', '1000000001', '1,5', '-1', '1e2']) {
      expect(amountForWire(text, DEPOSIT_AMOUNT_RANGE), text).toEqual({ problem: 'amount_invalid' });
    }
    expect(amountForWire('1.005', WITHDRAW_AMOUNT_RANGE)).toEqual({ problem: 'amount_invalid' });
  });
});

describe('deposit form check', () => {
  it('passes an amount with a finished proof', () => {
    expect(checkDeposit({ amount: '250.5', proof: done })).toEqual({
      ok: true,
      number: '250.5',
      proofImg: '/api/common/image/p.png',
    });
  });

  it('asks for the amount first, then for the proof, and waits for a running upload', () => {
    expect(checkDeposit({ amount: '', proof: { url: null, uploading: false } })).toMatchObject({
      field: 'amount',
      problem: 'amount_required',
    });
    expect(checkDeposit({ amount: '10', proof: { url: null, uploading: false } })).toMatchObject({
      field: 'proof',
      problem: 'proof_required',
    });
    expect(checkDeposit({ amount: '10', proof: { url: null, uploading: true } })).toMatchObject({
      field: 'proof',
      problem: 'proof_uploading',
    });
  });
});
