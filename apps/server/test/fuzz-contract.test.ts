import * as contract from '@pipwise/shared';
import { adminLogoutEndpoint, logoutEndpoint, ResultCode, type Endpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  baselineObject,
  baselineReceived,
  baselineValue,
  contractAccepts,
  countedTables,
  describeChange,
  ENDPOINTS,
  fieldsOf,
  fingerprint,
  formPairs,
  formValue,
  hostileValues,
  isTextField,
  jsonText,
  LEAKS,
  NUL_TEXT,
  realisticInput,
  receivedFromPairs,
  type Answer,
  type Encoding,
  type Hostile,
  type Probe,
  TEN_THOUSAND_DIGITS,
} from './contract-fuzz.js';
import { createTestApp, fundedUser, setQuote, type TestApp } from './helper.js';
import { createOperator, operatorSession } from './admin-fixtures.js';
import { HISTORY_IMPORT_BODY_LIMIT } from '../src/modules/market/admin/history-admin.routes.js';

/**
 * A fuzz test of every endpoint of the shared contract (issue 7: hostile input). The list
 * of endpoints comes from the contract module itself, so a new endpoint is fuzzed without
 * touching this file. For each one, a baseline input is derived from its zod schema; then
 * each field in turn gets hostile values (booleans, arrays, objects, hex, exponents, NaN,
 * NUL, huge strings …) as JSON, as a url-encoded form (bodies) or as a query string (GET),
 * and the whole body gets garbage. Every answer must be an envelope without a fault or a
 * leak, every refusal must leave the database as it was, and whatever the contract refuses
 * the server must refuse as invalid input.
 */

/**
 * Endpoints this test does not fuzz, each with its reason. Empty: every endpoint is fuzzed.
 * An entry here must name an exported endpoint (checked below), so nothing is skipped silently.
 */
const SKIPPED: Record<string, string> = {};

/** Routes that take bodies larger than the server's 64 KiB, with their limit in bytes. */
const OWN_BODY_LIMITS: Record<string, number> = {
  [contract.adminImportHistoryEndpoint.path]: HISTORY_IMPORT_BODY_LIMIT,
};

/** Endpoints that end the session they are called with: each call gets a throwaway session. */
const ENDS_ITS_SESSION = new Set<string>([logoutEndpoint.path, adminLogoutEndpoint.path]);

/**
 * Endpoints that act on every open position of the caller (close all, docs/money.md "Partial
 * close and close all"): called as a funded trader with nothing open, so the canary position
 * is closed only by a request that names it.
 */
const ACTS_ON_EVERY_POSITION = new Set<string>([contract.closeAllEndpoint.path]);

const FUZZED = ENDPOINTS.filter((e) => !(e.name in SKIPPED));

// ---------------------------------------------------------------------------------------
// The test
// ---------------------------------------------------------------------------------------

const BTC = 26;

describe('the contract lists its endpoints', () => {
  it('finds every endpoint, and skips only named ones with a reason', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(20);
    for (const [name, reason] of Object.entries(SKIPPED)) {
      expect(
        ENDPOINTS.map((e) => e.name),
        `skipped ${name} is not an endpoint`,
      ).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
    }
    expect(FUZZED.length + Object.keys(SKIPPED).length).toBe(ENDPOINTS.length);
    for (const path of ENDS_ITS_SESSION) expect(ENDPOINTS.map((e) => e.endpoint.path)).toContain(path);
  });

  it('derives a baseline the contract accepts for every endpoint', () => {
    for (const { name, endpoint } of FUZZED) {
      const baseline = baselineObject(endpoint.input);
      expect(endpoint.input.safeParse(baseline).success, `${name}: ${JSON.stringify(baseline)}`).toBe(true);
    }
  });
});

