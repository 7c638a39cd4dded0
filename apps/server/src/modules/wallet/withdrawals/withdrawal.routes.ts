import {
  drawEndpoint,
  drawListEndpoint,
  fromMicros,
  PAGE_SIZE,
  withdrawableEndpoint,
  WithdrawStatus,
  type Lang,
  type WithdrawRecord,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { StepUpGate } from '../../../core/caller.js';
import { sessionOf } from '../../../http/auth-hook.js';
import { idempotencyKey } from '../../../http/idempotency-key.js';
import { formatMarketTime } from '../../../http/market-time.js';
import { registerEndpoint, Success } from '../../../http/route.js';
import type { AccountService } from '../../trading/index.js';
import type { WithdrawalRow } from './withdrawal.repository.js';
import type { WithdrawalService } from './withdrawal.service.js';

export function registerWithdrawalRoutes(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawalService; accounts: AccountService; stepUp: StepUpGate },
): void {
  const dto = (
    lang: Lang,
    row: WithdrawalRow & { currency_code: string; currency_protocol: string },
  ): WithdrawRecord => ({
    id: Number(row.id),
    number: fromMicros(row.amount).toNumber(),
    real_number: row.real_number,
    fee: fromMicros(row.fee).toNumber(),
    status: row.status,
    status_name: app.t(lang, `withdraw_status.s${row.status}`),
    created_at: formatMarketTime(row.created_at),
    created_at_ms: Number(row.created_at),
    type: row.type,
    address: row.address,
    payee_account: row.payee_account,
    notes: row.notes,
    // Told once paid (a reference is recorded only then).
    payout_reference: row.status === WithdrawStatus.Paid ? row.payout_reference : '',
    draw_currency: { code: row.currency_code, protocol: row.currency_protocol },
  });

  registerEndpoint(app, drawEndpoint, async (input, request) => {
    const session = sessionOf(request);
    // Money leaves only from a session that proved its trader is there (docs/passkeys.md).
    await deps.stepUp.assertRecent(session.sessionId);
    const row = await deps.withdrawals.request(
      session.userId,
      {
        currencyId: input.draw_currency_id,
        number: input.number,
        methodId: input.draw_method_id,
        memo: input.memo,
      },
      idempotencyKey(request),
    );
    return new Success(
      { id: Number(row.id), real_number: row.real_number, fee: fromMicros(row.fee).toNumber() },
      'funds_result.withdraw_submitted',
    );
  });

  registerEndpoint(app, drawListEndpoint, async ({ type, page }, request) => {
    const { rows, total } = await deps.withdrawals.records(sessionOf(request).userId, type, page, PAGE_SIZE);
    return { data: rows.map((row) => dto(request.lang, row)), total };
  });

  registerEndpoint(app, withdrawableEndpoint, async (_input, request) => {
    const userId = sessionOf(request).userId;
    const [amount, balances] = await Promise.all([
      deps.withdrawals.withdrawable(userId),
      deps.accounts.balances(userId),
    ]);
    return {
      withdrawable: fromMicros(amount).toNumber(),
      balance: fromMicros(balances.balance).toNumber(),
      lock_balance: fromMicros(balances.lock).toNumber(),
    };
  });
}
