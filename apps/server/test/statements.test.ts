import { ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, createTestApp, DIALECTS, type TestApp } from './helper.js';
import { pdfLines } from './pdf-text.js';
import { busyTrader, download, ledgerSum, NOV_END, NOV_START, ZONE } from './statement-fixtures.js';

/**
 * Trader statements (docs/statements.md): the totals are the ledger's, to the micro-dollar;
 * the CSV is exact and safe to open; the PDF reads right in English, Chinese and Arabic; a
 * trader gets only their own statements; bad input is refused with translated codes.
 */
const usd = (micros: number) => (micros / 1e6).toFixed(6).replace(/(\.\d\d\d*?)0+$/, '$1');

describe.each(DIALECTS)('trader statements (%s)', (dialect) => {
  let t: TestApp;
  let trader: Awaited<ReturnType<typeof busyTrader>>;
  const month = { account: 0, month: '2026-11', tz: ZONE };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    trader = await busyTrader(t);
    month.account = trader.userId;
  });
  afterAll(async () => t.close());

  it('reconciles: opening + every movement = closing, equal to the ledger to the micro-dollar', async () => {
    const data = t.services.statements;
    void data;
    const res = await download(t, { ...month, format: 'csv' }, { token: trader.token });
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.disposition).toBe(
      `attachment; filename="pipwise-statement-${trader.userId}-2026-11-01_2026-11-30.csv"`,
    );
    const text = res.body.toString('utf8');
    const cell = (label: string) => {
      const line = text.split('\r\n').find((l) => l.startsWith(`${label},`));
      if (!line) throw new Error(`no line ${label}`);
      return line.split(',')[1]!;
    };
    const opening = await ledgerSum(t, trader.userId, 0, NOV_START);
    const closing = await ledgerSum(t, trader.userId, 0, NOV_END);
    expect(opening).toBe(1_000_000_000);
    expect(cell('Opening balance')).toBe(usd(opening));
    expect(cell('Closing balance')).toBe(usd(closing));
    expect(cell('Deposits')).toBe('500.25');
    expect(cell('Withdrawals')).toBe('-200.00');
    expect(cell('Adjustments')).toBe('12.345678');
    const profit = await ledgerSum(t, trader.userId, NOV_START, NOV_END, 'trade_profit', 1);
    const loss = await ledgerSum(t, trader.userId, NOV_START, NOV_END, 'trade_profit', -1);
    const fees = await ledgerSum(t, trader.userId, NOV_START, NOV_END, 'trade_fee');
    expect(profit).toBeGreaterThan(0);
    expect(loss).toBeLessThan(0);
    expect(fees).toBeLessThan(0);
    expect(cell('Trading profit')).toBe(usd(profit));
    expect(cell('Trading loss')).toBe(usd(loss));
    expect(cell('Trading fees')).toBe(usd(fees));
    // The reconciliation, in integers: what the statement shows adds up to what the ledger holds.
    expect(opening + 500_250_000 - 200_000_000 + 12_345_678 + profit + loss + fees).toBe(closing);
    const account = await t.services.core.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', trader.userId)
      .executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(closing + 77_000_000);
  });

  it('writes the CSV exactly, each formula-like text neutralised', async () => {
    const res = await download(t, { ...month, format: 'csv' }, { token: trader.token });
    const lines = res.body.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('\uFEFFAccount statement');
    expect(lines.slice(1, 5)).toEqual([
      `Account,${trader.userId},Live account`,
      'Period,2026-11-01,2026-11-30',
      `Time zone,${ZONE}`,
      'Currency,USD',
    ]);
    const header = lines.indexOf('Date,Type,Details,Amount (USD),Balance (USD)');
    expect(header).toBeGreaterThan(0);
    expect(lines.slice(header + 1, header + 5)).toEqual([
      '2026-11-01 00:30:00,Deposit,Deposit #8,500.25,1500.25',
      `2026-11-03 10:00:00,Balance adjustment,"'=HYPERLINK(""http://evil.example"")",12.345678,1512.595678`,
      '2026-11-05 10:00:00,Withdrawal requested (held),Withdrawal #3 · 200.00 held for the withdrawal; balance unchanged,0.00,1512.595678',
      '2026-11-06 10:00:00,Withdrawal paid,Withdrawal #3,-200.00,1312.595678',
    ]);
    // Every movement of the month and none of the next: 4 above + 2 trades × (fee + result).
    const rows = lines.slice(header + 1, lines.indexOf('', header));
    expect(rows).toHaveLength(8);
    expect(rows.join('\n')).not.toContain('Deposit #9');
    expect(rows[4]).toMatch(
      new RegExp(
        `^2026-11-25 \\d\\d:\\d\\d:\\d\\d,Trading fee,Order #${trader.orders[0]} BTC/USD Buy 0.01 · opened at 87530\\.00,-`,
      ),
    );
    const trades = lines.indexOf(
      'Order,Instrument,Side,Lots,Opened,Open price,Closed,Close price,Fee (USD),Swap (USD),Profit (USD)',
    );
    expect(lines[trades + 1]).toMatch(
      new RegExp(
        `^${trader.orders[0]},BTC/USD,Buy,0.01,2026-11-25 [\\d:]+,87530.00,2026-11-25 [\\d:]+,87900.00,[\\d.]+,0.00,3.70$`,
      ),
    );
    expect(lines[trades + 2]).toMatch(
      new RegExp(
        `^${trader.orders[1]},BTC/USD,Buy,0.01,2026-11-25 [\\d:]+,87530.00,2026-11-25 [\\d:]+,87000.00,[\\d.]+,0.00,-5.30$`,
      ),
    );
    expect(lines.at(-2)).toContain('Overnight financing (swap) is charged or paid at 17:00 New York time');
  });

  it('renders the PDF in English, Chinese and Arabic with the figures and the words in reading order', async () => {
    const closing = usd(await ledgerSum(t, trader.userId, 0, NOV_END)).replace(/^(\d+)(\d{3})\./, '$1,$2.');
    const en = await download(t, { ...month, format: 'pdf' }, { token: trader.token });
    expect(en.status).toBe(200);
    expect(en.type).toBe('application/pdf');
    expect(en.body.subarray(0, 5).toString()).toBe('%PDF-');
    const enText = (await pdfLines(en.body)).join('\n');
    expect(enText).toContain('Account statement — November 2026');
    expect(enText).toContain('Opening balance 1,000.00');
    expect(enText).toContain(`Closing balance ${closing}`);
    expect(enText).toContain('Balance adjustment');
    expect(enText).toContain('12.345678');
    expect(enText).toContain('Overnight financing (swap) is charged or paid');

    const hk = await download(t, { ...month, format: 'pdf', lang: 'hk' }, { token: trader.token });
    const hkText = (await pdfLines(hk.body)).join('\n');
    expect(hkText).toContain('賬戶結單');
    expect(hkText).toMatch(/期初結餘\s*1,000\.00/);
    expect(hkText).toContain(closing);

    const ar = await download(t, { ...month, format: 'pdf' }, { token: trader.token, lang: 'ar' });
    const arLines = await pdfLines(ar.body);
    const arText = arLines.join('\n');
    // Right to left: the title's first word (كشف) is drawn right of its second (الحساب).
    expect(arText).toContain('الحساب كشف');
    expect(arText).toContain('1,000.00');
    expect(arText).toContain(closing);
    // A number keeps its digits left to right inside an Arabic line, drawn at the words' left:
    // "الإيداع رقم 8" reads right to left, so its pieces left to right are "8 رقم الإيداع".
    expect(arText).toMatch(/\b8 رقم \S+/);
    // A wrapped paragraph starts on its first line: the financing note opens with "يُخصم".
    const note = arLines.findIndex((l) => l.includes('الليلي التمويل'));
    expect(note).toBeGreaterThan(0);
    expect(arLines[note]!.endsWith('يُخصم')).toBe(true);
    expect(arLines[note + 1]).toContain('الموعد،');
  });

  it('lets a demo trader download their own statement, and nobody another’s', async () => {
    const other = await createUserWithSession(t.services);
    const refused = await download(t, { ...month, format: 'csv' }, { token: other.token });
    expect(refused.status).toBe(200);
    const body = JSON.parse(refused.body.toString()) as { code: number; msg: string };
    expect(body).toEqual({
      code: ResultCode.Forbidden,
      msg: 'You can only download statements of your own account',
      data: null,
    });
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    const own = await download(
      t,
      { account: demo.userId, month: '2026-11', tz: 'UTC', format: 'csv' },
      { token: demo.token },
    );
    expect(own.body.toString()).toContain('Demo account');
  });

  it('refuses bad input with the right code and a translated message', async () => {
    const cases: [Record<string, string | number>, string, string?][] = [
      [{ month: '2026-13' }, 'month must be a month written YYYY-MM'],
      [{ month: '2026-1' }, 'month must be a month written YYYY-MM'],
      [
        { month: undefined as never, from: '2026-02-30', to: '2026-03-01' },
        'from must be a date written YYYY-MM-DD',
      ],
      [
        { month: undefined as never, from: '2026-11-10', to: '2026-11-09' },
        'The end date must not be before the start date',
      ],
      [
        { month: undefined as never, from: '2025-01-01', to: '2026-01-02' },
        'A statement covers at most 366 days',
      ],
      [{ month: undefined as never, from: '2025-01-01' }, 'Choose a month, or a start and an end date'],
      [{ from: '2026-11-01', to: '2026-11-02' }, 'Choose a month, or a start and an end date'],
      [{ format: 'xlsx' }, 'format is not valid'],
      [{ tz: 'Mars/Olympus' }, 'tz is not a known time zone'],
      [{ tz: '+05:00' }, 'tz is not a known time zone'],
      [{ lang: 'xx' }, 'lang is not valid'],
      [{ account: '0x1' }, 'account is not valid'],
      [{ account: 'true' }, 'account is not valid'],
    ];
    for (const [change, msg] of cases) {
      const query = Object.fromEntries(
        Object.entries({ ...month, format: 'csv', ...change }).filter(([, v]) => v !== undefined),
      ) as Record<string, string | number>;
      const res = await download(t, query, { token: trader.token });
      const body = JSON.parse(res.body.toString()) as { code: number; msg: string };
      expect([JSON.stringify(change), body.code, body.msg]).toEqual([
        JSON.stringify(change),
        ResultCode.InvalidParams,
        msg,
      ]);
    }
    const ok = await download(
      t,
      { account: trader.userId, from: '2025-11-30', to: '2026-11-30', tz: ZONE, format: 'csv' },
      { token: trader.token },
    );
    expect(ok.status).toBe(200);
    const de = await download(
      t,
      { ...month, month: '2026-13', format: 'csv' },
      { token: trader.token, lang: 'de' },
    );
    expect(JSON.parse(de.body.toString()).msg).toBe('month muss ein Monat im Format JJJJ-MM sein');
    const anonymous = await t.app.inject({
      url: `/v1/api/main/statement/download?account=${trader.userId}&month=2026-11&tz=UTC&format=pdf`,
    });
    expect(JSON.parse(anonymous.body).code).toBe(ResultCode.SessionExpired);
  });

  it('answers a translated error, not a stack trace, when a font file is missing', async () => {
    const broken = await createTestApp(dialect, { config: { STATEMENT_FONT_DIR: '/nonexistent-fonts' } });
    try {
      const user = await createUserWithSession(broken.services);
      const res = await download(
        broken,
        { account: user.userId, month: '2026-11', tz: 'UTC', format: 'pdf' },
        { token: user.token, lang: 'hk' },
      );
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body.toString())).toEqual({
        code: ResultCode.Internal,
        msg: '暫時無法產生 PDF 結單。請改用 CSV，或稍後再試。',
        data: null,
      });
    } finally {
      await broken.close();
    }
  });
});
