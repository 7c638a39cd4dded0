import { ApiError } from '@pipwise/client';
import { HISTORY_IMPORT_MAX_BYTES, type HistoryImportResult } from '@pipwise/shared';
import { describe, expect, it, vi } from 'vitest';
import { t } from '@/test/english';
import { submitImport, type ChosenFile } from './import-submit';

// lib/api tells failures through antd, which cannot load under vitest (test/antd-stub.tsx).
vi.mock('antd', async () => (await import('@/test/antd-stub')).antdStub);

const file = (text: string, size = text.length): ChosenFile & { read: number } => {
  const f = {
    name: 'DAT_ASCII_EURUSD_M1_202401.csv',
    size,
    read: 0,
    text: () => {
      f.read++;
      return Promise.resolve(text);
    },
  };
  return f;
};

const RESULT: HistoryImportResult = {
  instrument: 'EURUSD',
  format: 'histdata-m1',
  lines: 2,
  rows: 2,
  skipped: 0,
  candles: 9,
  per_period: { '1min': 2, '5min': 1, '15min': 1, '30min': 1, '60min': 1, '4hour': 1, '1day': 1, '1week': 1 },
  replaced: 0,
  from: 1,
  to: 2,
};

const choice = (f: ChosenFile) => ({ instrument: 'EURUSD', format: 'histdata-m1' as const, file: f });

describe('sending a history file', () => {
  it('sends the file’s text, the instrument, the format and the name', async () => {
    const send = vi.fn().mockResolvedValue(RESULT);
    const outcome = await submitImport(t, send, choice(file('20240102 170000;1;1;1;1;0\n')));
    expect(outcome).toEqual({ kind: 'imported', result: RESULT });
    expect(send).toHaveBeenCalledWith({
      instrument: 'EURUSD',
      format: 'histdata-m1',
      file_name: 'DAT_ASCII_EURUSD_M1_202401.csv',
      text: '20240102 170000;1;1;1;1;0\n',
    });
  });

  it('refuses a file over the limit without reading or sending it', async () => {
    const send = vi.fn();
    const big = file('', HISTORY_IMPORT_MAX_BYTES + 1);
    expect(await submitImport(t, send, choice(big))).toEqual({
      kind: 'failed',
      message: 'The file is larger than 20 MB: import it with npm run import:history',
    });
    expect(big.read).toBe(0);
    expect(send).not.toHaveBeenCalled();
  });

  it('says so when the file is empty or cannot be read', async () => {
    const send = vi.fn();
    expect(await submitImport(t, send, choice(file('')))).toEqual({
      kind: 'failed',
      message: 'The file is empty',
    });
    const broken = { name: 'x.csv', size: 3, text: () => Promise.reject(new Error('gone')) };
    expect(await submitImport(t, send, choice(broken))).toEqual({
      kind: 'failed',
      message: 'The file could not be read',
    });
    expect(send).not.toHaveBeenCalled();
  });

  it('turns a refusal with bad lines into their list', async () => {
    const data = {
      lines: 3,
      bad_count: 1,
      bad: [{ line: 3, code: 'crossed', params: { bid: '1.2', ask: '1.1' } }],
    };
    const send = vi
      .fn()
      .mockRejectedValue(new ApiError('business', '1 bad lines of 3: nothing was imported', 2000, 200, data));
    expect(await submitImport(t, send, choice(file('x')))).toEqual({
      kind: 'refused',
      message: '1 bad lines of 3: nothing was imported',
      refusal: data,
    });
  });

  it('shows any other refusal’s message, and its own words for a lost connection', async () => {
    const unknown = new ApiError('business', 'There is no instrument NOPE', 2000, 200, {
      field: 'instrument',
    });
    expect(await submitImport(t, vi.fn().mockRejectedValue(unknown), choice(file('x')))).toEqual({
      kind: 'failed',
      message: 'There is no instrument NOPE',
    });
    const network = new ApiError('network', 'Failed to fetch');
    expect(await submitImport(t, vi.fn().mockRejectedValue(network), choice(file('x')))).toEqual({
      kind: 'failed',
      message: 'Cannot reach the server, please check the connection and try again',
    });
    const http = new ApiError('http', 'Bad gateway', undefined, 502);
    expect(await submitImport(t, vi.fn().mockRejectedValue(http), choice(file('x')))).toEqual({
      kind: 'failed',
      message: 'The server answered with an error (502), please try again',
    });
  });
});
