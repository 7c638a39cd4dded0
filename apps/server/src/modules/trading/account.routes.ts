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
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint, Success } from '../../http/route.js';
import { findAccount, pageAccountLogs } from '../wallet/account.repository.js';
import type { AccountFiguresService } from './account-figures.js';
import { resetDemoAccount } from './demo-reset.js';
import type { TradingEngine } from './engine.js';

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
  deps: {
    db: Db;
    engine: TradingEngine;
    figures: AccountFiguresService;
    demoBalance: number;
    now: () => number;
  },
): void {
  registerEndpoint(app, balanceEndpoint, async (_input, request) => {
    const account = await findAccount(deps.db, sessionOf(request).userId);
    return {
      balance: fromMicros(Number(account?.balance ?? 0)).toNumber(),
      lock_balance: fromMicros(Number(account?.lock_balance ?? 0)).toNumber(),
    };
  });

  registerEndpoint(app, forexDetailEndpoint, async (_input, request) => {
    const {
      values: _values,
      marginCall: _marginCall,
      ...figures
    } = await deps.figures.figures(sessionOf(request).userId);
    return figures;
  });

  registerEndpoint(app, accountLogEndpoint, async ({ page }, request) => {
    const { rows, total } = await pageAccountLogs(deps.db, sessionOf(request).userId, page, PAGE_SIZE);
    return {
      data: rows.map((row) => ({
        Id: Number(row.id),
        Value: fromMicros(Number(row.amount)).toNumber(),
        BalanceAfter: fromMicros(Number(row.balance_after)).toNumber(),
        Type: row.type,
        MemoTran: app.t(request.lang, `ledger.${row.type}`),
        CreatedAtTran: localizedTime(request.lang, row.created_at),
        CreatedAt: row.created_at,
      })),
      total,
    };
  });

  registerEndpoint(app, resetDemoEndpoint, async (_input, request) => {
    const session = sessionOf(request);
    if (!session.isDemo) throw AppError.rule('errors.demo_only');
    const balance = await resetDemoAccount({ ...deps, startBalance: deps.demoBalance }, session.userId);
    return new Success({ balance: fromMicros(balance).toNumber() }, 'trade.demo_reset');
  });
}
