import {
  adminReportEntriesCsvEndpoint,
  adminReportEntriesEndpoint,
  adminReportFundsCsvEndpoint,
  adminReportFundsEndpoint,
  adminReportPnlCsvEndpoint,
  adminReportPnlEndpoint,
  adminReportRevenueCsvEndpoint,
  adminReportRevenueEndpoint,
  adminReportTrialBalanceCsvEndpoint,
  adminReportTrialBalanceEndpoint,
  adminReportUsersCsvEndpoint,
  adminReportUsersEndpoint,
  type Endpoint,
  type ReportRange,
} from '@pipwise/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { registerAdminBinaryRoute, registerAdminEndpoint } from '../../../http/admin-endpoint.js';
import { csvStream, type CsvColumn } from './csv-writer.js';
import { ENTRIES_CSV, FUNDS_CSV, PNL_CSV, REVENUE_CSV, TRIAL_BALANCE_CSV, USERS_CSV } from './report-csv.js';
import type { ReportsService } from './reports.service.js';

/** Rows already in hand (an aggregated report), as the one batch of a CSV. */
async function* once<Row>(rows: Promise<Row[]>): AsyncGenerator<Row[]> {
  yield await rows;
}

function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  range: ReportRange,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="pipwise-${name}-${range.from}-${range.to}.csv"`)
    .send(csvStream(columns, batches));
}

/**
 * GET /api/admin/reports/<name> and /<name>.csv (docs/api.md "Reports"): finance and
 * admin. The input is checked before a byte is sent, so a refusal is the usual envelope.
 */
export function registerReportRoutes(app: FastifyInstance, reports: ReportsService, now: () => number): void {
  registerAdminEndpoint(app, adminReportPnlEndpoint, now, (range) => reports.pnl(range));
  registerAdminEndpoint(app, adminReportRevenueEndpoint, now, (range) => reports.revenue(range));
  registerAdminEndpoint(app, adminReportFundsEndpoint, now, (range) => reports.funds(range));
  registerAdminEndpoint(app, adminReportUsersEndpoint, now, (range) => reports.users(range));
  registerAdminEndpoint(app, adminReportTrialBalanceEndpoint, now, (range) => reports.trialBalance(range));
  registerAdminEndpoint(app, adminReportEntriesEndpoint, now, (input) => reports.entries(input));

  const csv = <E extends Endpoint>(
    endpoint: E,
    answer: (input: z.output<E['input']>, reply: FastifyReply) => FastifyReply,
  ) => registerAdminBinaryRoute(app, endpoint, async (input, _call, reply) => answer(input, reply), now);

  csv(adminReportPnlCsvEndpoint, (range, reply) =>
    sendCsv(reply, 'pnl', range, PNL_CSV, once(reports.pnl(range).then((r) => r.rows))),
  );
  csv(adminReportRevenueCsvEndpoint, (range, reply) =>
    sendCsv(reply, 'revenue', range, REVENUE_CSV, once(reports.revenue(range).then((r) => r.rows))),
  );
  csv(adminReportFundsCsvEndpoint, (range, reply) =>
    sendCsv(reply, 'funds', range, FUNDS_CSV, once(reports.funds(range).then((r) => r.rows))),
  );
  csv(adminReportUsersCsvEndpoint, (range, reply) =>
    sendCsv(reply, 'users', range, USERS_CSV, once(reports.users(range).then((r) => r.rows))),
  );
  csv(adminReportTrialBalanceCsvEndpoint, (range, reply) =>
    sendCsv(
      reply,
      'trial-balance',
      range,
      TRIAL_BALANCE_CSV,
      once(reports.trialBalance(range).then((r) => [...r.rows, r.traders, r.check])),
    ),
  );
  csv(adminReportEntriesCsvEndpoint, (input, reply) =>
    sendCsv(
      reply,
      `entries-${input.account.replaceAll(':', '-')}`,
      input,
      ENTRIES_CSV,
      reports.allEntries(input),
    ),
  );
}
