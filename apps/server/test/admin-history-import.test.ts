import {
  adminImportHistoryEndpoint,
  HISTORY_BAD_LINE_KEYS,
  HISTORY_FIELDS,
  HISTORY_IMPORT_FORMATS,
  HISTORY_IMPORT_MAX_BYTES,
  HistoryRefusalSchema,
  ResultCode,
} from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_FORMATS } from '../src/modules/market/index.js';
import { HISTORY_IMPORT_BODY_LIMIT } from '../src/modules/market/admin/history-admin.routes.js';
import { adminClient, auditCount, createOperator, type TestOperator } from './admin-fixtures.js';
import { createTestApp, DIALECTS, type TestApp } from './helper.js';

/**
 * POST /api/admin/history/import (docs/market-data.md "Back office"): the command line's
 * import from the back office — all or nothing, audited, its bad lines as codes the page
 * translates, and every wrong input a translated envelope, never a fault.
 */

const EURUSD = 1;
const M1 = [
  '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
  '20240102 170100;1.103500;1.103700;1.103500;1.103600;0',
  '20240102 170200;1.103600;1.103800;1.103500;1.103700;0',
  '',
].join('\n');

/** Every kind of bad line the parsers know, one per line (a HistData M1 file). */
const BAD_M1 = [
  /* 1 */ '20240102 170000;1.103400;1.103600;1.103400;1.103500;0',
  /* 2 */ '20240102 170100;1.1035;1.1030;1.1040;1.1035;0',
  /* 3 */ '20240102 170200;abc;1.1036;1.1034;1.1035;0',
  /* 4 */ '20240102 170300;;1.1036;1.1034;1.1035;0',
  /* 5 */ '20240102 170400;-1.1;1.1036;1.1034;1.1035;0',
  /* 6 */ '20240102 170500;0;1.1036;1.1034;1.1035;0',
  /* 7 */ '20240102 170600;0.000001;1.1036;1.1034;1.1035;0',
  /* 8 */ '20240102 170700;1234567890123;1.1036;1.1034;1.1035;0',
  /* 9 */ '20240102 170800;1.1040;1.1036;1.1034;1.1035;0',
  /* 10 */ '20240102 170900;1.5;1.5;1.5;1.5;0',
  /* 11 */ '20240102 165900;1.1035;1.1036;1.1034;1.1035;0',
  /* 12 */ '20241302 171000;1.1035;1.1036;1.1034;1.1035;0',
  /* 13 */ '20240132 171000;1.1035;1.1036;1.1034;1.1035;0',
  /* 14 */ '20240102 251000;1.1035;1.1036;1.1034;1.1035;0',
  /* 15 */ '19890102 171000;1.1035;1.1036;1.1034;1.1035;0',
  /* 16 */ '20240102 171030;1.1035;1.1036;1.1034;1.1035;0',
  /* 17 */ '2024-01-02 171000;1.1035;1.1036;1.1034;1.1035;0',
  /* 18 */ '20990102 171000;1.1035;1.1036;1.1034;1.1035;0',
  /* 19 */ 'x'.repeat(300),
  /* 20 */ '',
  /* 21 */ '20240102 171100;1.1035;1.1036',
  /* 22 */ '20240102 171200;1.1035;1.1036;1.1034;1.1035;-1',
].join('\n');

describe('the contract and the server agree on formats and bad lines', () => {
  it('takes the same formats as the import', () => {
    expect([...HISTORY_IMPORT_FORMATS]).toEqual([...HISTORY_FORMATS]);
  });

  it('names every field with an identifier', () => {
    expect(HISTORY_FIELDS).toContain('ask_volume');
  });
});

