import { DrawType, WithdrawStatus, type AdminWithdrawal } from '@pipwise/shared';

/** A coin withdrawal waiting for review, as the queue lists it; tests change what they need. */
export function pendingCoinWithdrawal(change: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
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
    memo: '',
    address: 'TXpayee0001',
    bank_name: '',
    bank_address: '',
    bank_swift: '',
    payee_name: '',
    payee_account: '',
    status: WithdrawStatus.Pending,
    notes: '',
    payout_reference: '',
    reviewed_by: null,
    reviewed_at: null,
    created_at: 1_760_000_000_000,
    ...change,
  };
}