// SQLite here; the reliability suite's item 7 (apps/server/reliability/7-fuzz.test.ts) fuzzes
// every endpoint on both databases in `npm test`, so PostgreSQL is covered there once.
describe.each(['sqlite'] as const)('fuzzing every endpoint of the contract (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let email: string;
  let tables: string[];
  let last: string;
  let ipCounter = 0;
  /** An open position nobody closes on purpose: ids coerced from true, [1] … would hit it. */
  let canaryPosition: number;
  /** Back-office endpoints (`operator` roles) are called with an admin operator's session. */
  let operator: { id: number; token: string };
  /** The user the back office's freezes and adjustments act on (not the fuzzing trader). */
  let targetUser: number;
  /** A trader with nothing open, who calls ACTS_ON_EVERY_POSITION. */
  let bystanderToken: string;
  const problems: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token, userId } = await fundedUser(t.services, 1_000_000));
    const user = await t.services.core.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    email = user.email ?? '';
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    canaryPosition = await openOrder('position');
    operator = await createOperator(t.services, 'admin', { password: 'Fuzz-operator-2026' });
    targetUser = (await fundedUser(t.services, 1_000)).userId;
    bystanderToken = (await fundedUser(t.services, 1_000)).token;
    tables = await countedTables(t.services.core.db);
    last = await fingerprint(t.services.core.db, tables);
  });
  afterAll(async () => t.close());

  /** Opens a position or places a pending order through the API and returns its id. */
  async function openOrder(kind: 'position' | 'pending'): Promise<number> {
    const form =
      kind === 'position'
        ? { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 }
        : { type: 1, cont: '0.01', forex_id: BTC, status: 0, multiple: 10, target_price: '80000' };
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { authorization: token, lang: 'en' },
      payload: form,
    });
    const body = JSON.parse(res.body) as { code: number; msg: string; data: { Id: number } };
    if (body.code !== 1) throw new Error(`could not open a ${kind}: ${body.msg}`);
    // A fixture, not a fuzzed request: the next comparison starts after it.
    if (tables) last = await fingerprint(t.services.core.db, tables);
    return body.data.Id;
  }

  const orderStatus = async (id: number): Promise<number | undefined> => {
    const row = await t.services.core.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? Number(row.status) : undefined;
  };

  /** Orders the order endpoints act on, kept live between calls. */
  const live = { position: 0, pending: 0 };
  async function liveOrder(kind: 'position' | 'pending'): Promise<number> {
    const wanted = kind === 'position' ? contract.OrderStatus.Holding : contract.OrderStatus.Pending;
    if (live[kind] === 0 || (await orderStatus(live[kind])) !== wanted) live[kind] = await openOrder(kind);
    return live[kind];
  }

  /** A baseline that a real trader would send: the schema's, with meaningful values. */
  const realisticBaseline = (endpoint: Endpoint) =>
    realisticInput(endpoint, { email, liveOrder, stopsOrder: canaryPosition, targetUser });

  async function send(
    endpoint: Endpoint,
    probe: Probe,
    auth: 'user' | 'anonymous' = 'user',
  ): Promise<Answer | undefined> {
    // A live price for every call: this suite tests input handling, not the age of quotes
    // (docs/market-data.md), and a CI run takes longer than BTCUSD's 5 s limit.
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    ipCounter += 1;
    const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    let authorization = auth === 'anonymous' ? undefined : endpoint.operator ? operator.token : token;
    if (auth === 'user' && ACTS_ON_EVERY_POSITION.has(endpoint.path)) authorization = bystanderToken;
    if (auth === 'user' && ENDS_ITS_SESSION.has(endpoint.path)) {
      authorization = endpoint.operator
        ? await operatorSession(t.services, operator.id)
        : await t.services.auth.sessions.create(userId);
      last = await fingerprint(t.services.core.db, tables);
    }
    const headers: Record<string, string> = { lang: 'en', ...(authorization ? { authorization } : {}) };
    let url = endpoint.path;
    let payload: string | undefined;
    if (probe.encoding === 'query') {
      const qs = new URLSearchParams(probe.pairs ?? []).toString();
      url += `?${[qs, probe.rawQuery].filter(Boolean).join('&')}`;
    } else if (probe.raw) {
      headers['content-type'] = probe.raw.contentType;
      payload = probe.raw.body;
    } else if (probe.encoding === 'json') {
      headers['content-type'] = 'application/json';
      payload = probe.json;
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(probe.pairs ?? []).toString();
    }
    const res = await t.app.inject({
      method: endpoint.method,
      url,
      remoteAddress: ip,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const where = `${endpoint.method} ${endpoint.path} ${probe.label} [${probe.encoding}]`;
    const problem = (what: string) => problems.push(`${where}: ${what}`);
    if (res.statusCode >= 500) problem(`HTTP ${res.statusCode}`);
    // A report's CSV answers a file, not an envelope, once its input is accepted (docs/reports.md).
    if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/csv'))
      return { status: 200, code: ResultCode.Success, msg: '', data: null, body: res.body };
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      problem(`not JSON: ${res.body.slice(0, 200)}`);
      return undefined;
    }
    const env = parsed as { code?: unknown; msg?: unknown; data?: unknown };
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      typeof env.code !== 'number' ||
      typeof env.msg !== 'string' ||
      !('data' in parsed) ||
      Object.keys(parsed).length !== 3
    ) {
      problem(`not a {code,msg,data} envelope: ${res.body.slice(0, 200)}`);
      return undefined;
    }
    const answer: Answer = {
      status: res.statusCode,
      code: env.code,
      msg: env.msg,
      data: env.data,
      body: res.body,
    };
    if (answer.code === ResultCode.Internal) problem(`code 1500: ${answer.msg}`);
    if (answer.code !== ResultCode.Success && answer.msg.trim() === '') problem('refused without a message');
    const leakIn = answer.code === ResultCode.Success ? answer.msg : answer.body;
    for (const [what, pattern] of LEAKS)
      if (pattern.test(leakIn)) problem(`leaks ${what}: ${leakIn.slice(0, 300)}`);

    const now = await fingerprint(t.services.core.db, tables);
    if (answer.code !== ResultCode.Success && now !== last) {
      problem(
        `refused (${answer.code} "${answer.msg}") yet the database changed: ${describeChange(last, now)}`,
      );
    }
    last = now;
    return answer;
  }

  /** One field set to one hostile value, sent in every encoding the method takes. */
  async function fuzzField(endpoint: Endpoint, key: string, field: z.ZodType, value: Hostile): Promise<void> {
    const baseline = await realisticBaseline(endpoint);
    const encodings: Encoding[] =
      endpoint.method === 'GET' || endpoint.method === 'DELETE' ? ['query'] : ['json', 'form'];
    for (const encoding of encodings) {
      const label = `${key}=${value.name}`;
      let probe: Probe;
      let received: unknown;
      if (encoding === 'json') {
        const json = jsonText({ ...baseline, [key]: value.json });
        probe = { label, encoding, json };
        received = JSON.parse(json);
      } else {
        const rest = Object.fromEntries(
          Object.entries(baseline)
            .filter(([k]) => k !== key)
            .map(([k, v]) => [k, formValue(v)]),
        );
        const pairs = formPairs({ ...rest, [key]: value.form });
        probe = { label, encoding, pairs };
        received = receivedFromPairs(pairs);
      }
      const answer = await send(endpoint, probe);
      if (!answer) continue;
      const where = `${endpoint.method} ${endpoint.path} ${label} [${encoding}]`;
      const text = isTextField(field);
      // A signed field (a balance adjustment, a trader's loss) takes -1 as it is.
      const signed = !text && field.safeParse('-1').success;
      const mustRefuse =
        !contractAccepts(endpoint, received) ||
        (!text && value.strict && !(signed && value.name === '-1')) ||
        (text &&
          (encoding === 'json' ? value.textJson : value.textForm) &&
          // An article's HTML may be long: 10,000 characters are within its bound.
          !(value.name === '10,000 digits' && field.safeParse(TEN_THOUSAND_DIGITS).success)) ||
        // A required field stays required when it is sent empty, or as a JSON null.
        (!field.safeParse(undefined).success &&
          (value.name === '""' || (value.name === 'null' && encoding === 'json')));
      if (mustRefuse && answer.code !== ResultCode.InvalidParams) {
        problems.push(
          `${where}: must be refused as invalid input (1001), got ${answer.code} "${answer.msg}"`,
        );
      }
      if (value.name === 'NUL byte' && answer.msg !== `${key} contains a character that is not allowed`) {
        problems.push(`${where}: the NUL byte must be named, got "${answer.msg}"`);
      }
      // Only this field differs from an accepted baseline: a refusal of the input names it.
      const named = (answer.data as { field?: unknown } | null)?.field;
      if (
        answer.code === ResultCode.InvalidParams &&
        contractAccepts(endpoint, baselineReceived(baseline, encoding)) &&
        named !== key &&
        !String(named).startsWith(`${key}.`)
      ) {
        problems.push(`${where}: the refusal names ${String(named)}, not ${key}`);
      }
    }
  }

  /** Bodies that are not a form of the endpoint at all. */
  async function fuzzBody(endpoint: Endpoint): Promise<void> {
    const baseline = await realisticBaseline(endpoint);
    const firstKey = Object.keys(fieldsOf(endpoint))[0] ?? 'x';
    let deep: unknown = 1;
    for (let i = 0; i < 2_000; i++) deep = { a: deep };
    const refusedCodes: number[] = [
      ResultCode.InvalidParams,
      ResultCode.MalformedBody,
      ResultCode.UnsupportedMediaType,
      ResultCode.PayloadTooLarge,
    ];

    if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
      const pairs = formPairs(
        Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, formValue(v)])),
      );
      const garbage: [string, string][] = [
        ['unknown fields', 'zz_unknown=1&user_id=1&is_demo=1&balance=1000000'],
        ['bracket keys', `${firstKey}[a]=1&${firstKey}[]=2`],
        ['a NUL in a key', 'a%00b=1'],
        ['broken percent-encoding', `${firstKey}=%E0%A4%A&x=%`],
        ['__proto__', '__proto__=1&constructor[prototype][x]=1'],
        ['a 10,000-character key', `${'k'.repeat(10_000)}=1`],
        ['a field repeated 100 times', Array.from({ length: 100 }, () => `${firstKey}=1`).join('&')],
      ];
      for (const [label, rawQuery] of garbage)
        await send(endpoint, { label, encoding: 'query', pairs, rawQuery });
      return;
    }

    const json = (label: string, body: string) => send(endpoint, { label, encoding: 'json', json: body });
    const mustRefuse = async (label: string, answer: Promise<Answer | undefined>) => {
      const a = await answer;
      if (a && !refusedCodes.includes(a.code)) {
        problems.push(
          `${endpoint.method} ${endpoint.path} ${label}: must be refused, got ${a.code} "${a.msg}"`,
        );
      }
    };
    await mustRefuse('array body', json('array body', '[1,2,3]'));
    await mustRefuse('array of the baseline', json('array of the baseline', jsonText([baseline])));
    await mustRefuse('string body', json('string body', '"abc"'));
    await mustRefuse('number body', json('number body', '1e308'));
    await mustRefuse('boolean body', json('boolean body', 'true'));
    await mustRefuse('broken JSON', json('broken JSON', '{"a":'));
    await mustRefuse('empty JSON body', json('empty JSON body', ''));
    await mustRefuse(
      '__proto__',
      json('__proto__', `{"__proto__":{"isAdmin":true},${jsonText(baseline).slice(1)}`),
    );
    await mustRefuse(
      'constructor.prototype',
      json('constructor.prototype', `{"constructor":{"prototype":{"x":1}},${jsonText(baseline).slice(1)}`),
    );
    if (firstKey in fieldsOf(endpoint)) {
      await mustRefuse(
        'deeply nested field',
        json('deeply nested field', jsonText({ ...baseline, [firstKey]: deep })),
      );
    }
    // Unknown fields are dropped; the rest is the baseline (which may be accepted).
    await json('deeply nested unknown field', jsonText({ ...baseline, zz_unknown: deep }));
    await json('unknown fields', jsonText({ ...baseline, user_id: 1, is_demo: 1, balance: 1e9, zz: 'x' }));
    await json('null body', 'null');
    await mustRefuse(
      'text/plain body',
      send(endpoint, {
        label: 'text/plain body',
        encoding: 'json',
        raw: { body: 'a=1', contentType: 'text/plain' },
      }),
    );
    // Past the route's own limit where it has one (the history import takes a whole file).
    const oversize = (OWN_BODY_LIMITS[endpoint.path] ?? 0) + 2 * 1024 * 1024;
    await mustRefuse(
      'a body over the limit',
      send(endpoint, {
        label: 'a body over the limit',
        encoding: 'json',
        raw: {
          body: jsonText({ ...baseline, zz: 'x'.repeat(oversize) }),
          contentType: 'application/json',
        },
      }),
    );
    const boundary = 'fuzzboundary';
    const multipart = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${firstKey}"`,
      '',
      NUL_TEXT,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await mustRefuse(
      'multipart with a NUL byte',
      send(endpoint, {
        label: 'multipart with a NUL byte',
        encoding: 'form',
        raw: { body: multipart, contentType: `multipart/form-data; boundary=${boundary}` },
      }),
    );
  }

  it.each(FUZZED.map((e) => [e.name, e.endpoint] as const))('%s', async (_name, endpoint) => {
    const before = problems.length;
    const route = { method: endpoint.method, url: endpoint.path };
    expect(t.app.hasRoute(route), `${endpoint.method} ${endpoint.path} is not served`).toBe(true);

    // Anonymous first: a logged-in endpoint refuses with 999 and changes nothing.
    const baseline = await realisticBaseline(endpoint);
    const anonymousProbe: Probe =
      endpoint.method === 'GET' || endpoint.method === 'DELETE'
        ? {
            label: 'anonymous',
            encoding: 'query',
            pairs: formPairs(Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, formValue(v)]))),
          }
        : { label: 'anonymous', encoding: 'json', json: jsonText(baseline) };
    const anonymous = await send(endpoint, anonymousProbe, 'anonymous');
    if ((endpoint.auth || endpoint.operator) && anonymous?.code !== ResultCode.SessionExpired) {
      problems.push(`${endpoint.path} anonymous: expected 999, got ${anonymous?.code} "${anonymous?.msg}"`);
    }

    for (const [key, field] of Object.entries(fieldsOf(endpoint))) {
      for (const value of hostileValues(baseline[key] ?? baselineValue(field))) {
        await fuzzField(endpoint, key, field, value);
      }
    }
    await fuzzBody(endpoint);
    expect(problems.slice(before)).toEqual([]);
  });

  it('left the canary position open and the books balanced', async () => {
    expect(await orderStatus(canaryPosition)).toBe(contract.OrderStatus.Holding);
    const account = await t.services.core.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const logged = await t.services.core.db
      .selectFrom('account_logs')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(Number(logged.total));
  });
});
