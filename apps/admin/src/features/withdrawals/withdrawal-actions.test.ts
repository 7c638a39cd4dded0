import {
  adminApproveWithdrawalEndpoint,
  adminRejectWithdrawalEndpoint,
  DrawType,
  WithdrawStatus,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { awaitsDecision, staleAfterDecision } from '@/components/review/review-actions';
import type { EntryAction, ReasonAction } from '@/components/review/types';
import { WITHDRAWAL_STATUS } from '@/lib/labels';
import { t } from '@/test/english';
import {
  WITHDRAWAL_QUEUE,
  method,
  paysToAddress,
  payout,
  payoutReferenceMessage,
  withdrawalActions,
} from './withdrawal-actions';
import { pendingCoinWithdrawal } from './withdrawal.fixture';

const withdrawal = pendingCoinWithdrawal({ memo: 'to my wallet' });

describe('a withdrawal under review', () => {
  const [reject, approve] = withdrawalActions(t, withdrawal) as [ReasonAction, EntryAction];

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
      'entry',
      'withdrawal-approve',
      'primary',
      'Mark as paid',
    ]);
  });

  it('marking paid asks whether the amount in the currency was paid and for its reference, then pays that withdrawal with it', () => {
    expect(approve.question).toBe("Have you paid 98.50 USDT? The held amount leaves the trader's balance.");
    expect(approve.field).toMatchObject({
      label: 'Payout reference',
      help: "The bank transfer's reference, or the transaction ID (hash) on the chain. The trader sees it with the withdrawal.",
      maxLength: 128,
    });
    const call = approve.call('0x9f2c7d');
    expect(call).toEqual({
      endpoint: adminApproveWithdrawalEndpoint,
      input: { id: 58, payout_reference: '0x9f2c7d' },
    });
    expect(adminApproveWithdrawalEndpoint.input.parse(call.input)).toEqual(call.input);
  });

  it('says what is wrong with a reference as it is typed, as the server would', () => {
    const invalid = 'Use 1 to 128 printable characters, without line breaks or control characters.';
    expect(approve.field.problem('')).toBe('Required');
    expect(approve.field.problem('   ')).toBe('Required');
    expect(approve.field.problem('WIRE\n2026')).toBe(invalid);
    expect(approve.field.problem('abc\u202Edef')).toBe(invalid);
    expect(approve.field.problem('x'.repeat(129))).toBe(invalid);
    expect(approve.field.problem(`  ${'x'.repeat(128)}  `)).toBeNull();
    expect(approve.field.problem('FT24117 0009 BANK')).toBeNull();
    expect(payoutReferenceMessage(t, '轉賬 12345')).toBeNull();
    for (const typed of ['', 'a\tb', 'x'.repeat(129)])
      expect(
        adminApproveWithdrawalEndpoint.input.safeParse({ id: 58, payout_reference: typed }).success,
      ).toBe(false);
  });

  it('the amount asked about is what to pay, not the USD requested nor the fee', () => {
    const euros = { ...withdrawal, type: DrawType.Bank, currency_code: 'EUR', real_number: '91.37' };
    const question = (withdrawalActions(t, euros)[1] as EntryAction).question;
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
