import {
  withdrawalsInTransit,
  Dec,
  fromMicros,
  toMicros,
  payoutReferenceProblem,
  withdrawableAmount,
  withdrawArrival,
  withdrawFee,
  WithdrawStatus,
  type MicroUsd,
} from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import { once } from '../../idempotency/index.js';
import type { NoticeWriter } from '../../notify/index.js';
import type { Figures } from '../../trading/index.js';
import type { AccountTransactions, AccountTx } from '../../../core/money/account-transactions.js';
import type { ReviewAudit } from '../deposits/deposit.service.js';
import { findEnabledCurrency } from '../channels/channel.repository.js';
import { findOwnMethod } from '../methods/draw-method.repository.js';
import * as repo from './withdrawal.repository.js';
import type { WithdrawalRow } from './withdrawal.repository.js';

export interface WithdrawalRequest {
  currencyId: number;
  /** Canonical decimal USD, to the cent. */
  number: string;
  methodId: number;
  memo?: string | undefined;
}

export interface WithdrawalDeps {
  db: Db;
  transactions: AccountTransactions;
  /** The account's figures inside its transaction (the trade desk's, from the database). */
  figures: (tx: AccountTx) => Promise<Figures>;
  /** The same, outside a transaction (for showing what can be withdrawn). */
  readFigures: (userId: number) => Promise<Figures>;
  /** The trader's inbox: told of each decision in its transaction (docs/notifications.md). */
  inbox?: NoticeWriter;
}

/** What can be withdrawn now, micro-USD: the shared rule (`withdrawableAmount`) on the live figures. */
export function withdrawable(f: Figures): MicroUsd {
  return toMicros(withdrawableAmount({ balance: f.balance, held: f.held, freeMargin: f.freeMargin }));
}

/**
 * Withdrawals: a request holds the amount in lock_balance; an operator pays it out
 * (approve) or releases it (reject). Each is one account transaction with its ledger row.
 */
export class WithdrawalService {
  constructor(private readonly deps: WithdrawalDeps) {}

  /** Requests a withdrawal; a repeated idempotency key requests one. */
  request(userId: number, input: WithdrawalRequest, idempotencyKey?: string): Promise<WithdrawalRow> {
    const key = idempotencyKey ? { scope: 'withdraw_request', key: idempotencyKey, body: input } : undefined;
    return this.deps.transactions.run(userId, (tx) => once(tx, key, () => this.hold(tx, input)));
  }

  records(userId: number, type: number, page: number, size: number) {
    return repo.pageWithdrawals(this.deps.db, userId, type, page, size);
  }

  async withdrawable(userId: number): Promise<MicroUsd> {
    return withdrawable(await this.deps.readFigures(userId));
  }

  /**
   * Pays a withdrawal out: the held amount leaves the balance and the hold. An operator's
   * payment carries its payout reference (the bank transfer's, or the chain's transaction
   * id: `payoutReferenceProblem`), which the trader sees with the withdrawal; only the
   * system's own callers (operatorId null: tests, tools) may pay without one.
   */
  async approve(
    withdrawalId: number,
    operatorId: number | null,
    audit?: ReviewAudit<WithdrawalRow>,
    payoutReference?: string,
  ): Promise<WithdrawalRow> {
    const reference = (payoutReference ?? '').trim();
    if (operatorId !== null || reference !== '') {
      const problem = payoutReferenceProblem(reference);
      if (problem) throw AppError.rule(`errors.payout_reference_${problem}`, { field: 'payout_reference' });
    }
    return this.review(withdrawalId, audit, async (tx, w) => {
      const paid = await repo.transitionWithdrawal(tx.trx, Number(w.id), WithdrawStatus.Pending, {
        status: WithdrawStatus.Paid,
        payout_reference: reference,
        reviewed_by: operatorId,
        reviewed_at: tx.now,
      });
      if (!paid) throw AppError.rule('errors.already_reviewed');
      const after = await tx.post({
        kind: 'withdraw_paid',
        amount: w.amount,
        ref: { type: 'withdrawal', id: Number(w.id) },
        contra: withdrawalsInTransit(w.draw_method_id, await repo.currencyCode(tx.trx, w.draw_currency_id)),
      });
      // Losses since the request took the balance below the held amount: it cannot be paid.
      if (!after) throw AppError.rule('errors.withdraw_not_covered');
      return paid;
    });
  }

