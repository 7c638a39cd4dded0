import {
  adminApproveDepositEndpoint,
  adminInvalidateDepositEndpoint,
  adminRejectDepositEndpoint,
  ChargeStatus,
  ChargeType,
  type AdminDeposit,
} from '@pipwise/shared';
import { describe, expect, it } from 'vitest';
import { awaitsDecision, staleAfterDecision } from '@/components/review/review-actions';
import type { ConfirmAction, ReasonAction, ReviewAction } from '@/components/review/types';
import { DEPOSIT_STATUS } from '@/lib/labels';
import { t } from '@/test/english';
import { DEPOSIT_QUEUE, creditLine, declared, depositActions, listedUsd } from './deposit-actions';

const deposit: AdminDeposit = {
  id: 41,
  user_id: 7,
  user_contact: 'amira@example.com',
  uid: '1000007',
  channel_id: 3,
  type: ChargeType.Coin,
  currency_code: 'USDT',
  protocol_code: 'TRC20',
  number: '1234.5',
  usd_rate: '0.999',
  usd_estimate: 1233.27,
  address: 'TXsender0001',
  status: ChargeStatus.Unchecked,
  remark: '',
  credited: 0,
  proof_img: '/api/admin/image?name=0123456789abcdef0123456789abcdef.png',
  reviewed_by: null,
  reviewed_at: null,
  created_at: 1_760_000_000_000,
};

const byKey = (actions: ReviewAction[]) => new Map(actions.map((a) => [a.key, a]));
const confirm = (a: ReviewAction | undefined) => a as ConfirmAction;
const reason = (a: ReviewAction | undefined) => a as ReasonAction;

describe('a deposit under review', () => {
  const actions = depositActions(t, deposit);
  const by = byKey(actions);

  it('offers mark invalid, reject, then approve, each with its button', () => {
    expect(actions.map((a) => [a.key, a.kind, a.testId, a.look, a.label])).toEqual([
      ['invalidate', 'reason', 'deposit-invalidate', 'default', 'Mark invalid'],
      ['reject', 'reason', 'deposit-reject', 'danger', 'Reject'],
      ['approve', 'confirm', 'deposit-approve', 'primary', 'Approve and credit'],
    ]);
  });

  it('approving asks with the USD it credits now, then credits that deposit', () => {
    const approve = confirm(by.get('approve'));
    expect(approve.question).toBe('Credit about $1,233.27 to this trader now?');
    const call = approve.call();
    expect(call).toEqual({ endpoint: adminApproveDepositEndpoint, input: { id: 41 } });
    expect(adminApproveDepositEndpoint.input.parse(call.input)).toEqual({ id: 41 });
  });

  it('the amount is the estimate to the cent, never the declared number or the rate', () => {
    const big = confirm(byKey(depositActions(t, { ...deposit, usd_estimate: 1_000_000.25 })).get('approve'));
    expect(big.question).toBe('Credit about $1,000,000.25 to this trader now?');
    const small = confirm(byKey(depositActions(t, { ...deposit, usd_estimate: 0.5 })).get('approve'));
    expect(small.question).toBe('Credit about $0.50 to this trader now?');
  });

  it('rejecting and marking invalid send the remark the trader reads', () => {
    const reject = reason(by.get('reject'));
    const invalidate = reason(by.get('invalidate'));
    for (const refusal of [reject, invalidate]) {
      expect(refusal.reason).toEqual({
        label: 'Remark',
        help: 'The trader sees this remark with the deposit.',
      });
    }
    expect(reject.call('Proof unreadable')).toEqual({
      endpoint: adminRejectDepositEndpoint,
      input: { id: 41, remark: 'Proof unreadable' },
    });
    expect(invalidate.call('Duplicate proof')).toEqual({
      endpoint: adminInvalidateDepositEndpoint,
      input: { id: 41, remark: 'Duplicate proof' },
    });
  });
});

describe('the deposit queue', () => {
  it('waits on unchecked deposits only; a decision refreshes the deposits too', () => {
    expect(DEPOSIT_QUEUE).toMatchObject({
      name: 'deposit',
      statuses: DEPOSIT_STATUS,
      actions: depositActions,
    });
    const waiting = [...DEPOSIT_STATUS.keys()].filter((status) => awaitsDecision(DEPOSIT_QUEUE, { status }));
    expect(waiting).toEqual([ChargeStatus.Unchecked]);
    expect(staleAfterDecision(DEPOSIT_QUEUE)).toContain('/api/admin/deposits/');
  });
});

describe('deposit amounts', () => {
  it('the list shows what was credited once finished, else the estimate', () => {
    expect(listedUsd(deposit)).toBe(1233.27);
    expect(listedUsd({ ...deposit, status: ChargeStatus.Finished, credited: 1230 })).toBe(1230);
    expect(listedUsd({ ...deposit, status: ChargeStatus.Rejected })).toBe(1233.27);
  });

  it('the review says what approving credits, then what was credited', () => {
    expect(creditLine(t, deposit)).toEqual({ label: 'Approving now credits', amount: '$1,233.27' });
    expect(creditLine(t, { ...deposit, status: ChargeStatus.Finished, credited: 1230 })).toEqual({
      label: 'Credited',
      amount: '$1,230.00',
    });
    expect(creditLine(t, { ...deposit, status: ChargeStatus.Rejected }).amount).toBe('$0.00');
  });

  it('the declared amount names its currency and network', () => {
    expect(declared(deposit)).toBe('1234.5 USDT (TRC20)');
    expect(declared({ ...deposit, currency_code: 'EUR', protocol_code: '' })).toBe('1234.5 EUR');
  });
});
