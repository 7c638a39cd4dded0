import type { HistoryImportFormat, HistoryImportResult } from '@pipwise/shared';
import type { AuditScope } from '../../../core/audit/audit.js';
import { AppError } from '../../../core/app-error.js';
import type { Db } from '../../../core/db/database.js';
import { importHistory, type ImportedHistory } from '../history/history-import.js';
import { textLinesPaced } from '../history/lines.js';

export interface HistoryUpload {
  instrument: string;
  format: HistoryImportFormat;
  file_name?: string | undefined;
  text: string;
}

/**
 * Recorded-price files imported from the back office (docs/market-data.md "Back office"):
 * the command line's import, all or nothing, with the audit row written in the import's own
 * transaction. A refused file is an error carrying its bad lines as codes and params, which
 * the page puts in the operator's language.
 */
export class HistoryAdminService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async import(upload: HistoryUpload, audit: AuditScope): Promise<HistoryImportResult> {
    const result = await importHistory(this.db, {
      instrument: upload.instrument,
      format: upload.format,
      lines: textLinesPaced(upload.text),
      now: this.now(),
      onWrite: (trx, imported) =>
        audit.write(trx, {
          action: 'history.import',
          objectType: 'instrument',
          objectId: imported.instrument,
          before: null,
          // What the file held and what it replaced: the candles themselves are in their table.
          after: { file_name: upload.file_name ?? null, ...toResult(imported, upload.format) },
        }),
    });
    switch (result.status) {
      case 'unknown_instrument':
        throw AppError.rule('history_import.unknown_instrument', {
          field: 'instrument',
          code: upload.instrument,
        });
      case 'refused':
        throw AppError.rule('history_import.refused', { bad: result.badCount, lines: result.lines }).withData(
          {
            lines: result.lines,
            bad_count: result.badCount,
            // The English reason stays on the command line: the page words each line itself.
            bad: result.bad.map(({ line, code, params }) => ({ line, code, params })),
          },
        );
      case 'imported':
        return toResult(result, upload.format);
    }
  }
}

function toResult(imported: ImportedHistory, format: HistoryImportFormat): HistoryImportResult {
  return {
    instrument: imported.instrument,
    format,
    lines: imported.lines,
    rows: imported.rows,
    skipped: imported.skipped,
    candles: imported.candles,
    per_period: imported.perPeriod,
    replaced: imported.replaced,
    from: imported.from,
    to: imported.to,
  };
}