  /** Rejects a withdrawal with a note for the trader; the held amount is released. */
  reject(
    withdrawalId: number,
    operatorId: number | null,
    notes: string,
    audit?: ReviewAudit<WithdrawalRow>,
  ): Promise<WithdrawalRow> {
    if (!notes.trim()) throw AppError.rule('errors.field_required', { field: 'notes' });
    return this.review(withdrawalId, audit, async (tx, w) => {
      const rejected = await repo.transitionWithdrawal(tx.trx, Number(w.id), WithdrawStatus.Pending, {
        status: WithdrawStatus.Rejected,
        notes: notes.trim(),
        reviewed_by: operatorId,
        reviewed_at: tx.now,
      });
      if (!rejected) throw AppError.rule('errors.already_reviewed');
      const after = await tx.post({
        kind: 'withdraw_release',
        amount: w.amount,
        ref: { type: 'withdrawal', id: Number(w.id) },
      });
      if (!after) throw AppError.rule('errors.internal');
      return rejected;
    });
  }

  private async hold(tx: AccountTx, input: WithdrawalRequest): Promise<WithdrawalRow> {
    const currency = await findEnabledCurrency(tx.trx, input.currencyId);
    if (!currency) throw AppError.rule('errors.withdraw_currency_unknown');
    if (currency.type === 2 && currency.has_channel !== 1) throw AppError.rule('errors.no_pay_channel');
    const method = await findOwnMethod(tx.trx, tx.userId, input.methodId);
    if (!method || method.type !== currency.type || Number(method.draw_currency_id) !== Number(currency.id))
      throw AppError.rule('errors.no_bound_method');
    const amount = toMicros(input.number);
    if (new Dec(input.number).lt(currency.minimum))
      throw AppError.rule('errors.withdraw_below_minimum', { minimum: currency.minimum });
    const fee = withdrawFee({
      amount: input.number,
      feeType: currency.fee_type,
      drawRate: currency.draw_rate,
    });
    const arrival = withdrawArrival({ amount: input.number, fee, usdPrice: currency.usd_price });
    if (!arrival.gt(0)) throw AppError.rule('errors.withdraw_below_fee');
    const limit = withdrawable(await this.deps.figures(tx));
    if (amount > limit)
      throw AppError.rule('errors.withdraw_above_available', { max: fromMicros(limit).toFixed(2) });
    const row = await repo.insertWithdrawal(tx.trx, {
      user_id: tx.userId,
      draw_currency_id: Number(currency.id),
      draw_method_id: Number(method.id),
      type: currency.type,
      amount,
      fee: toMicros(fee),
      real_number: arrival.toFixed(2),
      usd_price: currency.usd_price,
      memo: input.memo ?? '',
      status: WithdrawStatus.Pending,
      address: method.dc_address,
      payee_account: method.payee_account,
      created_at: tx.now,
    });
    const held = await tx.post({
      kind: 'withdraw_hold',
      amount,
      ref: { type: 'withdrawal', id: Number(row.id) },
    });
    if (!held) throw AppError.rule('errors.withdraw_above_available', { max: fromMicros(limit).toFixed(2) });
    return row;
  }

  /**
   * Runs a review as an account transaction of the trader (with its audit, if any); only a
   * pending one can be reviewed.
   */
  private async review(
    withdrawalId: number,
    audit: ReviewAudit<WithdrawalRow> | undefined,
    work: (tx: AccountTx, w: WithdrawalRow) => Promise<WithdrawalRow>,
  ): Promise<WithdrawalRow> {
    const found = await repo.findWithdrawal(this.deps.db, withdrawalId);
    if (!found) throw AppError.rule('errors.not_found');
    return this.deps.transactions.run(Number(found.user_id), async (tx) => {
      const w = await repo.findWithdrawal(tx.trx, withdrawalId);
      if (!w || w.status !== WithdrawStatus.Pending) throw AppError.rule('errors.already_reviewed');
      const done = await work(tx, w);
      await audit?.(tx.trx, w, done);
      await this.tell(tx, done);
      return done;
    });
  }

  /** The trader's notice of a decision: paid, or turned down with the operator's notes. */
  private async tell(tx: AccountTx, w: WithdrawalRow): Promise<void> {
    const { inbox } = this.deps;
    if (!inbox) return;
    const paid = w.status === WithdrawStatus.Paid;
    const written = await inbox.write(tx.trx, tx.userId, 'withdrawal', {
      withdrawal_id: Number(w.id),
      status: paid ? 'paid' : 'rejected',
      amount: fromMicros(w.amount).toFixed(2),
      note: paid ? '' : w.notes,
    });
    if (written) tx.afterCommit(() => inbox.announce(tx.userId));
  }
}
