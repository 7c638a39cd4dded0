import fs from 'node:fs';
import { microUsd, REPORT_NAMES, ResultCode } from '@pipwise/shared';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balancer } from '../../../scripts/haproxy.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import { usdText } from '../src/modules/statements/statement-format.js';
import { createOperator, OPERATOR_PASSWORD, totpCode } from '../test/admin-fixtures.js';
import { createTestDatabase, fundedUser, TEST_BACKFILL, type TestDatabase } from '../test/helper.js';
import { pdfLines } from '../test/pdf-text.js';
import {
  DeskSocket,
  describeReply,
  envelopeOf,
  isDeskPush,
  moneySnapshot,
  nextClient,
  send,
  verdictOf,
  withoutCreationStamp,
  type Verdict,
} from './back-office-support.js';
import { record } from './figures.js';
import {
  balanceInstances,
  checkAccounts,
  isReady,
  SCALED_TICK_MS,
  scaledInstanceEnv,
  startRedis,
  startServer,
  until,
  type ServerProcess,
} from './support.js';

/** How long Redis stays down. */
const OUTAGE_MS = Number(process.env.RELIABILITY_BACKOFFICE_OUTAGE_MS ?? 20_000);
/** How long the back office may take to answer again once Redis is back. */
const RECOVERY_MS = Number(process.env.RELIABILITY_BACKOFFICE_RECOVERY_MS ?? 30_000);
/** Funded traders who trade before the back office is asked. */
const TRADERS = Number(process.env.RELIABILITY_BACKOFFICE_TRADERS ?? 3);
/** Orders each trader opens (all but the last are closed again). */
const ORDERS = Number(process.env.RELIABILITY_BACKOFFICE_ORDERS ?? 3);
/** The larger batch of identical downloads sent at once. */
const PARALLEL = Number(process.env.RELIABILITY_BACKOFFICE_PARALLEL ?? 5);
/** Pages of another site opening the operator socket, at the end. */
const FOREIGN_UPGRADES = Number(process.env.RELIABILITY_BACKOFFICE_FOREIGN_UPGRADES ?? 5);
const BTC = 26;
const FUND_USD = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The data rows of a CSV (CRLF lines after the byte-order mark, empty lines left out). */
const csvLines = (body: Buffer) =>
  body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');

/** Whose statement a CSV is: the account on its `"Account",<id>,…` line. */
const csvOwner = (body: Buffer) => Number(/^"?Account"?,(\d+),/m.exec(body.toString('utf8'))?.[1] ?? NaN);

interface Trader {
  userId: number;
  token: string;
}
interface Operator {
  email: string;
  token: string;
}

/**
 * Item 16, the back office and the statements through the real entry point: two instances
 * (both may run the engine) on PostgreSQL and a private Redis behind HAProxy. Traders trade
 * through the balancer; operators of three roles log in through it and read the dealing
 * desk, every report and its CSV; traders download their statements — their own only — and
 * the same file several times at once; the operator socket pushes the desk through the
 * balancer. Then Redis is cut off: every request still gets a well-formed answer, no money
 * moves, and once Redis is back the desk, the reports, the statements and the socket answer
 * again.
 */
