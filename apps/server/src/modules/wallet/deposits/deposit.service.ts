import { ChargeStatus, ChargeType, Dec, depositsInTransit, fromMicros, toMicros } from '@pipwise/shared';
import type { Db } from '../../../core/db/database.js';
import { AppError } from '../../../core/app-error.js';
import { once } from '../../idempotency/index.js';
import { findOwnUpload } from '../../uploads/index.js';
import type { AccountTransactions, AccountTx } from '../../../core/money/account-transactions.js';
import type { NoticeWriter } from '../../notify/index.js';
import { findChannel, findEnabledChannel } from '../channels/channel.repository.js';
import * as repo from './deposit.repository.js';
import type { DepositRow } from './deposit.repository.js';

/** Which channel kind each charge type pays through. */
const KIND_OF_TYPE = {
  [ChargeType.Coin]: 'coin',
  [ChargeType.Wire]: 'wire',
  [ChargeType.Card]: 'card',
} as const;
export type ChargeTypeValue = keyof typeof KIND_OF_TYPE;

/**
 * Run inside a review's transaction after its change, with the row before and after: the
 * back office writes its audit row here, so the change and its record commit together.
 */
export type ReviewAudit<R> = (trx: Db, before: R, after: R) => Promise<void>;

export interface DepositDeclaration {
  type: ChargeTypeValue;
  channelId: number;
  /** Canonical decimal, in the channel's currency. */
  number: string;
  proofUrl: string;
  /** The sender's address or transaction id (coin deposits). */
  address?: string | undefined;
}

/**
 * Deposits (docs/api.md "Funds"): a trader declares what they paid, with a proof image; an
 * operator finishes it (credited through the ledger at the channel's USD rate), rejects it
 * with a remark, or marks it invalid. Reviews run as account transactions of the depositor,
 * so a deposit approved twice at once — a double click, two operators — credits once.
 */
export class DepositService {
  constructor(
    private readonly db: Db,
    private readonly transactions: AccountTransactions,
    /** The trader's inbox: told of each decision in its transaction (docs/notifications.md). */
    private readonly inbox?: NoticeWriter,
  ) {}

  /** Records a declared deposit (status unchecked); a repeated idempotency key records one. */
  declare(userId: number, input: DepositDeclaration, idempotencyKey?: string): Promise<DepositRow> {
    const request = idempotencyKey
      ? { scope: 'deposit_declare', key: idempotencyKey, body: input }
      : undefined;
    return this.transactions.run(userId, (tx) =>
      once(tx, request, async () => {
        const channel = await findEnabledChannel(tx.trx, input.channelId, KIND_OF_TYPE[input.type]);
        if (!channel) throw AppError.rule('errors.deposit_channel_unknown');
        const proof = await findOwnUpload(tx.trx, userId, input.proofUrl);
        if (!proof) throw AppError.rule('errors.upload_not_yours', { field: 'proofImg' });
        if (toMicros(new Dec(input.number).mul(channel.usd_rate)) <= 0)
          throw AppError.rule('errors.must_be_positive', { field: 'number' });
        return repo.insertDeposit(tx.trx, {
          user_id: userId,
          channel_id: Number(channel.id),
          type: input.type,
          currency_code: channel.currency_code,
          protocol_code: channel.protocol_code,
          number: input.number,
          address: input.address ?? '',
          proof_upload_id: Number(proof.id),
          status: ChargeStatus.Unchecked,
          usd_rate: channel.usd_rate,
          created_at: tx.now,
        });
      }),
    );
  }

  /** One page of the user's deposits of a type, or of every type (`type` null). */
  records(userId: number, type: number | null, page: number, size: number) {
    return repo.pageDeposits(this.db, userId, type, page, size);
  }