describe.each(DIALECTS)('the history import from the back office (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestOperator;
  const api = () => adminClient(t.app);
  const importFile = (body: unknown, o: { token?: string; lang?: string } = {}) =>
    api().call(adminImportHistoryEndpoint, body, {
      token: o.token ?? admin.token,
      headers: { lang: o.lang ?? 'en' },
    });
  const candles = async () =>
    (
      await t.services.core.db
        .selectFrom('candles')
        .select(['period', 'time', 'open', 'high', 'low', 'close'])
        .where('instrument_id', '=', EURUSD)
        .where('time', '>=', Date.parse('2024-01-02T00:00:00Z'))
        .where('time', '<', Date.parse('2024-01-04T00:00:00Z'))
        .orderBy('period')
        .orderBy('time')
        .execute()
    ).map((c) => ({ ...c, time: Number(c.time) }));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createOperator(t.services, 'admin');
  });
  afterAll(async () => t.close());

  it('writes a good file’s candles and audits the import in its transaction', async () => {
    const before = await auditCount(t.services);
    const answer = await importFile({
      instrument: 'EURUSD',
      format: 'histdata-m1',
      file_name: 'DAT_ASCII_EURUSD_M1_202401.csv',
      text: M1,
    });
    expect(answer.code, answer.body).toBe(1);
    expect(answer.msg).toBe('EURUSD: 10 candles written');
    expect(answer.data).toMatchObject({
      instrument: 'EURUSD',
      format: 'histdata-m1',
      lines: 3,
      rows: 3,
      skipped: 0,
      candles: 10,
      per_period: {
        '1min': 3,
        '5min': 1,
        '15min': 1,
        '30min': 1,
        '60min': 1,
        '4hour': 1,
        '1day': 1,
        '1week': 1,
      },
      // 17:00 EST is 22:00 UTC.
      from: Date.parse('2024-01-02T22:00:00Z'),
      to: Date.parse('2024-01-02T22:02:00Z'),
    });
    const stored = await candles();
    expect(stored.filter((c) => c.period === '1min').map((c) => [c.time, Number(c.close)])).toEqual([
      [Date.parse('2024-01-02T22:00:00Z'), 110_350],
      [Date.parse('2024-01-02T22:01:00Z'), 110_360],
      [Date.parse('2024-01-02T22:02:00Z'), 110_370],
    ]);
    expect(await auditCount(t.services)).toBe(before + 1);
    const row = await t.services.core.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'history.import', object_type: 'instrument', object_id: 'EURUSD' });
    expect(Number(row.operator_id)).toBe(admin.id);
    expect(JSON.parse(row.after_json!)).toMatchObject({
      file_name: 'DAT_ASCII_EURUSD_M1_202401.csv',
      format: 'histdata-m1',
      candles: 10,
    });

    // The same file again: the same candles, one more audit row.
    expect((await importFile({ instrument: 'EURUSD', format: 'histdata-m1', text: M1 })).code).toBe(1);
    expect(await candles()).toEqual(stored);
    expect(await auditCount(t.services)).toBe(before + 2);
  });

  it('refuses a file with bad lines whole, listing each with a code and params', async () => {
    const stored = await candles();
    const before = await auditCount(t.services);
    const answer = await importFile({ instrument: 'EURUSD', format: 'histdata-m1', text: BAD_M1 });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe(ResultCode.BusinessRule);
    expect(answer.msg).toBe('21 bad lines of 22: nothing was imported');
    const refusal = HistoryRefusalSchema.parse(answer.data);
    expect(refusal).toMatchObject({ lines: 22, bad_count: 21 });
    expect(refusal.bad.map((b) => [b.line, b.code, b.params.why ?? null])).toEqual([
      [2, 'high_below_low', null],
      [3, 'not_a_number', null],
      [4, 'not_a_number', 'empty'],
      [5, 'negative', null],
      [6, 'zero_price', null],
      [7, 'zero_price', 'rounded'],
      [8, 'too_large', null],
      [9, 'outside_high_low', null],
      [10, 'absurd_jump', 'previous'],
      [11, 'not_increasing', null],
      [12, 'bad_date', 'month'],
      [13, 'bad_date', 'day'],
      [14, 'bad_date', 'time'],
      [15, 'bad_date', 'year'],
      [16, 'bad_date', 'minute'],
      [17, 'bad_date', 'format'],
      [18, 'in_future', null],
      [19, 'line_too_long', null],
      [20, 'empty_line', null],
      [21, 'bad_fields', null],
      [22, 'negative', null],
    ]);
    expect(refusal.bad[0]!.params).toEqual({ high: '1.1030', low: '1.1040' });
    expect(refusal.bad[1]!.params).toEqual({ field: 'open', value: '"abc"' });
    expect(refusal.bad[7]!.params).toEqual({ field: 'open', value: '1.1040', low: '1.1034', high: '1.1036' });
    expect(refusal.bad[8]!.params).toEqual({
      why: 'previous',
      field: 'open',
      value: '1.50000',
      move: 35.9,
      ref_field: 'close',
      ref_line: 1,
      ref_value: '1.10350',
      limit: 20,
    });
    expect(refusal.bad[19]!.params).toEqual({
      found: 3,
      expected: 6,
      shape: 'YYYYMMDD HHMMSS;open;high;low;close;volume',
    });
    // The wire carries codes, never the English reason.
    expect(answer.body).not.toContain('is below low');
    // Every message the page may show has its words.
    for (const bad of refusal.bad) {
      const key = bad.params.why ? `${bad.code}_${String(bad.params.why)}` : bad.code;
      expect(HISTORY_BAD_LINE_KEYS as readonly string[]).toContain(key);
    }
    expect(await candles()).toEqual(stored);
    expect(await auditCount(t.services)).toBe(before);
  });

  it('answers in the operator’s language', async () => {
    const answer = await importFile(
      { instrument: 'EURUSD', format: 'histdata-m1', text: `${M1}x\n` },
      { lang: 'fr' },
    );
    expect(answer.code).toBe(ResultCode.BusinessRule);
    expect(answer.msg).not.toMatch(/nothing was imported/);
    expect(answer.msg).toContain('1');
    const unknown = await importFile({ instrument: 'NOPE', format: 'histdata-m1', text: M1 }, { lang: 'hk' });
    expect(unknown).toMatchObject({ code: ResultCode.BusinessRule, data: { field: 'instrument' } });
    expect(unknown.msg).toContain('NOPE');
    expect(unknown.msg).not.toMatch(/There is no instrument/);
  });

  it.each([
    [
      'an unknown instrument',
      { instrument: 'NOPE' },
      ResultCode.BusinessRule,
      'instrument',
      'There is no instrument NOPE',
    ],
    [
      'an instrument in lower case',
      { instrument: 'eurusd' },
      ResultCode.InvalidParams,
      'instrument',
      'instrument is not valid',
    ],
    [
      'an instrument as a number',
      { instrument: 1 },
      ResultCode.InvalidParams,
      'instrument',
      'instrument is not valid',
    ],
    [
      'no instrument',
      { instrument: undefined },
      ResultCode.InvalidParams,
      'instrument',
      'instrument is required',
    ],
    [
      'an unknown format',
      { format: 'metatrader' },
      ResultCode.InvalidParams,
      'format',
      'format is not valid',
    ],
    [
      'a format in another case',
      { format: 'HISTDATA-M1' },
      ResultCode.InvalidParams,
      'format',
      'format is not valid',
    ],
    [
      'a format as a list',
      { format: ['histdata-m1'] },
      ResultCode.InvalidParams,
      'format',
      'format is not valid',
    ],
    ['a text as a number', { text: 20240102 }, ResultCode.InvalidParams, 'text', 'text is not valid'],
    [
      'a text as a list of lines',
      { text: M1.split('\n') },
      ResultCode.InvalidParams,
      'text',
      'text is not valid',
    ],
    ['a text as an object', { text: { lines: M1 } }, ResultCode.InvalidParams, 'text', 'text is not valid'],
    ['an empty text', { text: '' }, ResultCode.InvalidParams, 'text', 'text is required'],
    ['a NUL byte', { text: `${M1}\u0000` }, ResultCode.InvalidParams, 'text', null],
    [
      'a file name as a number',
      { file_name: 7 },
      ResultCode.InvalidParams,
      'file_name',
      'file_name is not valid',
    ],
  ])('refuses %s with a translated envelope', async (_what, change, code, field, msg) => {
    const before = await auditCount(t.services);
    const answer = await importFile({ instrument: 'EURUSD', format: 'histdata-m1', text: M1, ...change });
    expect(answer.status).toBeLessThan(500);
    expect(answer).toMatchObject({ code, data: { field } });
    if (msg) expect(answer.msg).toBe(msg);
    expect(answer.msg).not.toMatch(/^errors\.|^history_import\./);
    expect(await auditCount(t.services)).toBe(before);
  });

  it('refuses a file over 20 MB, and a larger body before reading it', async () => {
    const over = 'x'.repeat(HISTORY_IMPORT_MAX_BYTES + 1);
    const big = await importFile({ instrument: 'EURUSD', format: 'histdata-m1', text: over });
    expect(big).toMatchObject({ status: 200, code: ResultCode.InvalidParams, data: { field: 'text' } });
    expect(big.msg).toBe('The file is larger than 20 MB: import it with npm run import:history');
    // Multi-byte characters count as their UTF-8 bytes.
    const wide = 'é'.repeat(HISTORY_IMPORT_MAX_BYTES / 2 + 1);
    expect((await importFile({ instrument: 'EURUSD', format: 'histdata-m1', text: wide })).code).toBe(
      ResultCode.InvalidParams,
    );

    const body = JSON.stringify({ instrument: 'EURUSD', format: 'histdata-m1', text: over });
    const huge = body + ' '.repeat(HISTORY_IMPORT_BODY_LIMIT - body.length + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: adminImportHistoryEndpoint.path,
      headers: { lang: 'en', authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: ResultCode.PayloadTooLarge, data: null });
  });

  it.each(['finance', 'support', 'content'] as const)('refuses a %s operator', async (role) => {
    const operator = await createOperator(t.services, role);
    const before = await auditCount(t.services);
    const answer = await importFile(
      { instrument: 'EURUSD', format: 'histdata-m1', text: M1 },
      { token: operator.token },
    );
    expect(answer).toMatchObject({
      code: ResultCode.Forbidden,
      msg: 'Your role does not allow this action',
      data: null,
    });
    expect(await auditCount(t.services)).toBe(before);
  });
});
