import { z } from 'zod';
import { PERIODS } from '../../domain/market.js';
import { defineEndpoint } from '../endpoint.js';
import { optionalText } from '../fields.js';
import { operatorAccess, ROLES } from './common.js';

/**
 * Recorded prices imported into the candles from the back office (docs/market-data.md
 * "Recorded history and replay" and "Back office"), the same import as
 * `npm run import:history`.
 */

/** The file formats the import reads (the server's HISTORY_FORMATS; a test keeps them equal). */
export const HISTORY_IMPORT_FORMATS = [
  'histdata-m1',
  'histdata-tick',
  'dukascopy-bars',
  'dukascopy-ticks',
] as const;
export type HistoryImportFormat = (typeof HISTORY_IMPORT_FORMATS)[number];

/**
 * The largest file the back office takes: 20 MiB of text (a month of 1-minute bars is about
 * 2 MB, a week of ticks about 20). Larger files go through `npm run import:history`, which
 * streams them.
 */
export const HISTORY_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What a refused line's message may be: the code, or `code_why` where a code has several
 * messages (`params.why`). The back office's words are `history_import.bad.<key>`.
 */
export const HISTORY_BAD_LINE_KEYS = [
  'bad_header',
  'bad_header_local_time',
  'bad_fields',
  'bad_date_format',
  'bad_date_year',
  'bad_date_month',
  'bad_date_day',
  'bad_date_time',
  'bad_date_minute',
  'not_a_number',
  'not_a_number_empty',
  'negative',
  'zero_price',
  'zero_price_rounded',
  'too_large',
  'high_below_low',
  'outside_high_low',
  'crossed',
  'not_increasing',
  'absurd_jump_own',
  'absurd_jump_previous',
  'in_future',
  'line_too_long',
  'empty_line',
  'not_one_minute',
  'no_prices',
  'no_prices_only_flat',
] as const;
export type HistoryBadLineKey = (typeof HISTORY_BAD_LINE_KEYS)[number];

/** The fields a refused line's `params.field` and `params.ref_field` name. */
export const HISTORY_FIELDS = [
  'open',
  'high',
  'low',
  'close',
  'bid',
  'ask',
  'volume',
  'ask_volume',
  'bid_volume',
] as const;

/** An instrument code as the instruments list spells it (no lower case taken for it). */
const instrumentCode = z.string().regex(/^[A-Z0-9._-]{1,32}$/);

/**
 * The file's text: a JSON string (never a number or an array), not empty, at most
 * HISTORY_IMPORT_MAX_BYTES in UTF-8. Counted in characters first (a character is 1–4 bytes),
 * so a string far too long is refused without encoding it.
 */
const fileText = z
  .string()
  .min(1)
  .superRefine((text, ctx) => {
    const tooLarge =
      text.length > HISTORY_IMPORT_MAX_BYTES ||
      (text.length * 3 > HISTORY_IMPORT_MAX_BYTES && utf8Length(text) > HISTORY_IMPORT_MAX_BYTES);
    if (tooLarge)
      ctx.addIssue({
        code: 'custom',
        message: 'file too large',
        params: { key: 'history_import.too_large', vars: { mb: HISTORY_IMPORT_MAX_BYTES / 1024 / 1024 } },
      });
  });

/** UTF-8 bytes of a text, without Buffer (the contract runs in browsers too). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** What an import read and wrote. */
export const HistoryImportResultSchema = z.object({
  instrument: z.string(),
  format: z.enum(HISTORY_IMPORT_FORMATS),
  /** Lines read, header included; prices taken; Dukascopy's flat no-tick bars left out. */
  lines: z.number().int(),
  rows: z.number().int(),
  skipped: z.number().int(),
  /** Candles written, all periods, and per period. */
  candles: z.number().int(),
  per_period: z.record(z.enum(PERIODS), z.number().int()),
  /** Stored candles of the range that were replaced. */
  replaced: z.number().int(),
  /** First and last price's time, epoch ms. */
  from: z.number().int(),
  to: z.number().int(),
});
export type HistoryImportResult = z.infer<typeof HistoryImportResultSchema>;

/** One refused line: its number, the message key's code and what fills it. */
export const HistoryBadLineSchema = z.object({
  line: z.number().int(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type HistoryBadLine = z.infer<typeof HistoryBadLineSchema>;

/**
 * The `data` of a refused file (code 2000, `history_import.refused`): lines read, how many
 * were bad, and the first 1,000 of them.
 */
export const HistoryRefusalSchema = z.object({
  lines: z.number().int(),
  bad_count: z.number().int(),
  bad: z.array(HistoryBadLineSchema),
});
export type HistoryRefusal = z.infer<typeof HistoryRefusalSchema>;

/**
 * POST /api/admin/history/import — imports a recorded-price file into an instrument's
 * candles, all or nothing, as JSON (`text` is the whole file). A file with a bad line writes
 * nothing and is refused with code 2000 and HistoryRefusal as `data`; an unknown instrument
 * is refused with `data.field` "instrument". The body may be up to twice the file's limit
 * (JSON escapes line breaks), larger is 413.
 */
export const adminImportHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/history/import',
  input: z.object({
    instrument: instrumentCode,
    format: z.enum(HISTORY_IMPORT_FORMATS),
    /** The file's name, for the audit log only. */
    file_name: optionalText(200),
    text: fileText,
  }),
  output: HistoryImportResultSchema,
  ...operatorAccess(ROLES.adminOnly),
});
