import { ResultCode, lots as asLots } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createServer, stopServer, type Server } from '../src/app.js';
import {
  client,
  createTestApp,
  createTestDatabase,
  DIALECTS,
  envelope,
  fundedUser,
  ledgerOf,
  setQuote,
  TEST_BACKFILL,
  type TestApp,
  type TestDatabase,
  weekdayClock,
} from './helper.js';

/**
 * Issue 7, item 8 and its tests: lots written with extra zeros, prices that overflow, ids
 * and codes coerced from booleans, arrays and hex, NUL bytes, and a restart over odd rows.
 * Written against the HTTP API (plus reads of the tables), so that they hold whatever the
 * trading service looks like inside.
 */

const BTC = 26;
/** BTCUSD 87,500.00 / 87,530.00 (precision 2, lot step 0.01). */
const BTC_BID = 8_750_000;
const BTC_ASK = 8_753_000;

type Body = Record<string, unknown>;
interface Reply {
  status: number;
  code: number;
  msg: string;
  data: any;
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body: Body | string | undefined,
  o: { token?: string; as?: 'json' | 'form' } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { lang: 'en', ...(o.token ? { authorization: o.token } : {}) };
  let payload: string | undefined;
  if (typeof body === 'string') {
    headers['content-type'] = 'application/json';
    payload = body;
  } else if (body && o.as === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) {
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
    }
    payload = form.toString();
  } else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  return { status: res.statusCode, ...envelope(res) };
}

/** A refusal as the contract words it: HTTP < 500, code 1001 and the translated message. */
function expectInvalid(reply: Reply, msg: string | RegExp): void {
  expect(reply.status).toBeLessThan(500);
  expect(reply.code).toBe(ResultCode.InvalidParams);
  if (typeof msg === 'string') expect(reply.msg).toBe(msg);
  else expect(reply.msg).toMatch(msg);
}