describe('16. back office and statements through the balancer', () => {
  let database: TestDatabase;
  let verifier: Server;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let balancer: Balancer;
  const instances: Record<string, ServerProcess> = {};
  /** The last of each instance's stderr (a crash's stack). */
  const stderr: Record<string, string> = {};
  const dirs: string[] = [];
  const traders: Trader[] = [];
  const ops = {} as Record<'admin' | 'finance' | 'support', Operator>;
  /** Today (UTC) at the start: the range of every report and statement here. */
  let today = '';
  let deskSocket: DeskSocket | undefined;
  const figures: { figure: string; value: number | string; goal?: string }[] = [];
  const notes: string[] = [];

  const env = (name: string) =>
    scaledInstanceEnv({
      databaseUrl: database.url,
      redisUrl: redis.url,
      id: `bo-${name}`,
      role: 'all',
      dirs,
    });
  const get = (url: string, o: { bearer?: string; token?: string; from?: string } = {}) =>
    send(balancer.port, 'GET', url, o);
  const range = () => `from=${today}&to=${today}&tz=UTC`;
  const statementUrl = (account: number | string, format: 'pdf' | 'csv', extra = '') =>
    `/v1/api/main/statement/download?account=${account}&${range()}&format=${format}${extra}`;
  const wsUrl = () => `ws://127.0.0.1:${balancer.port}/api/admin/ws?lang=en`;
  /** The page's own origin, as a browser on the back office sends it. */
  const ownOrigin = () => ({ origin: `http://127.0.0.1:${balancer.port}` });
  const scalar = async (query: RawBuilder<unknown>) =>
    Number(((await query.execute(verifier.core.db)).rows[0] as { v?: unknown } | undefined)?.v ?? 0);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    verifier = await createServer(
      database.handle,
      { SIM_SEED: 16, SIM_TICK_MS: 60_000 },
      { backfill: TEST_BACKFILL },
    );
    redis = await startRedis();
    for (const name of ['one', 'two']) {
      const p = await startServer(env(name));
      p.child.stderr?.on('data', (chunk: Buffer) => {
        stderr[name] = ((stderr[name] ?? '') + chunk.toString()).slice(-4000);
      });
      instances[name] = p;
    }
    balancer = await balanceInstances(instances);
    await until(
      'the balancer to send traffic',
      async () => (await get('/v1/api/forex/getCategories')).status === 200,
      10_000,
    );

    // Real activity through the balancer: each trader opens ORDERS positions and closes all
    // but the last, so the desk has exposure and the reports and statements have figures.
    today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < TRADERS; i++) traders.push(await fundedUser(verifier, FUND_USD));
    await Promise.all(
      traders.map(async (trader, i) => {
        const opened: number[] = [];
        for (let n = 0; n < ORDERS; n++) {
          const r = await send(balancer.port, 'POST', '/v1/api/forex/submit', {
            token: trader.token,
            body: { type: (i + n) % 2 === 0 ? 1 : 2, cont: '0.01', forex_id: BTC, status: 1, multiple: 20 },
          });
          const e = envelopeOf(r);
          expect(e?.code, describeReply(r)).toBe(1);
          opened.push((e!.data as { Id: number }).Id);
        }
        for (const id of opened.slice(0, -1)) {
          const r = await send(balancer.port, 'POST', '/v1/api/forex/close', {
            token: trader.token,
            body: { id },
          });
          expect(envelopeOf(r)?.code, describeReply(r)).toBe(1);
        }
      }),
    );

    // Operators log in through the balancer as the back office's login page does.
    for (const role of ['admin', 'finance', 'support'] as const) {
      const op = await createOperator(verifier, role);
      const r = await send(balancer.port, 'POST', '/api/admin/auth/login', {
        from: nextClient(),
        body: {
          email: op.email,
          password: OPERATOR_PASSWORD,
          totp_code: await totpCode(verifier, op.totpSecret!),
        },
      });
      const e = envelopeOf(r);
      expect(e?.code, describeReply(r)).toBe(1);
      ops[role] = { email: op.email, token: (e!.data as { token: string }).token };
    }
  }, 120_000);

  afterAll(async () => {
    deskSocket?.close();
    await balancer?.stop();
    for (const p of Object.values(instances)) await p.kill();
    await redis?.stop();
    record('16-back-office-balancer', {
      order: 16,
      title: 'Back office and statements through the balancer, and a Redis outage',
      rows: figures,
      notes: [
        `Two instances (both may run the engine, ${SCALED_TICK_MS} ms ticks) on PostgreSQL and a private Redis behind HAProxy (checks every 500 ms); ${TRADERS} traders with ${ORDERS} BTC/USD orders each (${ORDERS - 1} closed); Redis stopped for ${OUTAGE_MS / 1000} s (RELIABILITY_BACKOFFICE_OUTAGE_MS), recovery allowed ${RECOVERY_MS / 1000} s.`,
        ...notes,
      ],
    });
    if (verifier) await stopServer(verifier);
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers the desk and every report to admin and finance, and refuses support and a trader cleanly', async () => {
    const [a] = traders as [Trader];
    // The books as the verifier reads them: today's fees, the traders' balances.
    const dayStart = Date.parse(`${today}T00:00:00Z`);
    const feeMicros = await scalar(
      sql`select coalesce(sum(amount), 0) as v from ledger_entries where account = 'fee_revenue' and created_at >= ${dayStart}`,
    );
    const feeEntries = await scalar(
      sql`select count(*) as v from ledger_entries where account = 'fee_revenue' and created_at >= ${dayStart}`,
    );
    const balances = await scalar(sql`select coalesce(sum(balance), 0) as v from accounts`);
    expect(feeMicros).toBeGreaterThan(0);

    let answered = 0;
    let refusals = 0;
    for (const role of ['admin', 'finance'] as const) {
      const desk = await get('/api/admin/desk?tz=UTC', { bearer: ops[role].token });
      answered += 1;
      expect(verdictOf(desk), describeReply(desk)).toBe('ok');
      const snapshot = envelopeOf(desk)!.data as {
        exposure: { code: string; positions: number }[];
        totals: { positions: number; accounts: number };
        realized: { accounts: { account: string; amount_usd: number }[] };
      };
      expect(snapshot.exposure.find((e) => e.code === 'BTCUSD')?.positions).toBe(TRADERS);
      expect(snapshot.totals).toMatchObject({ positions: TRADERS, accounts: TRADERS });
      expect(snapshot.realized.accounts.find((x) => x.account === 'fee_revenue')?.amount_usd).toBe(
        feeMicros / 1e6,
      );

      for (const name of REPORT_NAMES) {
        const json = await get(`/api/admin/reports/${name}?${range()}`, { bearer: ops[role].token });
        const csv = await get(`/api/admin/reports/${name}.csv?${range()}`, { bearer: ops[role].token });
        answered += 2;
        expect(verdictOf(json), `${name}: ${describeReply(json)}`).toBe('ok');
        expect(verdictOf(csv, 'csv'), `${name}.csv: ${describeReply(csv)}`).toBe('ok');
        expect(csv.headers['transfer-encoding']).toBe('chunked');
        expect(String(csv.headers['content-disposition'])).toBe(
          `attachment; filename="pipwise-${name}-${today}-${today}.csv"`,
        );
        // The file holds the report's rows under a header line.
        const report = envelopeOf(json)!.data as {
          rows: { account?: string; instrument_id?: number; amount_micros?: number }[];
          balanced?: boolean;
          traders?: { closing_micros: number };
        };
        const extra = name === 'trial-balance' ? 2 : 0;
        expect(csvLines(csv.body), name).toHaveLength(report.rows.length + extra + 1);
        if (name === 'pnl')
          expect(
            report.rows
              .filter((r) => r.account === 'fee_revenue' && r.instrument_id === BTC)
              .reduce((s, r) => s + r.amount_micros!, 0),
          ).toBe(feeMicros);
        if (name === 'revenue')
          expect(
            report.rows.filter((r) => r.account === 'fee_revenue').reduce((s, r) => s + r.amount_micros!, 0),
          ).toBe(feeMicros);
        if (name === 'funds')
          expect(report.rows.reduce((s, r) => s + r.amount_micros!, 0)).toBe(TRADERS * FUND_USD * 1e6);
        if (name === 'trial-balance') {
          expect(report.balanced).toBe(true);
          expect(report.traders!.closing_micros).toBe(balances);
        }
      }
      // The drill-down's file, streamed by keyset: every fee entry of today, once.
      const entries = await get(`/api/admin/reports/entries.csv?${range()}&account=fee_revenue`, {
        bearer: ops[role].token,
      });
      answered += 1;
      expect(verdictOf(entries, 'csv'), describeReply(entries)).toBe('ok');
      expect(csvLines(entries.body)).toHaveLength(feeEntries + 1);
    }

    // Refused: a role the desk and reports are not open to, a trader's session, nobody.
    const refusedCallers: [string, { bearer?: string; token?: string }, number][] = [
      ['support', { bearer: ops.support.token }, ResultCode.Forbidden],
      ['a trader', { token: a.token }, ResultCode.SessionExpired],
      ['a trader as Bearer', { bearer: a.token }, ResultCode.SessionExpired],
      ['nobody', {}, ResultCode.SessionExpired],
    ];
    for (const [who, caller, code] of refusedCallers) {
      for (const url of [
        '/api/admin/desk?tz=UTC',
        `/api/admin/reports/pnl?${range()}`,
        `/api/admin/reports/trial-balance.csv?${range()}`,
        `/api/admin/reports/entries.csv?${range()}&account=fee_revenue`,
      ]) {
        const r = await get(url, caller);
        const e = envelopeOf(r);
        expect(verdictOf(r, url.includes('.csv') ? 'csv' : undefined), `${who} ${url}`).toBe('refused');
        expect([r.status, e?.code], `${who} ${url}`).toEqual([200, code]);
        expect(e?.msg.length).toBeGreaterThan(0);
        refusals += 1;
      }
    }
    figures.push(
      {
        figure: 'traders / orders placed / closed through the balancer',
        value: `${TRADERS} / ${TRADERS * ORDERS} / ${TRADERS * (ORDERS - 1)}`,
      },
      { figure: 'desk, report and CSV answers to admin and finance (200, whole)', value: answered },
      {
        figure: 'refused with a translated envelope (support, trader, nobody)',
        value: `${refusals} of ${refusals}`,
        goal: 'all',
      },
    );
  });

  it('lets a trader download their own statement, and nobody another’s', async () => {
    const [a, b] = traders as [Trader, Trader];
    const from = nextClient();
    const balance = await scalar(sql`select balance as v from accounts where user_id = ${a.userId}`);

    const pdf = await get(statementUrl(a.userId, 'pdf'), { token: a.token, from });
    expect(verdictOf(pdf, 'pdf'), describeReply(pdf)).toBe('ok');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; filename="pipwise-statement-/);
    const text = (await pdfLines(pdf.body)).join('\n');
    expect(text).toContain(String(a.userId));
    expect(text).toContain('Closing balance');

    const csv = await get(statementUrl(a.userId, 'csv'), { token: a.token, from });
    expect(verdictOf(csv, 'csv'), describeReply(csv)).toBe('ok');
    expect(csvOwner(csv.body)).toBe(a.userId);
    // Opening 0 (funded today) + today's movements = the balance now.
    expect(/^"?Closing balance"?,(-?[\d.]+)\r$/m.exec(csv.body.toString('utf8'))?.[1]).toBe(
      usdText(microUsd(balance)),
    );

    // Trader A after trader B's statement, every way a query could name B.
    const attempts: [string, string, { token?: string; bearer?: string }][] = [
      ["B's account", statementUrl(b.userId, 'csv'), { token: a.token }],
      ["B's account, PDF", statementUrl(b.userId, 'pdf'), { token: a.token }],
      ['both accounts, B first', statementUrl(b.userId, 'csv', `&account=${a.userId}`), { token: a.token }],
      ['both accounts, A first', statementUrl(a.userId, 'csv', `&account=${b.userId}`), { token: a.token }],
      [
        'own account, B named elsewhere',
        statementUrl(a.userId, 'csv', `&user_id=${b.userId}&userId=${b.userId}&uid=${b.userId}`),
        { token: a.token },
      ],
      ["B's account with a leading zero", statementUrl(`0${b.userId}`, 'csv'), { token: a.token }],
      ["B's account as a decimal", statementUrl(`${b.userId}.0`, 'csv'), { token: a.token }],
      ["B's account, no session", statementUrl(b.userId, 'csv'), {}],
      ["B's account, an operator's session", statementUrl(b.userId, 'csv'), { token: ops.admin.token }],
      ["B's account, an operator's Bearer", statementUrl(b.userId, 'csv'), { bearer: ops.admin.token }],
    ];
    let refused = 0;
    let ownOnly = 0;
    let leaked = 0;
    for (const [what, url, caller] of attempts) {
      const r = await get(url, { ...caller, from: nextClient() });
      const verdict = verdictOf(r, 'csv');
      if (verdict === 'refused') {
        refused += 1;
        expect(envelopeOf(r)!.msg, what).not.toMatch(/errors\./);
      } else if (verdict === 'ok' && csvOwner(r.body) === a.userId) ownOnly += 1;
      else {
        leaked += 1;
        notes.push(`Statement attempt "${what}" answered ${describeReply(r)}`);
      }
    }
    const notYours = envelopeOf(await get(statementUrl(b.userId, 'csv'), { token: a.token, from }));
    expect(notYours).toEqual({
      code: ResultCode.Forbidden,
      msg: 'You can only download statements of your own account',
      data: null,
    });
    figures.push(
      { figure: "a trader's own statement, PDF and CSV", value: 'PDF %PDF…%%EOF, CSV closing = balance' },
      {
        figure: "attempts at another trader's statement: refused / own data only / leaked",
        value: `${refused} / ${ownOnly} / ${leaked}`,
        goal: `leaked 0`,
      },
    );
    expect(leaked).toBe(0);
    expect(refused + ownOnly).toBe(attempts.length);
  });

  it('answers the same bytes to the same download sent several times at once', async () => {
    const [a] = traders as [Trader];
    const rows: string[] = [];
    let failures = 0;
    const batch = async (what: string, n: number, url: string, file: 'csv' | 'pdf', caller: object) => {
      const from = nextClient();
      const replies = await Promise.all(Array.from({ length: n }, () => get(url, { ...caller, from })));
      const verdicts = replies.map((r) => verdictOf(r, file));
      const whole = verdicts.filter((v) => v === 'ok').length;
      failures += n - whole;
      for (const [i, r] of replies.entries())
        expect(verdicts[i], `${what} ×${n} #${i}: ${describeReply(r)}`).toBe('ok');
      const identical = replies.every((r) => r.body.equals(replies[0]!.body));
      let stamped = identical;
      if (!identical && file === 'pdf') {
        // pdfkit stamps each document with the instant it was made: equal but for that.
        const first = withoutCreationStamp(replies[0]!.body);
        stamped = replies.every((r) => withoutCreationStamp(r.body).equals(first));
        if (!stamped) {
          // Made across a minute's turn, the "Issued" line differs too: every other line may not.
          const texts = await Promise.all(
            replies.map(async (r) => (await pdfLines(r.body)).filter((l) => !l.startsWith('Issued'))),
          );
          stamped = texts.every((t) => JSON.stringify(t) === JSON.stringify(texts[0]));
          notes.push(`${what} ×${n}: PDFs made across a minute's turn; compared as text without "Issued".`);
        }
      }
      rows.push(
        `${what} ×${n}: ${whole} whole, ${identical ? 'byte-identical' : stamped ? 'identical but for the creation stamp' : 'DIFFERENT'}`,
      );
      if (file === 'csv') expect(identical, `${what} ×${n}`).toBe(true);
      else expect(stamped, `${what} ×${n}`).toBe(true);
      return identical;
    };

    let identicalBatches = 0;
    let batches = 0;
    for (const n of [2, PARALLEL]) {
      for (const [what, url, file, caller] of [
        ['statement CSV', statementUrl(a.userId, 'csv'), 'csv', { token: a.token }],
        ['statement PDF', statementUrl(a.userId, 'pdf'), 'pdf', { token: a.token }],
        [
          'report entries.csv',
          `/api/admin/reports/entries.csv?${range()}&account=fee_revenue`,
          'csv',
          { bearer: ops.finance.token },
        ],
        [
          'report trial-balance.csv',
          `/api/admin/reports/trial-balance.csv?${range()}`,
          'csv',
          { bearer: ops.admin.token },
        ],
      ] as const) {
        batches += 1;
        if (await batch(what, n, url, file, caller)) identicalBatches += 1;
      }
    }
    figures.push(
      { figure: 'identical downloads sent at once (batches of 2 and of PARALLEL)', value: rows.join('; ') },
      { figure: 'parallel downloads that failed or came back cut short', value: failures, goal: '0' },
      {
        figure: 'batches byte-identical (CSV always; PDF but for its creation stamp)',
        value: `${identicalBatches} of ${batches}`,
      },
    );
    expect(failures).toBe(0);
  });

  it('pushes the desk on the operator socket through the balancer, to the roles it is open to', async () => {
    const refusedLogins: string[] = [];
    for (const [who, token, code] of [
      ['support', ops.support.token, ResultCode.Forbidden],
      ['a trader', traders[0]!.token, ResultCode.SessionExpired],
    ] as const) {
      const socket = await DeskSocket.open(wsUrl(), ownOrigin());
      if (!(socket instanceof DeskSocket)) throw new Error(`socket refused: ${socket.status}`);
      const result = await socket.login(token);
      expect(result.code, who).toBe(code);
      expect(result.msg, who).not.toMatch(/errors\./);
      socket.sendJson({ type: 'sub', topic: 'DESK', tz: 'UTC' });
      expect((await socket.next((m) => m.type === 'error')).msg).toBe(
        'Please log in to subscribe to this topic',
      );
      refusedLogins.push(who);
      socket.close();
    }

    const socket = await DeskSocket.open(wsUrl(), ownOrigin());
    if (!(socket instanceof DeskSocket)) throw new Error(`socket refused: ${socket.status}`);
    deskSocket = socket;
    const started = Date.now();
    expect((await socket.login(ops.admin.token)).code).toBe(1);
    socket.sendJson({ type: 'sub', topic: 'DESK', tz: 'UTC' });
    const push = await socket.next(isDeskPush, 10_000);
    const firstPushMs = Date.now() - started;
    const data = push.data as { exposure: { code: string; positions: number }[] };
    expect(data.exposure.find((e) => e.code === 'BTCUSD')?.positions).toBe(TRADERS);
    figures.push(
      { figure: 'operator socket through the balancer: first desk push after login, ms', value: firstPushMs },
      {
        figure: 'operator socket logins refused with a translated message (support, trader)',
        value: refusedLogins.length,
        goal: '2',
      },
    );
  });

  it(`answers well-formed through ${OUTAGE_MS / 1000} s without Redis, writes no money, and recovers`, async () => {
    const [a, b] = traders as [Trader, Trader];
    const before = await moneySnapshot(verifier);
    const oldSocket = deskSocket;
    // The page's socket is live: a push arrives before Redis goes.
    if (oldSocket) {
      await oldSocket.next(isDeskPush, 5_000);
      oldSocket.messages.length = 0;
    }

    const calls: { kind: string; url: string; file?: 'csv' | 'pdf'; caller: () => object }[] = [
      { kind: 'desk', url: '/api/admin/desk?tz=UTC', caller: () => ({ bearer: ops.finance.token }) },
      {
        kind: 'report',
        url: `/api/admin/reports/pnl?${range()}`,
        caller: () => ({ bearer: ops.finance.token }),
      },
      {
        kind: 'report CSV',
        url: `/api/admin/reports/trial-balance.csv?${range()}`,
        file: 'csv',
        caller: () => ({ bearer: ops.admin.token }),
      },
      {
        kind: 'statement CSV',
        url: statementUrl(a.userId, 'csv'),
        file: 'csv',
        caller: () => ({ token: a.token, from: nextClient() }),
      },
      {
        kind: 'statement PDF',
        url: statementUrl(b.userId, 'pdf'),
        file: 'pdf',
        caller: () => ({ token: b.token, from: nextClient() }),
      },
    ];
    const byVerdict = new Map<Verdict, number>();
    const byStatus = new Map<number, number>();
    const bad: string[] = [];
    let sent = 0;
    let served = 0;
    let slowestMs = 0;
    let firstUnavailableMs: number | null = null;
    let upgradeDuring: string | null = null;

    await redis.stop();
    const stoppedAt = Date.now();
    while (Date.now() - stoppedAt < OUTAGE_MS) {
      const round = await Promise.all(calls.map(async (c) => ({ c, r: await get(c.url, c.caller()) })));
      for (const { c, r } of round) {
        sent += 1;
        const verdict = verdictOf(r, c.file);
        byVerdict.set(verdict, (byVerdict.get(verdict) ?? 0) + 1);
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
        slowestMs = Math.max(slowestMs, r.ms);
        if (verdict === 'ok') served += 1;
        if (verdict === 'balancer-503') firstUnavailableMs ??= Date.now() - stoppedAt;
        if (verdict !== 'ok' && verdict !== 'balancer-503')
          bad.push(`${c.kind} at ${Date.now() - stoppedAt} ms: ${verdict} ${describeReply(r)}`);
      }
      // A page opening the operator socket meanwhile: refused by the balancer, or open.
      if (upgradeDuring === null && firstUnavailableMs !== null) {
        const attempt = await DeskSocket.open(wsUrl(), ownOrigin());
        if (attempt instanceof DeskSocket) {
          upgradeDuring = 'opened';
          attempt.close();
        } else {
          const code = (() => {
            try {
              return (JSON.parse(attempt.body) as { code?: number }).code;
            } catch {
              return undefined;
            }
          })();
          upgradeDuring = `HTTP ${attempt.status}${code === undefined ? '' : ` (code ${code})`}`;
        }
      }
      await sleep(250);
    }
    const pushesDuring = oldSocket?.messages.filter(isDeskPush).length ?? 0;
    const oldSocketClosed = oldSocket?.closed ?? true;
    const during = await moneySnapshot(verifier);

    redis = await startRedis(redis.port);
    const restartedAt = Date.now();
    const recoveredAt: Record<string, number> = {};
    const recoveryFailures: string[] = [];
    await until(
      'the desk, a report and a statement to answer again',
      async () => {
        const round = await Promise.all(
          calls.slice(0, 4).map(async (c) => ({ c, r: await get(c.url, c.caller()) })),
        );
        for (const { c, r } of round) {
          const verdict = verdictOf(r, c.file);
          if (verdict === 'ok') recoveredAt[c.kind] ??= Date.now() - restartedAt;
          else if (verdict !== 'balancer-503')
            recoveryFailures.push(`${c.kind}: ${verdict} ${describeReply(r)}`);
        }
        return Object.keys(recoveredAt).length === 4;
      },
      RECOVERY_MS,
    );
    const answersAgainMs = Math.max(...Object.values(recoveredAt));

    // The page notices its socket is gone or quiet and opens a new one, as the client does.
    oldSocket?.close();
    let socketAgainMs = -1;
    const deadline = restartedAt + RECOVERY_MS;
    while (Date.now() < deadline) {
      const socket = await DeskSocket.open(wsUrl(), ownOrigin());
      if (!(socket instanceof DeskSocket)) {
        await sleep(250);
        continue;
      }
      deskSocket = socket;
      try {
        if ((await socket.login(ops.admin.token)).code !== 1) throw new Error('login refused');
        socket.sendJson({ type: 'sub', topic: 'DESK', tz: 'UTC' });
        await socket.next(isDeskPush, 5_000);
        socketAgainMs = Date.now() - restartedAt;
        break;
      } catch {
        socket.close();
        await sleep(250);
      }
    }
    const after = await moneySnapshot(verifier);
    const check = await checkAccounts(verifier);

    const tally = (m: Map<string | number, number>) =>
      [...m.entries()].map(([k, n]) => `${k}: ${n}`).join(', ');
    figures.push(
      { figure: 'Redis outage, s', value: OUTAGE_MS / 1000 },
      { figure: 'requests through the balancer during the outage', value: sent },
      { figure: 'answers by HTTP status during the outage', value: tally(byStatus) },
      {
        figure: 'answers by kind (ok = 200 whole; balancer-503 = HAProxy, no instance ready)',
        value: tally(byVerdict),
      },
      { figure: 'answered 200 by an instance during the outage', value: served },
      { figure: 'first balancer 503 after Redis stopped, ms', value: firstUnavailableMs ?? 'never' },
      { figure: 'resets, cut-short files, 5xx from an instance, malformed', value: bad.length, goal: '0' },
      { figure: 'slowest answer during the outage, ms', value: slowestMs },
      { figure: 'operator socket opened during the outage', value: upgradeDuring ?? 'not tried' },
      {
        figure: 'the open operator socket during the outage: pushes / closed',
        value: `${pushesDuring} / ${oldSocketClosed ? 'closed' : 'open'}`,
      },
      {
        figure: 'money written during the outage (ledger, balances, orders changed)',
        value: JSON.stringify(during) === JSON.stringify(before) ? 'none' : 'CHANGED',
        goal: 'none',
      },
      {
        figure: 'desk / report / report CSV / statement answering again after Redis returned, ms',
        value: ['desk', 'report', 'report CSV', 'statement CSV']
          .map((k) => recoveredAt[k] ?? '-')
          .join(' / '),
      },
      {
        figure: 'back office answering again after Redis returned, ms',
        value: answersAgainMs,
        goal: `≤ ${RECOVERY_MS}`,
      },
      {
        figure: 'a new operator socket pushing the desk after Redis returned, ms',
        value: socketAgainMs < 0 ? 'never' : socketAgainMs,
        goal: `≤ ${RECOVERY_MS}`,
      },
      {
        figure: 'balance ≠ Σ log after it all',
        value: check.balanceMismatch + check.lockMismatch,
        goal: '0',
      },
    );
    if (bad.length)
      notes.push(`Answers that were not well-formed during the outage: ${bad.slice(0, 5).join(' | ')}`);
    if (recoveryFailures.length)
      notes.push(`Not well-formed while recovering: ${recoveryFailures.slice(0, 5).join(' | ')}`);

    expect(bad).toEqual([]);
    expect(recoveryFailures).toEqual([]);
    expect([...byStatus.keys()].every((s) => s === 200 || s === 503)).toBe(true);
    expect(during).toEqual(before);
    expect(after).toEqual(before);
    expect(answersAgainMs).toBeLessThanOrEqual(RECOVERY_MS);
    expect(socketAgainMs).toBeGreaterThanOrEqual(0);
    expect(check.balanceMismatch + check.lockMismatch).toBe(0);
  });
  it('refuses a foreign page’s operator socket through the balancer and loses no instance to it', async () => {
    // A page of another site opening the operator socket (what a browser does for any site
    // that embeds `new WebSocket(…)`): refused with 403 before the socket opens. The
    // instances must keep serving afterwards.
    const alive = () =>
      Object.entries(instances)
        .filter(([, p]) => p.child.exitCode === null && p.child.signalCode === null)
        .map(([name]) => name);
    const before = alive();
    expect(before).toHaveLength(2);
    const answers: string[] = [];
    for (let n = 0; n < FOREIGN_UPGRADES; n++) {
      const attempt = await DeskSocket.open(wsUrl(), { origin: 'https://evil.example' });
      if (attempt instanceof DeskSocket) {
        answers.push('opened');
        attempt.close();
      } else {
        const code = (() => {
          try {
            return (JSON.parse(attempt.body) as { code?: number }).code;
          } catch {
            return undefined;
          }
        })();
        answers.push(`${attempt.status}${code === undefined ? '' : `/${code}`}`);
      }
      await sleep(200);
    }
    await sleep(1_500);
    const dead = before.filter((name) => !alive().includes(name));
    const readyAfter = (await Promise.all(Object.values(instances).map(isReady))).filter(Boolean).length;
    for (const name of dead) {
      // The crash's own lines (stderr also holds the outage's Redis reconnect noise).
      const tail = stderr[name] ?? '';
      const at = tail.lastIndexOf('throw er');
      notes.push(
        `Instance ${name} exited (code ${String(instances[name]!.child.exitCode)}) after a refused foreign-origin socket upgrade: ${(at < 0 ? tail.slice(-600) : tail.slice(at, at + 600)).replace(/\s+/g, ' ').trim()}`,
      );
    }
    figures.push(
      {
        figure: 'foreign-origin operator socket upgrades through the balancer: answers (HTTP/code)',
        value: answers.join(', '),
        goal: `403/${ResultCode.Forbidden} each`,
      },
      { figure: 'instances that died of them', value: dead.length, goal: '0' },
      { figure: 'instances ready after them', value: `${readyAfter} of 2`, goal: '2 of 2' },
    );
    expect(answers).toEqual(Array.from({ length: FOREIGN_UPGRADES }, () => `403/${ResultCode.Forbidden}`));
    expect(dead, dead.map((name) => stderr[name]).join('\n')).toEqual([]);
    expect(readyAfter).toBe(2);
  });
});
