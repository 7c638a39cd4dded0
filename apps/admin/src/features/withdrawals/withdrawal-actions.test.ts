import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  DrawType,
  WithdrawStatus,
  type AdminWithdrawal,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { awaitsDecision, staleAfterDecision } from '@/components/review/review-actions';
import type { ConfirmAction, ReasonAction } from '@/components/review/types';
import { WITHDRAWAL_STATUS } from '@/lib/labels';
import { t } from '@/test/english';
import { WITHDRAWAL_QUEUE, method, paysToAddress, payout, withdrawalActions } from './withdrawal-actions';

const withdrawal: AdminWithdrawal = {
  id: 58,
  user_id: 7,
  user_contact: 'amira@example.com',
  uid: '1000007',
  type: DrawType.Coin,
  currency_code: 'USDT',
  protocol: 'TRC20',
  amount: 100,
  fee: 1.5,
  real_number: '98.50',
  usd_price: '1',
  memo: 'to my wallet',
  address: 'TXpayee0001',
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  status: WithdrawStatus.Pending,
  notes: '',
  reviewed_by: null,
  reviewed_at: null,
  created_at: 1_760_000_000_000,
};

describe('a withdrawal under review', () => {
  const [reject, approve] = withdrawalActions(t, withdrawal) as [ReasonAction, ConfirmAction];

  it('offers reject and release, then mark as paid', () => {
    expect([reject.key, reject.kind, reject.testId, reject.look, reject.label]).toEqual([
      'reject',
      'reason',
      'withdrawal-reject',
      'danger',
      'Reject and release',
    ]);
    expect([approve.key, approve.kind, approve.testId, approve.look, approve.label]).toEqual([
      'approve',
      'confirm',
      'withdrawal-approve',
      'primary',
      'Mark as paid',
    ]);
  });

  it('marking paid asks whether the amount in the currency was paid, then pays that withdrawal', () => {
    expect(approve.question).toBe("Have you paid 98.50 USDT? The held amount leaves the trader's balance.");
    expect(approve.call()).toEqual({ endpoint: adminApproveWithdrawalEndpoint, input: { id: 58 } });
  });

  it('the amount asked about is what to pay, not the USD requested nor the fee', () => {
    const euros = { ...withdrawal, type: DrawType.Bank, currency_code: 'EUR', real_number: '91.37' };
    const question = (withdrawalActions(t, euros)[1] as ConfirmAction).question;
    expect(question).toBe("Have you paid 91.37 EUR? The held amount leaves the trader's balance.");
    expect(question).not.toContain('100');
  });

  it('rejecting sends the note the trader reads', () => {
    expect(reject.reason).toEqual({
      label: 'Note for the trader',
      help: 'The trader sees this note with the withdrawal.',
    });
    const call = reject.call('The address refuses TRC20');
    expect(call).toEqual({
      endpoint: adminRejectWithdrawalEndpoint,
      input: { id: 58, notes: 'The address refuses TRC20' },
    });
    expect(adminRejectWithdrawalEndpoint.input.parse(call.input)).toEqual(call.input);
  });
});

describe('withdrawal lines', () => {
  it('the queue waits on pending withdrawals only; a decision refreshes them too', () => {
    expect(WITHDRAWAL_QUEUE).toMatchObject({
      name: 'withdrawal',
      statuses: WITHDRAWAL_STATUS,
      actions: withdrawalActions,
    });
    const waiting = [...WITHDRAWAL_STATUS.keys()].filter((status) =>
      awaitsDecision(WITHDRAWAL_QUEUE, { status }),
    );
    expect(waiting).toEqual([WithdrawStatus.Pending]);
    expect(staleAfterDecision(WITHDRAWAL_QUEUE)).toContain('/api/admin/withdrawals/');
  });

  it('says how and where it is paid', () => {
    expect(payout(withdrawal)).toBe('98.50 USDT');
    expect(method(t, withdrawal)).toBe('Coin · USDT TRC20');
    expect(method(t, { ...withdrawal, type: DrawType.Bank, currency_code: 'EUR', protocol: '' })).toBe(
      'Bank · EUR',
    );
    expect(paysToAddress(withdrawal)).toBe(true);
    expect(paysToAddress({ type: DrawType.Bank })).toBe(false);
  });
});
