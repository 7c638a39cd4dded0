import { Readable } from 'node:stream';
import { ResultCode, type Lang, type StatementPreferences, type StatementQuery } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';
import type { Db } from '../../core/db/database.js';
import type { Translator } from '../../core/i18n.js';
import type { ConfirmationSwitches } from './confirmation-switches.js';
import { statementCsv, type StatementSubject } from './statement-csv.js';
import type { StatementData } from './statement-data.js';
import { statementFileName } from './statement-format.js';
import { periodOf, type StatementPeriod } from './statement-period.js';
import { statementPdf } from './statement-pdf.js';
import { findPreferences, savePreferences } from './statement.repository.js';

export interface StatementFile {
  fileName: string;
  contentType: string;
  body: Readable;
}

export interface StatementServiceDeps {
  db: Db;
  t: Translator;
  data: StatementData;
  fontDir: string;
  now: () => number;
  /** Whether the user has an e-mail address (auth's face). */
  hasEmail: (userId: number) => Promise<boolean>;
  /** The fills' memory of the confirmations switch, told of each save. */
  confirmations: ConfirmationSwitches;
}

/** Who asks: the session's user. */
export interface StatementCaller {
  userId: number;
  isDemo: boolean;
  lang: Lang;
}

/** Statements for download, and the trader's mail preferences (docs/statements.md). */
export class StatementService {
  constructor(private readonly deps: StatementServiceDeps) {}

  /** The file of a validated query; only the caller's own account. */
  async download(caller: StatementCaller, query: StatementQuery): Promise<StatementFile> {
    if (query.account !== caller.userId)
      throw new AppError(ResultCode.Forbidden, 'errors.statement_not_yours');
    const subject = { account: caller.userId, isDemo: caller.isDemo, lang: query.lang ?? caller.lang };
    return this.file(subject, periodOf(query), query.format);
  }

  /** A statement file of any subject and period (the download, the monthly mail). */
  async file(
    subject: StatementSubject,
    period: StatementPeriod,
    format: 'pdf' | 'csv',
  ): Promise<StatementFile> {
    const { t, data } = this.deps;
    const summary = await data.summary(subject.account, period);
    const fileName = statementFileName(subject.account, period.firstDay, period.lastDay, format);
    if (format === 'csv')
      return {
        fileName,
        contentType: 'text/csv; charset=utf-8',
        body: Readable.from(statementCsv({ t, data }, subject, period, summary)),
      };
    const body = await statementPdf(
      { t, data, fontDir: this.deps.fontDir, now: this.deps.now },
      subject,
      period,
      summary,
    );
    return { fileName, contentType: 'application/pdf', body };
  }

  async preferences(userId: number): Promise<StatementPreferences> {
    const [row, hasEmail] = await Promise.all([
      findPreferences(this.deps.db, userId),
      this.deps.hasEmail(userId),
    ]);
    return {
      monthly_email: row?.monthly_email === 1 ? 1 : 0,
      trade_confirmations: row?.trade_confirmations === 1 ? 1 : 0,
      has_email: hasEmail,
    };
  }

  /** Saves both switches with the language and zone the mails will be written in. */
  async savePreferences(
    caller: StatementCaller,
    input: { monthly_email: 0 | 1; trade_confirmations: 0 | 1; tz: string },
  ): Promise<StatementPreferences> {
    await savePreferences(this.deps.db, {
      user_id: caller.userId,
      monthly_email: input.monthly_email,
      trade_confirmations: input.trade_confirmations,
      lang: caller.lang,
      time_zone: input.tz,
      updated_at: this.deps.now(),
    });
    this.deps.confirmations.forget(caller.userId);
    return this.preferences(caller.userId);
  }
}
