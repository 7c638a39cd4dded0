import { calendarDay, dayStartOf, LANGS, STATEMENT_DATES, type Lang } from '@pipwise/shared';
import type { DomainEvent } from '../../core/domain-events.js';
import type { AccountTx } from '../../core/money/account-transactions.js';
import type { Db } from '../../core/db/database.js';
import type { Translator } from '../../core/i18n.js';
import type { ServerLog } from '../../core/index.js';
import type { MailQueue, OutgoingMessage } from '../notify/index.js';
import type { ConfirmationSwitches } from './confirmation-switches.js';
import type { StatementData } from './statement-data.js';
import { localDateTime, localMonth, localUsd, priceText, sideText } from './statement-format.js';
import { periodOf, previousMonth } from './statement-period.js';
import type { StatementService } from './statement.service.js';
import {
  claimMonth,
  findPreferences,
  pageMonthlySubscribers,
  type PreferenceRow,
} from './statement.repository.js';

export const MONTHLY_KIND = 'statement_monthly';
export const CONFIRMATION_KIND = 'trade_confirmation';

/** The order events that are fills: a market order opened, a pending order filled, a close. */
const FILLS = new Set(['opened', 'filled', 'closed']);

export interface StatementMailDeps {
  db: Db;
  t: Translator;
  queue: MailQueue;
  statements: StatementService;
  data: StatementData;
  log: ServerLog;
  now: () => number;
  /** The user's e-mail address, or null (auth's face). */
  emailOf: (userId: number) => Promise<string | null>;
  /** Who asked for trade confirmations, kept in memory (not a query per fill). */
  confirmations: ConfirmationSwitches;
}

const langOf = (row: PreferenceRow | undefined): Lang =>
  (LANGS as readonly string[]).includes(row?.lang ?? '') ? (row!.lang as Lang) : 'en';

/**
 * The two statement mails (docs/statements.md "E-mails"): the monthly statement, queued once
 * per user and month by whichever instance runs the job first; and a confirmation after each
 * fill, queued in the fill's own transaction.
 */
export class StatementMail {
  constructor(private readonly deps: StatementMailDeps) {}

  /**
   * The commit hook (core AccountTransactions.beforeCommit): a confirmation per fill, if asked
   * for. Every event of one transaction is of its one user.
   */
  readonly onCommit = async ({ trx }: AccountTx, events: readonly DomainEvent[]): Promise<void> => {
    const fills = events.filter((e) => e.type === 'order' && FILLS.has(e.event));
    if (fills.length === 0) return;
    if (!(await this.deps.confirmations.wanted(trx, fills[0]!.userId))) return;
    for (const e of fills)
      if (e.type === 'order')
        await this.deps.queue.enqueue(trx, {
          kind: CONFIRMATION_KIND,
          userId: e.userId,
          payload: { order: Number(e.order.id), event: e.event },
        });
  };

  /**
   * Queues last month's statement for every subscriber who had subscribed before this month
   * began in their zone (one who opts in on the 15th gets the next one). Safe to run on every
   * instance and at any hour: `statement_mailings`' key lets each month through once.
   */
  async queueMonthly(): Promise<number> {
    const { db, queue, now } = this.deps;
    let queued = 0;
    for (let after = 0; ;) {
      const page = await pageMonthlySubscribers(db, after, 200);
      if (page.length === 0) return queued;
      for (const prefs of page) {
        const month = previousMonth(now(), prefs.time_zone);
        const monthEnd = periodOf({ month, tz: prefs.time_zone }).to;
        if (prefs.updated_at >= monthEnd) continue;
        const userId = Number(prefs.user_id);
        const won = await db.transaction().execute(async (trx) => {
          const mailId = await queue.enqueue(trx, { kind: MONTHLY_KIND, userId, payload: { month } });
          if (await claimMonth(trx, { user_id: userId, month, mail_id: mailId, created_at: now() }))
            return true;
          await queue.cancel(trx, mailId);
          return false;
        });
        if (won) queued += 1;
      }
      after = Number(page[page.length - 1]!.user_id);
    }
  }

  /** Runs the monthly job now and then every `everyMs`; returns how to stop. */
  start(everyMs: number): () => void {
    const report = (err: unknown) => this.deps.log.error({ err }, 'monthly statements failed to queue');
    void this.queueMonthly().catch(report);
    const timer = setInterval(() => void this.queueMonthly().catch(report), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The monthly mail, with the PDF attached, in the language and zone of the preferences. */
  readonly renderMonthly = async ({
    userId,
    payload,
  }: {
    userId: number;
    payload: unknown;
  }): Promise<OutgoingMessage | null> => {
    const to = await this.deps.emailOf(userId);
    if (!to) return null;
    const prefs = await findPreferences(this.deps.db, userId);
    const lang = langOf(prefs);
    const month = (payload as { month: string }).month;
    const period = periodOf({ month, tz: prefs?.time_zone ?? 'UTC' });
    const summary = await this.deps.data.summary(userId, period);
    const file = await this.deps.statements.file({ account: userId, isDemo: false, lang }, period, 'pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    const { t } = this.deps;
    const vars = {
      month: localMonth(lang, month),
      opening: localUsd(lang, summary.opening),
      closing: localUsd(lang, summary.closing),
    };
    return {
      to,
      subject: t(lang, 'mail.statement_subject', vars),
      text: t(lang, 'mail.statement_body', vars),
      attachments: [
        { filename: file.fileName, content: Buffer.concat(chunks), contentType: 'application/pdf' },
      ],
    };
  };

  /** A fill's confirmation: what, how much, at what price, when. */
  readonly renderConfirmation = async ({
    userId,
    payload,
  }: {
    userId: number;
    payload: unknown;
  }): Promise<OutgoingMessage | null> => {
    const to = await this.deps.emailOf(userId);
    if (!to) return null;
    const prefs = await findPreferences(this.deps.db, userId);
    const lang = langOf(prefs);
    const zone = prefs?.time_zone ?? 'UTC';
    const { order: orderId, event } = payload as { order: number; event: string };
    const trade = await this.deps.data.tradeInfo(userId, orderId);
    if (!trade) return null;
    const closing = event === 'closed';
    const { t } = this.deps;
    const vars = {
      order: trade.id,
      side: sideText(t, lang, trade.side),
      lots: trade.lots,
      instrument: trade.instrument,
      price: priceText(closing ? trade.closePrice : trade.openPrice, trade.precision),
      time: localDateTime(lang, zone, (closing ? trade.closedAt : trade.openedAt) ?? this.deps.now()),
      zone,
      fee: localUsd(lang, trade.fee),
      profit: localUsd(lang, trade.profit),
    };
    return {
      to,
      subject: t(lang, closing ? 'mail.close_confirmation_subject' : 'mail.open_confirmation_subject', vars),
      text: t(lang, closing ? 'mail.close_confirmation_body' : 'mail.open_confirmation_body', vars),
    };
  };
}

/** Local midnight of a day in a zone (exported for tests that place rows in a month). */
export function midnightOf(day: string, zone: string): number {
  return dayStartOf(calendarDay(day, STATEMENT_DATES)!, zone);
}
