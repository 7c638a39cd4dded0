import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  depositsInTransit,
  microUsd,
  ResultCode,
  withdrawalsInTransit,
  type LedgerEntryKind,
  type LedgerRefType,
} from '@pipwise/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type HouseSplit } from '../src/core/money/ledger.js';
import { createAccount } from '../src/core/money/ledger.repository.js';
import type { Server } from '../src/app.js';
import { createTestApp, createUserWithSession, DIALECTS, type TestApp } from './helper.js';
import { adminClient, createOperator, type TestOperator } from './admin-fixtures.js';
import { boundMethod, fundsFixture } from './funds-fixtures.js';

/**
 * The operators' reports (docs/reports.md) over a known history, on both databases: exact
 * figures, days in two time zones across the UK's clock change (30 March 2025, 01:00 UTC),
 * CSV files cell for cell (formula injection defused, negative numbers kept numbers), a
 * streamed export of 20,000 entries, refusals and roles.
 */

const at = (iso: string) => Date.parse(iso);
const usd = (n: number) => microUsd(Math.round(n * 1_000_000));
const BOM = '\uFEFF';

/** The range of every test: three days around the clock change. */
const RANGE = { from: '2025-03-29', to: '2025-03-31' };
const LONDON = { ...RANGE, tz: 'Europe/London' };
const HONG_KONG = { ...RANGE, tz: 'Asia/Hong_Kong' };
const EVIL_BANK = '=HYPERLINK("http://evil.example","x")';

interface Move {
  userId: number;
  kind: LedgerEntryKind;
  amount: number;
  at: string;
  ref?: { type: LedgerRefType; id: number };
  contra?: string;
  split?: HouseSplit;
  memo?: string;
}

async function book(s: Server, m: Move): Promise<void> {
  await s.core.db.transaction().execute(async (trx) => {
    const done = await post(trx, {
      userId: m.userId,
      kind: m.kind,
      amount: usd(m.amount),
      now: at(m.at),
      ...(m.ref ? { ref: m.ref } : {}),
      ...(m.contra ? { contra: m.contra } : {}),
      ...(m.split ? { split: m.split } : {}),
      ...(m.memo ? { memo: m.memo } : {}),
    });
    if (!done) throw new Error(`refused: ${JSON.stringify(m)}`);
  });
}

async function userAt(s: Server, created: string, o: { is_demo?: number } = {}): Promise<number> {
  const { userId } = await createUserWithSession(s, o);
  await s.core.db
    .updateTable('users')
    .set({ created_at: at(created) })
    .where('id', '=', userId)
    .execute();
  await s.core.db.transaction().execute((trx) => createAccount(trx, userId, at(created), 'real'));
  return userId;
}