/** What a refused order request must leave as it was: the user's orders, ledger and balance. */
async function moneyState(services: Server, userId: number) {
  const orders = await services.core.db
    .selectFrom('orders')
    .select(['id', 'status', 'lots', 'tp', 'sl', 'target_price', 'close_price', 'profit'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const logs = await services.core.db
    .selectFrom('account_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    orders: orders.map((o) => ({ ...o, id: Number(o.id), status: Number(o.status) })),
    logRows: Number(logs.n),
    ...(await ledgerOf(services, userId)),
  };
}

describe.each(DIALECTS)('hostile input over HTTP (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  /** The user's first order: id 1 on a fresh database, what `true` would be read as. */
  let firstPosition: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token, userId } = await fundedUser(t.services, 100_000));
    setQuote(t.services, 'BTCUSD', BTC_BID, BTC_ASK);
    firstPosition = (await submit({ type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 })).data.Id;
  });
  afterAll(async () => t.close());

  const submit = (body: Body | string, as: 'json' | 'form' = 'form') =>
    call(t.app, 'POST', '/v1/api/forex/submit', body, { token, as });
  const post = (url: string, body: Body | string, as: 'json' | 'form' = 'form') =>
    call(t.app, 'POST', url, body, { token, as });
  const get = (url: string) => call(t.app, 'GET', url, undefined, { token });
  const state = () => moneyState(t.services, userId);
  const listed = async (status: 0 | 1 | 3, id: number) => {
    for (let page = 1; page < 50; page++) {
      const list = await get(`/v1/api/forex/my_deal?status=${status}&page=${page}`);
      expect(list.code).toBe(1);
      const found = (list.data.data as { Id: number }[]).find((o) => o.Id === id);
      if (found || list.data.data.length === 0) return found as Record<string, unknown> | undefined;
    }
    return undefined;
  };

  describe('lots written with extra zeros', () => {
    it.each(['form', 'json'] as const)(
      'cont=0.01000 (%s) opens 0.01 lots that count, list and close',
      async (as) => {
        const opened = await submit({ type: 1, cont: '0.01000', forex_id: BTC, status: 1, multiple: 10 }, as);
        expect(opened).toMatchObject({ status: 200, code: 1, msg: 'Order filled' });
        expect(opened.data).toMatchObject({
          Status: 1,
          Quantity: 0.01,
          OriginPrice: 87530,
          CautionMoney: 87.53,
        });
        const row = await t.services.core.db
          .selectFrom('orders')
          .select('lots')
          .where('id', '=', opened.data.Id)
          .executeTakeFirstOrThrow();
        expect(row.lots).toBe('0.01');

        expect(await listed(1, opened.data.Id)).toMatchObject({ Quantity: 0.01, Status: 1 });
        // The engine holds it: its margin is part of the account's margin.
        const holding = await get('/v1/api/forex/my_deal?status=1&page=1');
        const margins = (holding.data.data as { CautionMoney: number }[]).reduce(
          (s, o) => s + o.CautionMoney,
          0,
        );
        expect((await get('/v1/api/main/account/forexDetail')).data.margin).toBeCloseTo(margins, 6);

        const closed = await post('/v1/api/forex/close', { id: opened.data.Id });
        expect(closed).toMatchObject({
          code: 1,
          msg: 'Position closed',
          data: { Status: 3, Quantity: 0.01 },
        });
        expect(await listed(3, opened.data.Id)).toMatchObject({ Quantity: 0.01, Status: 3 });
        const ledger = await ledgerOf(t.services, userId);
        expect(ledger.balance).toBe(ledger.logSum);
      },
    );

    it.each(['form', 'json'] as const)(
      'cont=1.00000 (%s) places a pending order of 1 lot that cancels',
      async (as) => {
        const placed = await submit(
          { type: 1, cont: '1.00000', forex_id: BTC, status: 0, multiple: 10, target_price: '80000' },
          as,
        );
        expect(placed).toMatchObject({
          code: 1,
          msg: 'Pending order placed',
          data: { Status: 0, Quantity: 1 },
        });
        expect(await listed(0, placed.data.Id)).toMatchObject({ Quantity: 1, Price: 80000 });
        const cancelled = await post('/v1/api/forex/cancel_trade', { id: placed.data.Id });
        expect(cancelled).toMatchObject({ code: 1, data: { Status: 4 } });
      },
    );

    it('cont=0.012345 is refused by the lot step, and nothing is booked', async () => {
      const before = await state();
      const reply = await submit({ type: 1, cont: '0.012345', forex_id: BTC, status: 1, multiple: 10 });
      expect(reply).toMatchObject({
        status: 200,
        code: ResultCode.BusinessRule,
        msg: 'Lots must be a multiple of 0.01',
      });
      expect(await state()).toEqual(before);
    });

    it.each([
      ['form', '1e-9'],
      ['json', '1e-9'],
      ['json', 1e-9],
      ['form', '0.01e0'],
    ] as const)('%s: cont=%s is refused as not a number, and nothing is booked', async (as, cont) => {
      const before = await state();
      const reply = await submit({ type: 1, cont, forex_id: BTC, status: 1, multiple: 10 }, as);
      expectInvalid(reply, 'cont must be a plain number such as 1.25');
      expect(await state()).toEqual(before);
    });
  });

  describe('prices out of range', () => {
    const NOT_A_NUMBER = (field: string) => `${field} must be a plain number such as 1.25`;
    const TOO_LARGE = (field: string) => `${field} must be at most 1000000000`;
    const cases: [string, 'json' | 'form', unknown, (field: string) => string][] = [
      ['1e308 (text)', 'form', '1e308', NOT_A_NUMBER],
      ['1e308 (JSON number)', 'json', 1e308, NOT_A_NUMBER],
      ['1e12 (text)', 'form', '1e12', NOT_A_NUMBER],
      ['1e12 written out', 'form', '1000000000000', TOO_LARGE],
      ['1e12 (JSON number)', 'json', 1e12, TOO_LARGE],
      ['1e15 written out', 'form', '1000000000000000', TOO_LARGE],
      ['1e15 (JSON number)', 'json', 1e15, TOO_LARGE],
      ['-1 (text)', 'form', '-1', NOT_A_NUMBER],
      ['-1 (JSON number)', 'json', -1, NOT_A_NUMBER],
      ['NaN', 'form', 'NaN', NOT_A_NUMBER],
      ['Infinity', 'form', 'Infinity', NOT_A_NUMBER],
      ['Infinity (JSON text)', 'json', 'Infinity', NOT_A_NUMBER],
    ];
    const fields = ['target_price', 'stop_loss_price', 'target_profit_price'] as const;
    const table = fields.flatMap((field) =>
      cases.map(([name, as, value, msg]) => [field, name, as, value, msg] as const),
    );

    it.each(table)(
      'submit %s=%s is refused cleanly: no order, no fee',
      async (field, _name, as, value, msg) => {
        const before = await state();
        // A pending order reads target_price; a market order reads the stops.
        const status = field === 'target_price' ? 0 : 1;
        const reply = await submit(
          { type: 1, cont: '0.01', forex_id: BTC, status, multiple: 10, [field]: value },
          as,
        );
        expectInvalid(reply, msg(field));
        expect(await state()).toEqual(before);
      },
    );

    it.each(
      (['target_profit_price', 'stop_loss_price'] as const).flatMap((field) =>
        cases.map(([name, as, value, msg]) => [field, name, as, value, msg] as const),
      ),
    )('set_stop_price %s=%s is refused cleanly: the stops stay', async (field, _name, as, value, msg) => {
      const before = await state();
      const reply = await post('/v1/api/forex/set_stop_price', { id: firstPosition, [field]: value }, as);
      expectInvalid(reply, msg(field));
      expect(await state()).toEqual(before);
    });

    it('the largest price the contract allows is stored and read back, or refused by a rule', async () => {
      const before = await state();
      const reply = await submit({
        type: 1,
        cont: '0.01',
        forex_id: BTC,
        status: 1,
        multiple: 10,
        target_profit_price: '1000000000',
      });
      expect(reply.status).toBeLessThan(500);
      expect([ResultCode.Success, ResultCode.BusinessRule]).toContain(reply.code);
      if (reply.code === ResultCode.Success) {
        expect(await listed(1, reply.data.Id)).toMatchObject({ TargetProfitPrice: 1_000_000_000 });
        expect((await post('/v1/api/forex/close', { id: reply.data.Id })).code).toBe(1);
      } else {
        expect(await state()).toEqual(before);
      }
    });
  });

  describe('ids and codes are never coerced', () => {
    it.each([
      ['true', 'json', true],
      ['[26]', 'json', [BTC]],
      ['"0x1a" (26 in hex)', 'json', '0x1a'],
      ['"0x408"', 'json', '0x408'],
      ['true', 'form', 'true'],
      ['[26]', 'form', [BTC, BTC]],
      ['"0x1a"', 'form', '0x1a'],
    ] as const)('submit forex_id=%s (%s) opens nothing', async (_name, as, value) => {
      const before = await state();
      const reply = await submit({ type: 1, cont: '0.01', forex_id: value, status: 1, multiple: 10 }, as);
      expectInvalid(reply, 'forex_id is not valid');
      expect(await state()).toEqual(before);
    });

    it.each([
      ['type', true],
      ['type', [1]],
      ['status', true],
      ['status', [1]],
      ['status', '0x1'],
      ['multiple', true],
      ['multiple', [10]],
      ['multiple', '0xa'],
    ] as const)('submit %s=%j opens nothing', async (field, value) => {
      const before = await state();
      const reply = await submit(
        { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10, [field]: value },
        'json',
      );
      expectInvalid(reply, `${field} is not valid`);
      expect(await state()).toEqual(before);
    });

    it.each(['/v1/api/forex/close', '/v1/api/forex/cancel_trade', '/v1/api/forex/set_stop_price'])(
      '%s with id true, [id], hex and "0x408" closes, cancels and changes nothing',
      async (url) => {
        const pending = (
          await submit({
            type: 1,
            cont: '0.01',
            forex_id: BTC,
            status: 0,
            multiple: 10,
            target_price: '80000',
          })
        ).data.Id as number;
        const target = url.endsWith('cancel_trade') ? pending : firstPosition;
        const before = await state();
        const hex = `0x${target.toString(16)}`;
        const attempts: [Body, 'json' | 'form'][] = [
          [{ id: true }, 'json'],
          [{ id: [target] }, 'json'],
          [{ id: [1031] }, 'json'],
          [{ id: hex }, 'json'],
          [{ id: '0x408' }, 'json'],
          [{ id: `${target}.0` }, 'json'],
          [{ id: ` ${target}` }, 'json'],
          [{ id: 'true' }, 'form'],
          [{ id: [target, target] }, 'form'],
          [{ id: hex }, 'form'],
          [{ id: '0x408' }, 'form'],
        ];
        for (const [body, as] of attempts) {
          const reply = await post(url, { ...body, target_profit_price: '', stop_loss_price: '' }, as);
          expectInvalid(reply, 'id is not valid');
        }
        expect(await state()).toEqual(before);
        expect((await post('/v1/api/forex/cancel_trade', { id: pending })).code).toBe(1);
      },
    );

    it('my_deal refuses a coerced tab instead of listing one', async () => {
      for (const status of ['true', '0x1', '1e0', '1.0']) {
        expectInvalid(await get(`/v1/api/forex/my_deal?status=${status}`), 'status is not valid');
      }
      expectInvalid(await get('/v1/api/forex/my_deal?status=1&status=1'), 'status is not valid');
    });
  });

  describe('NUL bytes', () => {
    const NUL = (field: string) => `${field} contains a character that is not allowed`;

    it('in a login field, as JSON and as a form', async () => {
      const body = { account: 'a\u0000b@example.com', password: 'Passw0rd1', login_type: 1 };
      expectInvalid(await call(t.app, 'POST', '/api/user/loginForU', body, { as: 'json' }), NUL('account'));
      expectInvalid(await call(t.app, 'POST', '/api/user/loginForU', body, { as: 'form' }), NUL('account'));
      const password = { account: 'a@example.com', password: 'Pass\u0000w0rd1', login_type: 1 };
      expectInvalid(
        await call(t.app, 'POST', '/api/user/loginForU', password, { as: 'json' }),
        NUL('password'),
      );
    });

    it('in the registration fields', async () => {
      const base = {
        type: 1,
        account: 'nul@example.com',
        password: 'Passw0rd1',
        re_password: 'Passw0rd1',
        sms_code: '123456',
      };
      for (const field of ['account', 'sms_code', 'invite_code', 'mobile', 'captcha', 'key']) {
        const reply = await call(
          t.app,
          'POST',
          '/api/user/register',
          { ...base, [field]: 'x\u0000y' },
          { as: 'form' },
        );
        expectInvalid(reply, NUL(field));
      }
    });

    it('in query strings and in a JSON key', async () => {
      expectInvalid(await get('/v1/api/forex/trade_list?searchCurrency=us%00d'), NUL('searchCurrency'));
      expectInvalid(await get('/api/company/getCompany?name=a%00'), NUL('name'));
      expectInvalid(await get('/api/default/setting?key=is_show_mobile%00'), NUL('key'));
      expectInvalid(await get('/api/user/createAccountDemoForU?demo_id=d%00'), NUL('demo_id'));
      const key = await call(t.app, 'POST', '/api/user/loginForU', '{"acc\\u0000ount":"a@example.com"}', {});
      expectInvalid(key, NUL('account'));
    });

    it('in the order form', async () => {
      const before = await state();
      expectInvalid(
        await submit({ type: 1, cont: '0.01\u0000', forex_id: BTC, status: 1, multiple: 10 }, 'json'),
        NUL('cont'),
      );
      expectInvalid(await post('/v1/api/forex/close', { id: `${firstPosition}\u0000` }, 'form'), NUL('id'));
      expect(await state()).toEqual(before);
    });
  });
});

