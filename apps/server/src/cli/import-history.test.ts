import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helper.js';
import { prepareDatabase } from '../app.js';
import { silentLog } from '../core/index.js';
import { importHistoryCli } from './import-history.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'DAT_ASCII_EURUSD_M1_202401.csv');
const NOW = Date.parse('2025-01-01T00:00:00Z');

describe('npm run import:history', () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-import-cli-'));

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await prepareDatabase(database.handle, { SIM_TICK_MS: 500 }, NOW, silentLog);
    // The test database's folder is the server's DATA_DIR (pipwise.db in it).
    const file = database.handle.describe.replace(/^sqlite /, '');
    dataDir = path.dirname(file);
    env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  const candleCount = async () =>
    Number(
      (
        await database.handle.db
          .selectFrom('candles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('instrument_id', '=', 1)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports a HistData file into the server’s database and says what it wrote', async () => {
    const run = spawnSync(
      'npm',
      ['run', '-s', 'import:history', '--', '--instrument', 'EURUSD', '--format', 'histdata-m1', FIXTURE],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      'EURUSD from DAT_ASCII_EURUSD_M1_202401.csv: 6 bars read, 2024-01-02T22:00:00.000Z to 2024-01-02T22:05:00.000Z\n' +
        '14 candles written (1min 6, 5min 2, 15min 1, 30min 1, 60min 1, 4hour 1, 1day 1, 1week 1); 0 stored candles of that range replaced\n',
    );
    expect(await candleCount()).toBe(14);
  });

  it('refuses a file with bad lines: prints the first 20 and the count, exits 1, writes nothing', async () => {
    const good = fs.readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');
    const bad = Array.from(
      { length: 25 },
      (_, i) => `20240103 17${String(i).padStart(2, '0')}00;1.1;1.0;1.2;1.1;0`,
    );
    const file = path.join(scratch, 'DAT_ASCII_EURUSD_M1_202402.csv');
    fs.writeFileSync(file, [...good.map((l) => l.replace('20240102', '20240104')), ...bad].join('\n'));
    const before = await candleCount();
    const run = spawnSync(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        'tsx',
        'apps/server/src/cli/import-history.ts',
        '--instrument=EURUSD',
        '--format=histdata-m1',
        file,
      ],
      { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('DAT_ASCII_EURUSD_M1_202402.csv: refused, nothing written: 25 bad lines of 31');
    expect(lines[1]).toBe('  line 7: high 1.0 is below low 1.2');
    expect(lines[20]).toBe('  line 26: high 1.0 is below low 1.2');
    expect(lines[21]).toBe('  … and 5 more bad lines');
    expect(lines).toHaveLength(22);
    expect(await candleCount()).toBe(before);
  });

  it('explains a wrong command line, an unknown instrument and a missing database', async () => {
    const output: string[] = [];
    const io = { out: (l: string) => output.push(l), err: (l: string) => output.push(l) };
    const run = (...argv: string[]) => importHistoryCli(argv, env, io, NOW);

    expect(await run('--format', 'histdata-m1', FIXTURE)).toBe(2);
    expect(output[0]).toBe('--instrument is required');
    output.length = 0;
    expect(await run('--instrument', 'EURUSD', '--format', 'metatrader', FIXTURE)).toBe(2);
    expect(output[0]).toContain('--format must be one of histdata-m1, histdata-tick, dukascopy-bars');
    output.length = 0;
    expect(await run('--instrument', 'EURUSD', '--format', 'histdata-m1', '--max-jump', '1e9', FIXTURE)).toBe(
      2,
    );
    expect(await run('--instrument', 'EURUSD', '--format', 'histdata-m1', '--bogus', FIXTURE)).toBe(2);
    expect(
      await run('--instrument', 'EURUSD', '--format', 'histdata-m1', path.join(scratch, 'none.csv')),
    ).toBe(2);
    output.length = 0;

    expect(await run('--instrument', 'NOPE', '--format', 'histdata-m1', FIXTURE)).toBe(1);
    expect(output).toEqual([
      `no instrument "NOPE" in sqlite ${path.join(dataDir, 'pipwise.db')}: nothing written`,
    ]);
    output.length = 0;

    const elsewhere = { ...env, DATA_DIR: path.join(scratch, 'empty') };
    expect(
      await importHistoryCli(
        ['--instrument', 'EURUSD', '--format', 'histdata-m1', FIXTURE],
        elsewhere,
        io,
        NOW,
      ),
    ).toBe(2);
    expect(output[0]).toMatch(/^no database in .*empty: start the server once first/);
    expect(fs.existsSync(path.join(scratch, 'empty'))).toBe(false);
  });

  it('imports again in-process, replacing the same range', async () => {
    const output: string[] = [];
    const io = { out: (l: string) => output.push(l), err: (l: string) => output.push(l) };
    expect(
      await importHistoryCli(['--instrument', 'EURUSD', '--format', 'histdata-m1', FIXTURE], env, io, NOW),
    ).toBe(0);
    expect(output[1]).toMatch(/; 14 stored candles of that range replaced$/);
  });
});
