import {
  HISTORY_IMPORT_MAX_BYTES,
  HistoryRefusalSchema,
  type EndpointInput,
  type HistoryImportFormat,
  type HistoryImportResult,
  type HistoryRefusal,
  type adminImportHistoryEndpoint,
} from '@pipwise/shared';
import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api';

/** What became of an import: written, refused with its bad lines, or failed before. */
export type ImportOutcome =
  | { kind: 'imported'; result: HistoryImportResult }
  | { kind: 'refused'; message: string; refusal: HistoryRefusal }
  | { kind: 'failed'; message: string };

/** The file as the page holds it (a browser File). */
export interface ChosenFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

type Send = (input: EndpointInput<typeof adminImportHistoryEndpoint>) => Promise<HistoryImportResult>;

/** The file's limit in MB, as messages say it. */
export const MAX_MB = HISTORY_IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Reads the file and sends it (docs/market-data.md "Back office"). A file over the limit is
 * refused here before it is read or sent, with the server's own words; the server checks
 * again. A refusal carrying bad lines becomes their list, any other failure its message.
 */
export async function submitImport(
  t: TFunction,
  send: Send,
  choice: { instrument: string; format: HistoryImportFormat; file: ChosenFile },
): Promise<ImportOutcome> {
  const { file } = choice;
  if (file.size > HISTORY_IMPORT_MAX_BYTES)
    return { kind: 'failed', message: t('history_import.too_large', { mb: MAX_MB }) };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { kind: 'failed', message: t('history_import.read_failed') };
  }
  if (text === '') return { kind: 'failed', message: t('history_import.empty_file') };
  try {
    const result = await send({
      instrument: choice.instrument,
      format: choice.format,
      file_name: file.name.slice(0, 200),
      text,
    });
    return { kind: 'imported', result };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.kind === 'business') {
      const refusal = HistoryRefusalSchema.safeParse(error.data);
      if (refusal.success) return { kind: 'refused', message: error.message, refusal: refusal.data };
    }
    if (error.kind === 'network') return { kind: 'failed', message: t('admin_app.common.network_error') };
    if (error.kind === 'http')
      return { kind: 'failed', message: t('admin_app.common.http_error', { status: error.status ?? 0 }) };
    return { kind: 'failed', message: error.message };
  }
}
