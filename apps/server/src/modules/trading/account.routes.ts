import {
  accountLogEndpoint,
  balanceEndpoint,
  forexDetailEndpoint,
  fromMicros,
  LANG_INFO,
  MARKET_TIMEZONE,
  PAGE_SIZE,
  resetDemoEndpoint,
  type Lang,
} from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import { figuresDto } from './account-figures.js';
import type { ReceiptFinder } from '../notify/index.js';
import type { AccountService } from './account.service.js';

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** A time in the caller's language, New York time like the rest of the app. */
function localizedTime(lang: Lang, ms: number): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LANG_INFO[lang].bcp47, {
      timeZone: MARKET_TIMEZONE,
      dateStyle: 'medium',
      timeStyle: 'medium',
    });
    formats.set(lang, format);
  }
  return format.format(ms);
}

export function registerAccountRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  receipts: ReceiptFinder,
): void {
  registerEndpoint(app, balanceEndpoint, async (_input, request) => {
    const { balance, lock } = await accounts.balances(sessionOf(request).userId);
    return { balance: fromMicros(balance).toNumber(), lock_balance: fromMicros(lock).toNumber() };
  });

  registerEndpoint(app, forexDetailEndpoint, async (_input, request) =>
    figuresDto(await accounts.figures(sessionOf(request).userId)),
  );

  registerEndpoint(app, accountLogEndpoint, async ({ page }, request) => {
    const userId = sessionOf(request).userId;
    const { rows, total } = await accounts.log(userId, page, PAGE_SIZE);
    const orderOf = (row: (typeof rows)[number]) => (row.ref_type === 'order' ? Number(row.ref_id) : 0);
    const receiptOf = await receipts.stopOutReceipts(
      userId,
      rows.map(orderOf).filter((id) => id > 0),
    );
    return {
      data: rows.map((row) => ({
        Id: Number(row.id),
        Value: fromMicros(row.amount).toNumber(),
        BalanceAfter: fromMicros(row.balance_after).toNumber(),
        Type: row.type,
        MemoTran: app.t(request.lang, `ledger.${row.type}`),
        CreatedAtTran: localizedTime(request.lang, row.created_at),
        CreatedAt: row.created_at,
        LockValue: fromMicros(row.lock_amount).toNumber(),
        OrderId: orderOf(row),
        RefType: row.ref_type ?? '',
        RefId: Number(row.ref_id ?? 0),
        ReceiptId: receiptOf.get(orderOf(row)) ?? 0,
      })),
      total,
    };
  });

  registerEndpoint(app, resetDemoEndpoint, async (_input, request) => {
    const session = sessionOf(request);
    if (!session.isDemo) throw AppError.rule('errors.demo_only');
    const balance = await accounts.resetDemo(session.userId);
    return new Success({ balance: fromMicros(balance).toNumber() }, 'trade.demo_reset');
  });
}