async function orderOn(s: Server, userId: number, code: string): Promise<number> {
  const inst = s.market.service.instrumentByCode(code)!;
  const row = await s.core.db
    .insertInto('orders')
    .values({
      user_id: userId,
      instrument_id: inst.id,
      side: 1,
      status: 3,
      lots: '0.10' as never,
      leverage: 100,
      margin_mode: 0,
      target_price: null,
      pending_kind: null,
      open_price: null,
      close_price: null,
      tp: null,
      sl: null,
      close_reason: null,
      close_note: null,
      idempotency_key: null,
      created_at: at('2025-03-29T00:00:00Z'),
      opened_at: null,
      closed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function verified(s: Server, userId: number, status: number, reviewed: string): Promise<void> {
  const upload = async () =>
    Number(
      (
        await s.core.db
          .insertInto('uploads')
          .values({
            user_id: userId,
            name: `${userId}-${Math.random().toString(16).slice(2)}.png`,
            mime: 'image/png',
            bytes: 1,
            width: 1,
            height: 1,
            created_at: at(reviewed),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  await s.core.db
    .insertInto('identity_verifications')
    .values({
      user_id: userId,
      name: '@SUM(1)',
      card_id: 'A123',
      front_upload_id: await upload(),
      reverse_upload_id: await upload(),
      status,
      reviewed_by: null,
      reviewed_at: at(reviewed),
      created_at: at(reviewed),
    })
    .execute();
}

/** The history every figure below is worked out from (docs/reports.md has the same story). */
async function history(t: TestApp) {
  const s = t.services;
  const funds = await fundsFixture(s);
  await s.core.db
    .updateTable('deposit_channels')
    .set({ bank_name: EVIL_BANK })
    .where('id', '=', funds.wire)
    .execute();
  const a = await userAt(s, '2025-03-29T05:00:00Z'); // London 29th, Hong Kong 29th
  const b = await userAt(s, '2025-03-30T23:30:00Z'); // London 31st (00:30 BST), Hong Kong 31st
  const c = await userAt(s, '2025-03-29T17:00:00Z'); // London 29th, Hong Kong 30th (01:00)
  const demo = await userAt(s, '2025-03-29T06:00:00Z', { is_demo: 1 });
  const o1 = await orderOn(s, a, 'EURUSD');
  const o2 = await orderOn(s, b, 'XAUUSD');
  const o3 = await orderOn(s, demo, 'EURUSD');
  const methodId = await boundMethod(s, a, funds.usdt);
  const coin = depositsInTransit(funds.coin, 'USDT');
  const wire = depositsInTransit(funds.wire, 'USD');
  const payout = withdrawalsInTransit(methodId, 'USDT');
  const order = (id: number) => ({ type: 'order' as const, id });

  await book(s, { userId: a, kind: 'deposit', amount: 1000, at: '2025-03-28T12:00:00Z', contra: coin });
  await book(s, { userId: b, kind: 'deposit', amount: 500, at: '2025-03-29T10:00:00Z', contra: wire });
  await book(s, { userId: b, kind: 'adjustment', amount: 10, at: '2025-03-29T11:00:00Z', memo: '@SUM(1)' });
  await book(s, { userId: c, kind: 'deposit', amount: 200, at: '2025-03-30T09:00:00Z', contra: coin });
  // 22:30 UTC: the 29th in London, the 30th in Hong Kong.
  await book(s, { userId: a, kind: 'trade_fee', amount: 2.5, at: '2025-03-29T22:30:00Z', ref: order(o1) });
  await book(s, { userId: a, kind: 'trade_profit', amount: 40, at: '2025-03-30T12:00:00Z', ref: order(o1) });
  // 23:30 UTC on the 30th is 00:30 BST on the 31st (GMT would still say the 30th).
  await book(s, { userId: b, kind: 'trade_fee', amount: 3, at: '2025-03-30T23:30:00Z', ref: order(o2) });
  // Closed at the provider: the provider's side and the markup as spread revenue.
  await book(s, {
    userId: b,
    kind: 'trade_profit',
    amount: -25,
    at: '2025-03-31T10:00:00Z',
    ref: order(o2),
    contra: 'a_book_settlement',
    split: { account: 'spread_revenue', amount: usd(1.5) },
  });
  await book(s, { userId: a, kind: 'withdraw_hold', amount: 100, at: '2025-03-31T11:00:00Z' });
  await book(s, {
    userId: a,
    kind: 'withdraw_paid',
    amount: 100,
    at: '2025-03-31T12:00:00Z',
    contra: payout,
  });
  // 20:00 UTC on the 31st: still the 31st in London, already 1 April in Hong Kong.
  await book(s, { userId: a, kind: 'trade_fee', amount: 1, at: '2025-03-31T20:00:00Z', ref: order(o1) });
  // Demo money: in no report.
  await book(s, { userId: demo, kind: 'demo_credit', amount: 10_000, at: '2025-03-29T09:00:00Z' });
  await book(s, { userId: demo, kind: 'trade_fee', amount: 7, at: '2025-03-29T12:00:00Z', ref: order(o3) });

  await verified(s, a, 2, '2025-03-30T23:15:00Z'); // London 31st, Hong Kong 31st
  await verified(s, c, 2, '2025-03-29T16:30:00Z'); // London 29th, Hong Kong 30th
  await verified(s, b, 3, '2025-03-30T10:00:00Z'); // rejected: not counted
  const eur = s.market.service.instrumentByCode('EURUSD')!.id;
  const xau = s.market.service.instrumentByCode('XAUUSD')!.id;
  return { funds, methodId, coin, wire, payout, eur, xau };
}

const M = 1_000_000;
/** The reports' order of accounts: by their code units, whatever the database's collation. */
const byAccount = (x: { account: string }, y: { account: string }) =>
  x.account < y.account ? -1 : x.account > y.account ? 1 : 0;

describe.each(DIALECTS)('operator reports (%s)', (dialect) => {
  let t: TestApp;
  let finance: TestOperator;
  let h: Awaited<ReturnType<typeof history>>;
  const api = () => adminClient(t.app);
  const get = (path: string, input: Record<string, unknown>, token = finance.token) =>
    api().send('GET', `/api/admin/reports/${path}`, input, { token });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await createOperator(t.services, 'finance');
    h = await history(t);
  }, 60_000);
  afterAll(async () => t.close());

  it('house P&L by instrument: the house entries of trades, by account, demo left out', async () => {
    const answer = await get('pnl', LONDON);
    expect(answer.code, answer.body).toBe(ResultCode.Success);
    expect(answer.data.span).toEqual({
      ...LONDON,
      start: at('2025-03-29T00:00:00Z'),
      end: at('2025-03-31T23:00:00Z'),
    });
    expect(answer.data.rows).toEqual([
      { instrument_id: h.eur, code: 'EURUSD', account: 'client_pnl', entries: 1, amount_micros: -40 * M },
      { instrument_id: h.eur, code: 'EURUSD', account: 'fee_revenue', entries: 2, amount_micros: 3.5 * M },
      {
        instrument_id: h.xau,
        code: 'XAUUSD',
        account: 'a_book_settlement',
        entries: 1,
        amount_micros: 23.5 * M,
      },
      { instrument_id: h.xau, code: 'XAUUSD', account: 'fee_revenue', entries: 1, amount_micros: 3 * M },
      { instrument_id: h.xau, code: 'XAUUSD', account: 'spread_revenue', entries: 1, amount_micros: 1.5 * M },
    ]);
  });

  it('revenue per local day, in London across the clock change and in Hong Kong', async () => {
    const london = await get('revenue', LONDON);
    expect(london.data.accounts).toEqual(['fee_revenue', 'spread_revenue']);
    expect(london.data.rows).toEqual([
      { day: '2025-03-29', account: 'fee_revenue', entries: 1, amount_micros: 2.5 * M },
      { day: '2025-03-31', account: 'fee_revenue', entries: 2, amount_micros: 4 * M },
      { day: '2025-03-31', account: 'spread_revenue', entries: 1, amount_micros: 1.5 * M },
    ]);
    const hk = await get('revenue', HONG_KONG);
    expect(hk.data.span).toMatchObject({
      start: at('2025-03-28T16:00:00Z'),
      end: at('2025-03-31T16:00:00Z'),
    });
    expect(hk.data.rows).toEqual([
      { day: '2025-03-30', account: 'fee_revenue', entries: 1, amount_micros: 2.5 * M },
      { day: '2025-03-31', account: 'fee_revenue', entries: 1, amount_micros: 3 * M },
      { day: '2025-03-31', account: 'spread_revenue', entries: 1, amount_micros: 1.5 * M },
    ]);
  });

  it('deposits and withdrawals by channel, named', async () => {
    const answer = await get('funds', LONDON);
    const deposits = [
      {
        direction: 'deposit',
        account: h.coin,
        channel_id: h.funds.coin,
        currency: 'USDT',
        name: 'coin USDT TRC20',
        entries: 1,
        amount_micros: 200 * M,
      },
      {
        direction: 'deposit',
        account: h.wire,
        channel_id: h.funds.wire,
        currency: 'USD',
        name: EVIL_BANK,
        entries: 1,
        amount_micros: 500 * M,
      },
    ].sort(byAccount);
    expect(answer.data.rows).toEqual([
      ...deposits,
      {
        direction: 'withdrawal',
        account: h.payout,
        channel_id: h.methodId,
        currency: 'USDT',
        name: 'coin USDT TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        entries: 1,
        amount_micros: 100 * M,
      },
    ]);
  });

  it('new and verified real users per day, in both zones', async () => {
    expect((await get('users', LONDON)).data.rows).toEqual([
      { day: '2025-03-29', registered: 2, verified: 1 },
      { day: '2025-03-30', registered: 0, verified: 0 },
      { day: '2025-03-31', registered: 1, verified: 1 },
    ]);
    expect((await get('users', HONG_KONG)).data.rows).toEqual([
      { day: '2025-03-29', registered: 1, verified: 0 },
      { day: '2025-03-30', registered: 1, verified: 1 },
      { day: '2025-03-31', registered: 1, verified: 1 },
    ]);
  });

  it('trial balance: every house account, the traders, and a check row of zeros', async () => {
    const answer = await get('trial-balance', LONDON);
    const row = (account: string, opening: number, debit: number, credit: number, entries: number) => ({
      account,
      opening_micros: opening * M,
      debit_micros: debit * M,
      credit_micros: credit * M,
      closing_micros: (opening + debit - credit) * M,
      entries,
    });
    expect(answer.data.rows).toEqual(
      [
        row('a_book_settlement', 0, 23.5, 0, 1),
        row('client_pnl', 0, 0, 40, 1),
        row(h.coin, -1000, 0, 200, 1),
        row(h.wire, 0, 0, 500, 1),
        row('fee_revenue', 0, 6.5, 0, 3),
        row('operator_adjustments', 0, 0, 10, 1),
        row('spread_revenue', 0, 1.5, 0, 1),
        row(h.payout, 0, 100, 0, 1),
      ].sort(byAccount),
    );
    expect(answer.data.traders).toEqual(row('traders', 1000, 750, 131.5, 9));
    expect(answer.data.check).toEqual(row('check', 0, 881.5, 881.5, 19));
    expect(answer.data.balanced).toBe(true);
  });

  it('drill-down: the entries behind a figure, paged, by instrument', async () => {
    const all = await get('entries', { ...LONDON, account: 'fee_revenue' });
    expect(all.data.total).toBe(3);
    expect(all.data.data.map((e: { amount_micros: number }) => e.amount_micros)).toEqual([
      2.5 * M,
      3 * M,
      1 * M,
    ]);
    const eur = await get('entries', { ...LONDON, account: 'fee_revenue', instrument_id: h.eur });
    expect(eur.data.total).toBe(2);
    expect(eur.data.data.map((e: { kind: string }) => e.kind)).toEqual(['trade_fee', 'trade_fee']);
    // The drill-down adds up to the report's figure.
    const sum = eur.data.data.reduce((s: number, e: { amount_micros: number }) => s + e.amount_micros, 0);
    expect(sum).toBe(3.5 * M);
    expect((await get('entries', { ...LONDON, account: 'fee_revenue', page: 2 })).data).toEqual({
      data: [],
      total: 3,
    });
  });

  it('CSV files, cell for cell: formulas defused, negative numbers still numbers', async () => {
    const funds = await get('funds.csv', LONDON);
    expect(funds.status).toBe(200);
    expect(funds.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(funds.headers['content-disposition']).toBe(
      'attachment; filename="pipwise-funds-2025-03-29-2025-03-31.csv"',
    );
    const depositLines = [
      { account: h.coin, line: `"deposit","${h.coin}",${h.funds.coin},"USDT","coin USDT TRC20",1,200` },
      {
        account: h.wire,
        line: `"deposit","${h.wire}",${h.funds.wire},"USD","'=HYPERLINK(""http://evil.example"",""x"")",1,500`,
      },
    ].sort(byAccount);
    expect(funds.body).toBe(
      [
        `${BOM}"direction","account","channel_id","currency","name","entries","amount_usd"`,
        ...depositLines.map((d) => d.line),
        `"withdrawal","${h.payout}",${h.methodId},"USDT","coin USDT TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",1,100`,
        '',
      ].join('\r\n'),
    );
    const pnl = await get('pnl.csv', LONDON);
    expect(pnl.body.split('\r\n').slice(0, 3)).toEqual([
      `${BOM}"instrument","instrument_id","account","entries","amount_usd"`,
      `"EURUSD",${h.eur},"client_pnl",1,-40`,
      `"EURUSD",${h.eur},"fee_revenue",2,3.5`,
    ]);
    const balance = await get('trial-balance.csv', LONDON);
    expect(balance.body.split('\r\n').slice(-4)).toEqual([
      `"${h.payout}",0,100,0,100,1`,
      '"traders",1000,750,131.5,1618.5,9',
      '"check",0,881.5,881.5,0,19',
      '',
    ]);
    const adjustments = await get('entries.csv', { ...LONDON, account: 'operator_adjustments' });
    const [header, line] = adjustments.body.split('\r\n');
    expect(header).toBe(
      `${BOM}"entry_id","log_id","time_utc","user_id","uid","kind","ref_type","ref_id","memo","amount_usd"`,
    );
    // A memo starting with @ is text with a quote in front; the amount, −10, a bare number.
    expect(line).toMatch(
      /^\d+,\d+,"2025-03-29T11:00:00\.000Z",\d+,"U[0-9a-f]+","adjustment","","","'@SUM\(1\)",-10$/,
    );
    const users = await get('users.csv', HONG_KONG);
    expect(users.body).toBe(
      `${BOM}"day","registered","verified"\r\n"2025-03-29",1,0\r\n"2025-03-30",1,1\r\n"2025-03-31",1,1\r\n`,
    );
  });

  it('refuses bad input with the field and a translated message, CSV included', async () => {
    const refused = async (path: string, input: Record<string, unknown>, field: string, msg: string) => {
      const answer = await get(path, input);
      expect(answer.status, answer.body).toBe(200);
      expect(
        { code: answer.code, field: answer.data?.field, msg: answer.msg },
        JSON.stringify(input),
      ).toEqual({
        code: ResultCode.InvalidParams,
        field,
        msg,
      });
    };
    const date = 'The date must be a calendar day written YYYY-MM-DD';
    await refused('pnl', { ...LONDON, from: '2025-02-30' }, 'from', date);
    await refused('pnl', { ...LONDON, from: '2025-3-01' }, 'from', date);
    await refused('pnl', { ...LONDON, to: '20250331' }, 'to', date);
    await refused('pnl', { ...LONDON, to: '2025-03-31T00:00' }, 'to', date);
    await refused('pnl', { ...LONDON, from: '1999-12-31' }, 'from', date);
    await refused(
      'revenue',
      { ...LONDON, from: '2025-04-01' },
      'to',
      'The end date must not be before the start date',
    );
    await refused('users', { ...LONDON, from: '2024-03-30' }, 'to', 'A report covers at most 366 days');
    const zone = 'tz is not a known time zone';
    await refused('funds', { ...LONDON, tz: 'Mars/Olympus' }, 'tz', zone);
    await refused('funds', { ...LONDON, tz: '+08:00' }, 'tz', zone);
    await refused('funds', { ...LONDON, tz: '' }, 'tz', zone);
    await refused('trial-balance.csv', { ...LONDON, tz: 'Europe/Nowhere' }, 'tz', zone);
    await refused(
      'entries',
      { ...LONDON, account: "fee_revenue' OR 1=1" },
      'account',
      'account is not valid',
    );
    await refused('entries', { ...LONDON, account: 'fee_revenue', page: 0 }, 'page', 'page is not valid');
    await refused(
      'entries',
      { ...LONDON, account: 'fee_revenue', page: 100_001 },
      'page',
      'page is not valid',
    );
    await refused(
      'entries',
      { ...LONDON, account: 'fee_revenue', instrument_id: '0x1' },
      'instrument_id',
      'instrument_id is not valid',
    );
    await refused(
      'entries.csv',
      { ...LONDON, account: 'fee_revenue', instrument_id: 'true' },
      'instrument_id',
      'instrument_id is not valid',
    );
    // A zone spelt otherwise than the zone database spells it is refused, not guessed at.
    await refused('funds', { ...LONDON, tz: 'europe/london' }, 'tz', zone);
    // A range of exactly 366 days is fine.
    expect(
      (await get('users', { from: '2024-03-31', to: '2025-03-31', tz: 'Europe/London' })).data.span.tz,
    ).toBe('Europe/London');
    // A repeated parameter arrives as a list: refused, not read as its first value.
    const twice = await t.app.inject({
      url: '/api/admin/reports/pnl?from=2025-03-29&from=2025-03-30&to=2025-03-31&tz=UTC',
      headers: { lang: 'en', authorization: `Bearer ${finance.token}` },
    });
    expect(JSON.parse(twice.body)).toMatchObject({ code: ResultCode.InvalidParams, data: { field: 'from' } });
  });

  it('opens to finance and admin only; anonymous and traders get 999', async () => {
    const admin = await createOperator(t.services, 'admin');
    for (const path of ['pnl', 'trial-balance.csv', 'entries']) {
      const input = { ...LONDON, account: 'fee_revenue' };
      expect((await get(path, input, admin.token)).status).toBe(200);
      for (const role of ['support', 'content'] as const) {
        const other = await createOperator(t.services, role);
        expect((await get(path, input, other.token)).code, `${role} ${path}`).toBe(ResultCode.Forbidden);
      }
      const trader = await createUserWithSession(t.services);
      expect((await get(path, input, trader.token)).code).toBe(ResultCode.SessionExpired);
      expect((await api().send('GET', `/api/admin/reports/${path}`, input)).code).toBe(
        ResultCode.SessionExpired,
      );
    }
  });

  it('streams a 20,000-entry export from the database, a batch at a time', { timeout: 120_000 }, async () => {
    const s = t.services;
    const userId = await userAt(s, '2025-06-01T00:00:00Z');
    const base = at('2025-06-01T08:00:00Z');
    const rows = 20_000;
    await s.core.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows; i += 1_000) {
        const logs = await trx
          .insertInto('account_logs')
          .values(
            Array.from({ length: 1_000 }, (_, k) => ({
              user_id: userId,
              type: 'trade_fee',
              amount: microUsd(-(i + k + 1)),
              balance_after: microUsd(0),
              ref_type: null,
              ref_id: null,
              memo: null,
              created_at: base + i + k,
            })),
          )
          .returning(['id', 'amount', 'created_at'])
          .execute();
        await trx
          .insertInto('ledger_entries')
          .values(
            logs.map((l) => ({
              log_id: Number(l.id),
              account: 'load_revenue',
              amount: microUsd(-Number(l.amount)),
              created_at: Number(l.created_at),
            })),
          )
          .execute();
      }
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const query = new URLSearchParams({
      from: '2025-06-01',
      to: '2025-06-01',
      tz: 'UTC',
      account: 'load_revenue',
    });
    const { headers, chunks, body } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      chunks: number;
      body: string;
    }>((resolve, reject) => {
      http
        .get(
          `http://127.0.0.1:${port}/api/admin/reports/entries.csv?${query}`,
          { headers: { authorization: `Bearer ${finance.token}`, lang: 'en' } },
          (res) => {
            let count = 0;
            const parts: Buffer[] = [];
            res.on('data', (chunk: Buffer) => {
              count += 1;
              parts.push(chunk);
            });
            res.on('end', () =>
              resolve({ headers: res.headers, chunks: count, body: Buffer.concat(parts).toString('utf8') }),
            );
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
    // Sent as it is read: no length known in advance, so never one string built first.
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(chunks).toBeGreaterThan(1);
    const lines = body.split('\r\n');
    expect(lines).toHaveLength(rows + 2); // header, rows, and the empty string after the last CRLF
    const amounts = lines.slice(1, -1).map((line) => line.split(',').at(-1));
    // Every entry once, in id order, across the batches: 0.000001, 0.000002 … 0.02.
    expect(amounts[0]).toBe('0.000001');
    expect(amounts[999]).toBe('0.001');
    expect(amounts[1000]).toBe('0.001001');
    expect(amounts.at(-1)).toBe('0.02');
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(rows);
    // The report sees the same account generically, as revenue (its name ends in "revenue").
    const revenue = await get('revenue', { from: '2025-06-01', to: '2025-06-01', tz: 'UTC' });
    expect(revenue.data.rows).toEqual([
      { day: '2025-06-01', account: 'load_revenue', entries: rows, amount_micros: (rows * (rows + 1)) / 2 },
    ]);
  });
});

describe.each(DIALECTS)('the trial balance sums to zero whatever happened (%s)', (dialect) => {
  let t: TestApp;
  let finance: TestOperator;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    finance = await createOperator(t.services, 'finance');
  });
  afterAll(async () => t.close());

  it('for any deposits, trades and withdrawals, and any range', { timeout: 120_000 }, async () => {
    const day = 86_400_000;
    const origin = at('2025-01-01T00:00:00Z');
    const op = fc.record({
      kind: fc.constantFrom('deposit', 'fee', 'win', 'loss', 'withdraw'),
      cents: fc.integer({ min: 1, max: 100_000 }),
      when: fc.integer({ min: 0, max: 20 * day }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 12 }),
        fc.integer({ min: 0, max: 20 }),
        async (ops, skip) => {
          const s = t.services;
          const userId = await userAt(s, '2025-01-01T00:00:00Z');
          let balance = 0;
          for (const o of [...ops].sort((x, y) => x.when - y.when)) {
            const amount = o.cents / 100;
            const now = new Date(origin + o.when).toISOString();
            if (o.kind === 'deposit') {
              await book(s, { userId, kind: 'deposit', amount, at: now, contra: 'deposits:1:USD' });
              balance += amount;
            } else if (o.kind === 'win' || o.kind === 'loss') {
              const signed = o.kind === 'win' ? amount : -amount;
              await book(s, { userId, kind: 'trade_profit', amount: signed, at: now });
              balance += signed;
            } else if (balance >= amount) {
              if (o.kind === 'fee') await book(s, { userId, kind: 'trade_fee', amount, at: now });
              else {
                await book(s, { userId, kind: 'withdraw_hold', amount, at: now });
                await book(s, {
                  userId,
                  kind: 'withdraw_paid',
                  amount,
                  at: now,
                  contra: 'withdrawals:1:USD',
                });
              }
              balance -= amount;
            }
          }
          const from = new Date(origin + skip * day).toISOString().slice(0, 10);
          const answer = await adminClient(t.app).send(
            'GET',
            '/api/admin/reports/trial-balance',
            { from, to: '2025-01-25', tz: 'Asia/Hong_Kong' },
            { token: finance.token },
          );
          expect(answer.data.balanced).toBe(true);
          expect(answer.data.check.opening_micros).toBe(0);
          expect(answer.data.check.closing_micros).toBe(0);
          expect(answer.data.check.debit_micros).toBe(answer.data.check.credit_micros);
        },
      ),
      { numRuns: 12 },
    );
  });
});
