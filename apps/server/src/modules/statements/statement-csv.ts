import type { Lang, MicroUsd } from '@pipwise/shared';
import { csvLines, csvNumber, type CsvCell } from '../../core/csv/csv.js';
import type { Translator } from '../../core/i18n.js';
import { SUMMARY_LINES, ALWAYS_SHOWN, type StatementData, type StatementSummary } from './statement-data.js';
import { movementDetails, priceText, sideText, usdText } from './statement-format.js';
import type { StatementPeriod } from './statement-period.js';
import { isoLocal } from './zoned-time.js';

export interface StatementSubject {
  /** The account: its owner's user id. */
  account: number;
  isDemo: boolean;
  lang: Lang;
}

/**
 * The statement as CSV, streamed: the header and summary first, then every movement and
 * every trade read a page at a time (docs/statements.md "CSV"). Amounts are plain numbers
 * ("-12.5" → "-12.50"), times `YYYY-MM-DD HH:mm:ss` in the trader's zone; every text cell is
 * escaped against formula injection by the shared writer.
 */
export function statementCsv(
  deps: { t: Translator; data: StatementData },
  subject: StatementSubject,
  period: StatementPeriod,
  summary: StatementSummary,
): AsyncGenerator<string> {
  return csvLines(rows(deps, subject, period, summary));
}

async function* rows(
  { t, data }: { t: Translator; data: StatementData },
  { account, isDemo, lang }: StatementSubject,
  period: StatementPeriod,
  summary: StatementSummary,
): AsyncGenerator<CsvCell[]> {
  const tr = (key: string, vars?: Record<string, unknown>) => t(lang, `statement.${key}`, vars);
  const money = (m: MicroUsd) => csvNumber(usdText(m));
  yield [tr('title')];
  yield [tr('account'), csvNumber(String(account)), tr(isDemo ? 'account_demo' : 'account_real')];
  yield [tr('period'), period.firstDay, period.lastDay];
  yield [tr('time_zone'), period.zone];
  yield [tr('currency'), 'USD'];
  yield [];
  yield [tr('summary')];
  yield [tr('opening'), money(summary.opening)];
  for (const line of SUMMARY_LINES)
    if (ALWAYS_SHOWN.has(line) || summary.lines[line] !== 0)
      yield [tr(`line.${line}`), money(summary.lines[line])];
  yield [tr('closing'), money(summary.closing)];
  yield [tr('reconcile')];
  yield [];
  yield [tr('movements')];
  yield [tr('col_date'), tr('col_type'), tr('col_details'), tr('col_amount'), tr('col_balance')];
  for await (const m of data.movements(account, period))
    yield [
      isoLocal(m.at, period.zone),
      t(lang, `ledger.${m.kind}`),
      movementDetails(t, lang, m),
      money(m.amount),
      money(m.balanceAfter),
    ];
  yield [];
  yield [tr('trades')];
  yield [
    tr('col_order'),
    tr('col_instrument'),
    tr('col_side'),
    tr('col_lots'),
    tr('col_opened'),
    tr('col_open_price'),
    tr('col_closed'),
    tr('col_close_price'),
    tr('col_fee'),
    tr('col_swap'),
    tr('col_profit'),
  ];
  for await (const trade of data.trades(account, period))
    yield [
      csvNumber(String(trade.id)),
      trade.instrument,
      sideText(t, lang, trade.side),
      csvNumber(trade.lots),
      trade.openedAt === null ? '' : isoLocal(trade.openedAt, period.zone),
      trade.openPrice === null ? '' : csvNumber(priceText(trade.openPrice, trade.precision)),
      trade.closedAt === null ? tr('still_open') : isoLocal(trade.closedAt, period.zone),
      trade.closePrice === null ? '' : csvNumber(priceText(trade.closePrice, trade.precision)),
      money(trade.fee),
      money(trade.swap),
      trade.closedAt === null ? '' : money(trade.profit),
    ];
  yield [];
  yield [tr('financing_note')];
}
