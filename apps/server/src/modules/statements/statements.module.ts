import type { Core } from '../../core/index.js';
import { demoUserIds, userContacts } from '../auth/index.js';
import type { MarketService } from '../market/index.js';
import type { MailQueue } from '../notify/index.js';
import { ConfirmationSwitches } from './confirmation-switches.js';
import { StatementData } from './statement-data.js';
import { CONFIRMATION_KIND, MONTHLY_KIND, StatementMail } from './statement-mail.js';
import { StatementService } from './statement.service.js';
import { findPreferences } from './statement.repository.js';

export interface StatementsModule {
  service: StatementService;
  mail: StatementMail;
}

/**
 * Builds the statements from what they read — the core's ledger, the market's instruments,
 * the trading module's orders, auth's e-mail addresses and account kinds — and hooks the
 * trade confirmations into every money transaction and the two mails into the queue.
 */
export function createStatementsModule(
  core: Core,
  deps: { market: MarketService; queue: MailQueue; fontDir: string },
): StatementsModule {
  const { db, t, now, log } = core;
  const data = new StatementData({ db, market: deps.market });
  const emailOf = async (userId: number) => (await userContacts(db, [userId]))(userId).email ?? null;
  const confirmations = new ConfirmationSwitches({
    now,
    isDemo: async (trx, userId) => (await demoUserIds(trx, [userId])).has(userId),
    isOn: async (trx, userId) => (await findPreferences(trx, userId))?.trade_confirmations === 1,
  });
  const service = new StatementService({
    db,
    t,
    data,
    fontDir: deps.fontDir,
    now,
    hasEmail: async (userId) => (await emailOf(userId)) !== null,
    confirmations,
  });
  const mail = new StatementMail({
    db,
    t,
    queue: deps.queue,
    statements: service,
    data,
    log,
    now,
    emailOf,
    confirmations,
  });
  core.transactions.beforeCommit(mail.onCommit);
  deps.queue.register(MONTHLY_KIND, mail.renderMonthly);
  deps.queue.register(CONFIRMATION_KIND, mail.renderConfirmation);
  return { service, mail };
}
