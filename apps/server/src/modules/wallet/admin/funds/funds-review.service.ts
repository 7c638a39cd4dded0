import {
  Dec,
  fromMicros,
  toMicros,
  type AdminDeposit,
  type AdminWithdrawal,
  type AuditAction,
  type MicroUsd,
} from '@pipwise/shared';
import type { Db } from '../../../../core/db/database.js';
import { adminPage } from '../../../../core/db/paging.js';
import { AppError } from '../../../../core/app-error.js';
import type { DepositRow } from '../../deposits/deposit.repository.js';
import type { DepositService, ReviewAudit } from '../../deposits/deposit.service.js';
import type { WithdrawalRow } from '../../withdrawals/withdrawal.repository.js';
import type { WithdrawalService } from '../../withdrawals/withdrawal.service.js';
import type { AuditScope } from '../../../../core/audit/audit.js';
import { adminImageUrl } from '../../../../http/admin-image-url.js';
import { contactOf } from '../../../../http/operator-contact.js';
import * as repo from './funds-admin.repository.js';
import type { AdminDepositRow, AdminWithdrawalRow, FundsFilter } from './funds-admin.repository.js';

const usd = (micros: MicroUsd) => fromMicros(micros).toNumber();
const id = (v: number | null) => (v === null ? null : Number(v));

function toAdminDeposit(row: AdminDepositRow): AdminDeposit {
  const rate = row.status === 0 ? (row.channel_rate ?? row.usd_rate) : row.usd_rate;
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_contact: contactOf(row),
    uid: row.uid,
    channel_id: Number(row.channel_id),
    type: row.type,
    currency_code: row.currency_code,
    protocol_code: row.protocol_code,
    number: row.number,
    usd_rate: rate,
    usd_estimate: row.status === 1 ? usd(row.credited) : usd(toMicros(new Dec(row.number).mul(rate))),
    address: row.address,
    status: row.status,
    remark: row.remark,
    credited: usd(row.credited),
    proof_img: adminImageUrl(row.proof_name),
    reviewed_by: id(row.reviewed_by),
    reviewed_at: id(row.reviewed_at),
    created_at: Number(row.created_at),
  };
}

function toAdminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    user_contact: contactOf(row),
    uid: row.uid,
    type: row.type,
    currency_code: row.currency_code,
    protocol: row.currency_protocol,
    amount: usd(row.amount),
    fee: usd(row.fee),
    real_number: row.real_number,
    usd_price: row.usd_price,
    memo: row.memo,
    address: row.address,
    bank_name: row.bank_name ?? '',
    bank_address: row.bank_address ?? '',
    bank_swift: row.bank_swift ?? '',
    payee_name: row.payee_name ?? '',
    payee_account: row.payee_account,
    status: row.status,
    notes: row.notes,
    payout_reference: row.payout_reference,
    reviewed_by: id(row.reviewed_by),
    reviewed_at: id(row.reviewed_at),
    created_at: Number(row.created_at),
  };
}

/** What the audit log keeps of a reviewed deposit or withdrawal. */
const depositView = (r: DepositRow) => ({
  status: r.status,
  credited: usd(r.credited),
  usd_rate: r.usd_rate,
  remark: r.remark,
  user_id: Number(r.user_id),
});
const withdrawalView = (r: WithdrawalRow) => ({
  status: r.status,
  amount: usd(r.amount),
  notes: r.notes,
  payout_reference: r.payout_reference,
  user_id: Number(r.user_id),
});

/**
 * Finance's review of deposits and withdrawals: lists, details, and the decisions, which
 * the wallet services make as account transactions of the trader (docs/money.md), with the
 * audit row written inside that same transaction.
 */
export class FundsReviewService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawalService,
  ) {}

  listDeposits(filter: FundsFilter, page: number) {
    return adminPage(
      page,
      (limit, offset) => repo.pageDeposits(this.db, filter, limit, offset),
      toAdminDeposit,
    );
  }

  async deposit(depositId: number): Promise<AdminDeposit> {
    const row = await repo.findAdminDeposit(this.db, depositId);
    if (!row) throw AppError.rule('errors.admin_deposit_not_found', { field: 'id' });
    return toAdminDeposit(row);
  }

  async approveDeposit(depositId: number, operatorId: number, audit: AuditScope): Promise<AdminDeposit> {
    await this.deposit(depositId);
    await this.deposits.approve(depositId, operatorId, this.depositAudit('deposit.approve', audit));
    return this.deposit(depositId);
  }

  async rejectDeposit(depositId: number, operatorId: number, remark: string, audit: AuditScope) {
    await this.deposit(depositId);
    await this.deposits.reject(depositId, operatorId, remark, this.depositAudit('deposit.reject', audit));
    return this.deposit(depositId);
  }

  async invalidateDeposit(depositId: number, operatorId: number, remark: string, audit: AuditScope) {
    await this.deposit(depositId);
    await this.deposits.invalidate(
      depositId,
      operatorId,
      remark,
      this.depositAudit('deposit.invalidate', audit),
    );
    return this.deposit(depositId);
  }

  listWithdrawals(filter: FundsFilter, page: number) {
    return adminPage(
      page,
      (limit, offset) => repo.pageWithdrawals(this.db, filter, limit, offset),
      toAdminWithdrawal,
    );
  }

  async withdrawal(withdrawalId: number): Promise<AdminWithdrawal> {
    const row = await repo.findAdminWithdrawal(this.db, withdrawalId);
    if (!row) throw AppError.rule('errors.admin_withdrawal_not_found', { field: 'id' });
    return toAdminWithdrawal(row);
  }

  /** Marks it paid with the payout's reference (the trader sees it; the audit row keeps it). */
  async approveWithdrawal(
    withdrawalId: number,
    operatorId: number,
    payoutReference: string,
    audit: AuditScope,
  ) {
    await this.withdrawal(withdrawalId);
    await this.withdrawals.approve(
      withdrawalId,
      operatorId,
      this.withdrawalAudit('withdrawal.approve', audit),
      payoutReference,
    );
    return this.withdrawal(withdrawalId);
  }

  async rejectWithdrawal(withdrawalId: number, operatorId: number, notes: string, audit: AuditScope) {
    await this.withdrawal(withdrawalId);
    await this.withdrawals.reject(
      withdrawalId,
      operatorId,
      notes,
      this.withdrawalAudit('withdrawal.reject', audit),
    );
    return this.withdrawal(withdrawalId);
  }

  private depositAudit(action: AuditAction, audit: AuditScope): ReviewAudit<DepositRow> {
    return (trx, before, after) =>
      audit.write(trx, {
        action,
        objectType: 'deposit',
        objectId: Number(after.id),
        before: depositView(before),
        after: depositView(after),
      });
  }

  private withdrawalAudit(action: AuditAction, audit: AuditScope): ReviewAudit<WithdrawalRow> {
    return (trx, before, after) =>
      audit.write(trx, {
        action,
        objectType: 'withdrawal',
        objectId: Number(after.id),
        before: withdrawalView(before),
        after: withdrawalView(after),
      });
  }
}