  /**
   * Finishes a deposit: credits number × the channel's USD rate now (6 decimals) through
   * the ledger, in the same transaction as the status change.
   */
  approve(
    depositId: number,
    operatorId: number | null,
    audit?: ReviewAudit<DepositRow>,
  ): Promise<DepositRow> {
    return this.review(depositId, audit, async (tx, deposit) => {
      const channel = await findChannel(tx.trx, deposit.channel_id);
      const rate = channel?.usd_rate ?? deposit.usd_rate;
      const credited = toMicros(new Dec(deposit.number).mul(rate));
      const done = await repo.transitionDeposit(tx.trx, Number(deposit.id), ChargeStatus.Unchecked, {
        status: ChargeStatus.Finished,
        usd_rate: rate,
        credited,
        reviewed_by: operatorId,
        reviewed_at: tx.now,
      });
      if (!done) throw AppError.rule('errors.already_reviewed');
      const after = await tx.post({
        kind: 'deposit',
        amount: credited,
        ref: { type: 'deposit', id: Number(deposit.id) },
        contra: depositsInTransit(deposit.channel_id, deposit.currency_code),
      });
      if (!after) throw AppError.rule('errors.internal');
      return done;
    });
  }

  /** Rejects a deposit with the remark the trader sees. */
  reject(
    depositId: number,
    operatorId: number | null,
    remark: string,
    audit?: ReviewAudit<DepositRow>,
  ): Promise<DepositRow> {
    return this.close(depositId, operatorId, ChargeStatus.Rejected, remark, audit);
  }

  /** Marks a deposit invalid (a fake or duplicate proof), with a remark. */
  invalidate(
    depositId: number,
    operatorId: number | null,
    remark: string,
    audit?: ReviewAudit<DepositRow>,
  ): Promise<DepositRow> {
    return this.close(depositId, operatorId, ChargeStatus.Invalid, remark, audit);
  }

  private close(
    depositId: number,
    operatorId: number | null,
    status: number,
    remark: string,
    audit: ReviewAudit<DepositRow> | undefined,
  ): Promise<DepositRow> {
    if (!remark.trim()) throw AppError.rule('errors.field_required', { field: 'remark' });
    return this.review(depositId, audit, async (tx, deposit) => {
      const done = await repo.transitionDeposit(tx.trx, Number(deposit.id), ChargeStatus.Unchecked, {
        status,
        remark: remark.trim(),
        reviewed_by: operatorId,
        reviewed_at: tx.now,
      });
      if (!done) throw AppError.rule('errors.already_reviewed');
      return done;
    });
  }

  /** Runs a review as an account transaction of the depositor (with its audit, if any). */
  private async review(
    depositId: number,
    audit: ReviewAudit<DepositRow> | undefined,
    work: (tx: AccountTx, deposit: DepositRow) => Promise<DepositRow>,
  ): Promise<DepositRow> {
    const found = await repo.findDeposit(this.db, depositId);
    if (!found) throw AppError.rule('errors.not_found');
    return this.transactions.run(Number(found.user_id), async (tx) => {
      const deposit = await repo.findDeposit(tx.trx, depositId);
      if (!deposit || deposit.status !== ChargeStatus.Unchecked)
        throw AppError.rule('errors.already_reviewed');
      const done = await work(tx, deposit);
      await audit?.(tx.trx, deposit, done);
      await this.tell(tx, done);
      return done;
    });
  }

  /** The trader's notice of a decision: credited, or turned down with the operator's remark. */
  private async tell(tx: AccountTx, deposit: DepositRow): Promise<void> {
    if (!this.inbox) return;
    const credited = deposit.status === ChargeStatus.Finished;
    const written = await this.inbox.write(tx.trx, tx.userId, 'deposit', {
      deposit_id: Number(deposit.id),
      status: credited ? 'credited' : 'rejected',
      number: deposit.number,
      currency: deposit.currency_code,
      credited: credited ? fromMicros(deposit.credited).toFixed(2) : '',
      note: credited ? '' : deposit.remark,
    });
    const inbox = this.inbox;
    if (written) tx.afterCommit(() => inbox.announce(tx.userId));
  }
}