/** A log that keeps what it is told, to find the line about a row set aside. */
function recordingLog(): { lines: string[]; log: Server['core']['log'] } {
  const lines: string[] = [];
  const keep =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push(
        `${level} ${JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? v.message : v))}`,
      );
    };
  const log = { info: keep('info'), warn: keep('warn'), error: keep('error'), debug: keep('debug') };
  return { lines, log };
}

describe.each(DIALECTS)('a restart over odd order rows (%s)', (dialect) => {
  const config = { SIM_SEED: 7, SIM_TICK_MS: 500 };
  let database: TestDatabase;
  let token: string;
  let userId: number;
  let position: number;
  let pending: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const services = await createServer(database.handle, config, {
      backfill: TEST_BACKFILL,
      now: weekdayClock,
    });
    const app = await buildApp(services);
    await app.ready();
    ({ token, userId } = await fundedUser(services, 10_000));
    setQuote(services, 'BTCUSD', BTC_BID, BTC_ASK);
    const api = client(app);
    const opened = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 },
      { token },
    );
    const placed = await api.post(
      '/v1/api/forex/submit',
      { type: 1, cont: '1', forex_id: BTC, status: 0, multiple: 10, target_price: '80000' },
      { token },
    );
    expect([opened.code, placed.code]).toEqual([1, 1]);
    position = opened.data.Id;
    pending = placed.data.Id;
    await app.close();
    await stopServer(services);
  });
  afterAll(async () => database.drop());

  /** Copies an order row as another order with different lots (as an operator's edit would). */
  async function cloneWithLots(id: number, lots: string): Promise<number> {
    const db = database.handle.db;
    const { id: _id, ...row } = await db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('orders')
      .values({ ...row, lots: asLots(lots) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  it('starts, loads the odd but valid rows, and logs and sets aside the garbage one', async () => {
    const oddPosition = await cloneWithLots(position, '0.01000');
    const oddPending = await cloneWithLots(pending, '1.00000');
    const garbage = await cloneWithLots(position, 'abc');

    const { lines, log } = recordingLog();
    const services = await createServer(database.handle, config, {
      backfill: TEST_BACKFILL,
      log,
      now: weekdayClock,
    });
    const app = await buildApp(services);
    await app.ready();
    try {
      setQuote(services, 'BTCUSD', BTC_BID, BTC_ASK);
      const api = client(app);

      // The garbage row is named in the log.
      const aboutGarbage = lines.filter(
        (l) => /^(warn|error)/.test(l) && (l.includes('abc') || l.includes(`${garbage}`)),
      );
      expect(aboutGarbage.length, lines.join('\n')).toBeGreaterThan(0);

      // The odd positions are open, listed with their lots, and count in the margin.
      const holding = await api.get('/v1/api/forex/my_deal?status=1&page=1', { token });
      expect(holding.code).toBe(1);
      const byId = new Map(
        (holding.data.data as { Id: number; Quantity: number | null; CautionMoney: number }[]).map((o) => [
          o.Id,
          o,
        ]),
      );
      expect(byId.get(oddPosition)).toMatchObject({ Quantity: 0.01 });
      expect(byId.get(position)).toMatchObject({ Quantity: 0.01 });
      // The garbage row is listed but never priced; its stored margin still counts as held
      // (docs/money.md "The engine's memory is an index").
      expect(byId.has(garbage)).toBe(true);
      const detail = await api.get('/v1/api/main/account/forexDetail', { token });
      expect(detail.data.margin).toBeCloseTo(
        byId.get(position)!.CautionMoney +
          byId.get(oddPosition)!.CautionMoney +
          byId.get(garbage)!.CautionMoney,
        6,
      );

      const pendingList = await api.get('/v1/api/forex/my_deal?status=0&page=1', { token });
      expect(pendingList.data.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ Id: oddPending, Quantity: 1 })]),
      );

      // Usable: the odd position closes and the odd pending order cancels.
      const closed = await api.post('/v1/api/forex/close', { id: oddPosition }, { token });
      expect(closed).toMatchObject({ code: 1, data: { Status: 3, Quantity: 0.01 } });
      const cancelled = await api.post('/v1/api/forex/cancel_trade', { id: oddPending }, { token });
      expect(cancelled).toMatchObject({ code: 1, data: { Status: 4 } });

      // The garbage row is not traded on: closing it is refused cleanly.
      const refused = await app.inject({
        method: 'POST',
        url: '/v1/api/forex/close',
        headers: { authorization: token, lang: 'en' },
        payload: { id: garbage },
      });
      expect(refused.statusCode).toBeLessThan(500);
      expect(envelope(refused).code).not.toBe(ResultCode.Internal);
      expect(envelope(refused).code).not.toBe(ResultCode.Success);

      const ledger = await ledgerOf(services, userId);
      expect(ledger.balance).toBe(ledger.logSum);
    } finally {
      await app.close();
      await stopServer(services);
    }

    // And once more: a row set aside never stops a later start either.
    const again = await createServer(database.handle, config, {
      backfill: TEST_BACKFILL,
      now: weekdayClock,
      log: recordingLog().log,
    });
    await stopServer(again);
  });
});
