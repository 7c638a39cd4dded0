import * as contract from '@pipwise/shared';
import { logoutEndpoint, ResultCode, type Endpoint } from '@pipwise/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Db } from '../src/db/database.js';
import { createTestApp, DIALECTS, fundedUser, setQuote, type TestApp } from './helper.js';

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

// ---------------------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------------------

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'input' in value &&
    'output' in value
  );
}

/** Every endpoint exported by the contract, once each (by method and path). */
const ENDPOINTS: { name: string; endpoint: Endpoint }[] = [];
for (const [name, value] of Object.entries(contract)) {
  if (!isEndpoint(value)) continue;
  if (ENDPOINTS.some((e) => e.endpoint.method === value.method && e.endpoint.path === value.path)) continue;
  ENDPOINTS.push({ name, endpoint: value });
}

/**
 * Endpoints this test does not fuzz, each with its reason. Empty: every endpoint is fuzzed.
 * An entry here must name an exported endpoint (checked below), so nothing is skipped silently.
 */
const SKIPPED: Record<string, string> = {};

/** Endpoints that end the session they are called with: each call gets a throwaway session. */
const ENDS_ITS_SESSION = new Set<string>([logoutEndpoint.path]);

const FUZZED = ENDPOINTS.filter((e) => !(e.name in SKIPPED));

// ---------------------------------------------------------------------------------------
// A baseline input from a zod (v4) schema
// ---------------------------------------------------------------------------------------

/** The parts of a zod 4 schema definition the walk reads (`schema._zod.def`). */
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  checks?: { _zod: { def: { check: string; value?: unknown; inclusive?: boolean } } }[];
}

const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def;

/** Values worth trying for a schema, most specific first (literals, enum members, bounds). */
function candidates(schema: z.ZodType): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return [baselineObject(schema)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return def.innerType ? candidates(def.innerType) : [];
    case 'pipe':
      // z.preprocess is a pipe from a transform (no candidates) into the real schema.
      return [...(def.in ? candidates(def.in) : []), ...(def.out ? candidates(def.out) : [])];
    case 'union':
      return (def.options ?? []).flatMap(candidates);
    case 'literal':
      return [...(def.values ?? [])];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'number': {
      const lower = def.checks
        ?.map((c) => c._zod.def)
        .find((c) => c.check === 'greater_than' && typeof c.value === 'number');
      const min = lower ? (lower.value as number) + (lower.inclusive ? 0 : 1) : undefined;
      return [...(min !== undefined ? [min] : []), 1, 0];
    }
    case 'boolean':
      return [true, false];
    case 'null':
      return [null];
    case 'array':
      return [[]];
    default:
      return [];
  }
}

/** What a string field most likely holds, tried after the schema's own candidates. */
const GENERIC_CANDIDATES: unknown[] = ['1', 'abc', 'Passw0rd1', 'trader@example.com', 1, 0];

/** The first candidate the schema accepts, or undefined. */
function baselineValue(schema: z.ZodType): unknown {
  for (const value of [...candidates(schema), ...GENERIC_CANDIDATES]) {
    if (schema.safeParse(value).success) return value;
  }
  return undefined;
}

/** Required fields get their baseline value; optional ones (that accept absence) are left out. */
function baselineObject(schema: z.ZodType): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(defOf(schema).shape ?? {})) {
    if (field.safeParse(undefined).success) continue;
    body[key] = baselineValue(field);
  }
  return body;
}

function fieldsOf(endpoint: Endpoint): Record<string, z.ZodType> {
  return defOf(endpoint.input).type === 'object' ? (defOf(endpoint.input).shape ?? {}) : {};
}

/**
 * A field that accepts free text ("abc"), as opposed to a strict one (an id, a code, an
 * enum, a decimal) that must never read a boolean, an array, hex or an exponent.
 */
const isTextField = (field: z.ZodType): boolean => field.safeParse('abc').success;

// ---------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------

/** JSON cannot write -0 (JSON.stringify gives 0): this token is replaced in the payload. */
const NEGATIVE_ZERO = 'NEGATIVE_ZERO_0c8f1e';

interface Hostile {
  name: string;
  /** The value in a JSON body. */
  json: unknown;
  /** The value in a form or query string: a repeated key for an array. */
  form: string | string[];
  /** Refused by every strict field (ids, codes, enums, decimals), in every encoding. */
  strict: boolean;
  /** Refused by every text field when sent as JSON (not a string, or a string no field allows). */
  textJson: boolean;
  /** Refused by every text field in a form or query too. */
  textForm: boolean;
}

const TEN_THOUSAND_DIGITS = '9'.repeat(10_000);
const NUL_TEXT = 'a\u0000b';

function hostileValues(baseline: unknown): Hostile[] {
  const b = typeof baseline === 'string' || typeof baseline === 'number' ? String(baseline) : '1';
  const values: Hostile[] = [
    { name: 'true', json: true, form: 'true', strict: true, textJson: true, textForm: false },
    { name: 'false', json: false, form: 'false', strict: true, textJson: true, textForm: false },
    { name: '[baseline]', json: [baseline ?? 1], form: [b, b], strict: true, textJson: true, textForm: true },
    { name: '{}', json: {}, form: '{}', strict: true, textJson: true, textForm: false },
    { name: '{"a":1}', json: { a: 1 }, form: '{"a":1}', strict: true, textJson: true, textForm: false },
    { name: 'null', json: null, form: 'null', strict: false, textJson: false, textForm: false },
    { name: '"0x408"', json: '0x408', form: '0x408', strict: true, textJson: false, textForm: false },
    { name: '"1e308"', json: '1e308', form: '1e308', strict: true, textJson: false, textForm: false },
    { name: '1e308', json: 1e308, form: '1e+308', strict: true, textJson: true, textForm: false },
    { name: '-1', json: -1, form: '-1', strict: true, textJson: true, textForm: false },
    { name: '-0', json: NEGATIVE_ZERO, form: '-0', strict: false, textJson: true, textForm: false },
    { name: '"NaN"', json: 'NaN', form: 'NaN', strict: true, textJson: false, textForm: false },
    {
      name: '"Infinity"',
      json: 'Infinity',
      form: 'Infinity',
      strict: true,
      textJson: false,
      textForm: false,
    },
    { name: '""', json: '', form: '', strict: false, textJson: false, textForm: false },
    {
      name: '10,000 digits',
      json: TEN_THOUSAND_DIGITS,
      form: TEN_THOUSAND_DIGITS,
      strict: true,
      textJson: true, // every text field is bounded well below 10,000 characters
      textForm: true,
    },
    { name: 'NUL byte', json: NUL_TEXT, form: NUL_TEXT, strict: true, textJson: true, textForm: true },
    { name: '"1e-9"', json: '1e-9', form: '1e-9', strict: true, textJson: false, textForm: false },
    { name: '1e12', json: 1e12, form: '1000000000000', strict: false, textJson: true, textForm: false },
  ];
  if (/^\d+$/.test(b)) {
    // The baseline id itself in hex: "0x408" once closed order 1032.
    const hex = `0x${Number(b).toString(16)}`;
    values.push({
      name: `"${hex}" (baseline in hex)`,
      json: hex,
      form: hex,
      strict: true,
      textJson: false,
      textForm: false,
    });
  }
  return values;
}

// ---------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------

type Encoding = 'json' | 'form' | 'query';

interface Probe {
  /** What the request is, for failure messages. */
  label: string;
  encoding: Encoding;
  /** JSON text (json), or the key/values of a form or query string. */
  json?: string;
  pairs?: [string, string][];
  /** A raw body with its content type, for garbage that is neither. */
  raw?: { body: string; contentType: string };
  /** Extra query string appended as is (GET garbage). */
  rawQuery?: string;
}

function jsonText(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${NEGATIVE_ZERO}"`, '-0');
}

function formPairs(body: Record<string, string | string[]>): [string, string][] {
  return Object.entries(body).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v]],
  );
}

/** A form or query value for a baseline value (forms carry strings only). */
const formValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The body a form or query string arrives as: strings, and arrays for repeated keys. */
function receivedFromPairs(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** The baseline as the server receives it in an encoding. */
function baselineReceived(baseline: Record<string, unknown>, encoding: Encoding): unknown {
  if (encoding === 'json') return JSON.parse(jsonText(baseline)) as unknown;
  return receivedFromPairs(
    formPairs(Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, formValue(v)]))),
  );
}

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** Whether the contract accepts what the server will receive (a NUL byte is refused at the edge). */
function contractAccepts(endpoint: Endpoint, received: unknown): boolean {
  return !containsNul(received) && endpoint.input.safeParse(received).success;
}

// ---------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------

/** Traces of a fault that must never reach a client. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (async )?[\w.<>$[\]]+ \(\S*:\d+:\d+\)|\bat \/\S+:\d+:\d+/],
  ['"Error:"', /\b\w*Error:/],
  ['a file path', /(\/(work|tmp|home|usr|app|src|var)\/|[A-Za-z]:\\|\.(ts|js|mjs|cjs):\d+)/],
  ['node_modules', /node_modules/],
  ['SQL', /\b(select\s+[\w*".,\s]+\s+from|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i],
  ['a database name', /\b(sqlite|postgres|pg_|SQLSTATE|kysely|relation "|column ")/i],
  ['a zod message', /\b(ZodError|invalid_type|invalid_union|expected (string|number), received)\b/i],
];

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  body: string;
}

// ---------------------------------------------------------------------------------------
// The database fingerprint
// ---------------------------------------------------------------------------------------

/**
 * Tables left out of the row counts, and why. They are bookkeeping that a refused request
 * legitimately writes, or that changes after an accepted one:
 * - rate_hits: throttling counts failed attempts (a wrong password must be counted);
 * - captchas: one per captcha call, and a captcha is spent by a registration that is refused;
 * - outbox: the notifier records deliveries after the answer has left.
 * Sessions are counted (a refused request must not open or end one), not their contents.
 * Everything else is counted, so a table added later is covered without editing this file.
 */
const NOT_COUNTED = new Set(['rate_hits', 'captchas', 'outbox']);

async function countedTables(db: Db): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  return tables
    .map((t) => t.name)
    .filter((n) => !NOT_COUNTED.has(n))
    .sort();
}

/**
 * What a refused request must not change: the row count of every counted table, the sums of
 * balances, held balances and the account log, and every order and user row in full
 * (status, lots, prices, stops, margin, fee, profit, password hash …).
 */
async function fingerprint(db: Db, tables: string[]): Promise<string> {
  const counts = await sql<Record<string, unknown>>`select ${sql.join(
    tables.map((n) => sql`(select count(*) from ${sql.table(n)}) as ${sql.id(n)}`),
  )}`.execute(db);
  const money = await sql<Record<string, unknown>>`select
    (select coalesce(sum(balance), 0) from accounts) as balances,
    (select coalesce(sum(lock_balance), 0) from accounts) as held,
    (select coalesce(sum(amount), 0) from account_logs) as logged`.execute(db);
  const orders = await db.selectFrom('orders').selectAll().orderBy('id').execute();
  const users = await db.selectFrom('users').selectAll().orderBy('id').execute();
  const accounts = await db.selectFrom('accounts').selectAll().orderBy('user_id').execute();
  return JSON.stringify(
    { counts: counts.rows[0], money: money.rows[0], orders, users, accounts },
    (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v),
  );
}

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

describe.each(DIALECTS)('fuzzing every endpoint of the contract (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: number;
  let email: string;
  let tables: string[];
  let last: string;
  let ipCounter = 0;
  /** An open position nobody closes on purpose: ids coerced from true, [1] … would hit it. */
  let canaryPosition: number;
  const problems: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ token, userId } = await fundedUser(t.services, 1_000_000));
    const user = await t.services.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    email = user.email ?? '';
    setQuote(t.services, 'BTCUSD', 8_750_000, 8_753_000);
    canaryPosition = await openOrder('position');
    tables = await countedTables(t.services.db);
    last = await fingerprint(t.services.db, tables);
  });
  afterAll(async () => t.close());

  /** Opens a position or places a pending order through the API and returns its id. */
  async function openOrder(kind: 'position' | 'pending'): Promise<number> {
    const form =
      kind === 'position'
        ? { type: 1, cont: '0.01', forex_id: BTC, status: 1, multiple: 10 }
        : { type: 1, cont: '0.01', forex_id: BTC, status: 0, multiple: 10, target_price: '80000' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/api/forex/submit',
      headers: { authorization: token, lang: 'en' },
      payload: form,
    });
    const body = JSON.parse(res.body) as { code: number; msg: string; data: { Id: number } };
    if (body.code !== 1) throw new Error(`could not open a ${kind}: ${body.msg}`);
    // A fixture, not a fuzzed request: the next comparison starts after it.
    if (tables) last = await fingerprint(t.services.db, tables);
    return body.data.Id;
  }

  const orderStatus = async (id: number): Promise<number | undefined> => {
    const row = await t.services.db
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
  async function realisticBaseline(endpoint: Endpoint): Promise<Record<string, unknown>> {
    const body = baselineObject(endpoint.input);
    const fields = fieldsOf(endpoint);
    const set = (key: string, value: unknown) => {
      if (key in fields && fields[key]!.safeParse(value).success) body[key] = value;
    };
    set('forex_id', BTC);
    set('account', email);
    for (const key of ['password', 're_password', 'new_password', 'secondary_password'])
      set(key, 'Passw0rd1');
    for (const key of ['sms_code', 'auth_code']) set(key, '123456');
    switch (endpoint.path) {
      case contract.submitOrderEndpoint.path:
        set('status', 1);
        set('cont', '0.01');
        set('multiple', 10);
        break;
      case contract.closeOrderEndpoint.path:
        set('id', await liveOrder('position'));
        break;
      case contract.cancelOrderEndpoint.path:
        set('id', await liveOrder('pending'));
        break;
      case contract.setStopPriceEndpoint.path:
        set('id', canaryPosition);
        break;
      case contract.myDealEndpoint.path:
        set('status', 1);
        break;
      case contract.registerEndpoint.path:
        set('account', 'fuzz-new@example.com');
        set('mobile', '91234567');
        set('area_id', 344);
        break;
      case contract.sendSmsEndpoint.path:
        set('to', '91234567');
        set('area_id', 344);
        break;
      case contract.sendEmailEndpoint.path:
        set('to', 'fuzz-code@example.com');
        break;
      case contract.settingEndpoint.path:
        set('key', 'is_show_mobile');
        break;
      default:
        break;
    }
    return body;
  }

  async function send(
    endpoint: Endpoint,
    probe: Probe,
    auth: 'user' | 'anonymous' = 'user',
  ): Promise<Answer | undefined> {
    ipCounter += 1;
    const ip = `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    let authorization = auth === 'anonymous' ? undefined : token;
    if (auth === 'user' && ENDS_ITS_SESSION.has(endpoint.path)) {
      authorization = await t.services.sessions.create(userId);
      last = await fingerprint(t.services.db, tables);
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

    const now = await fingerprint(t.services.db, tables);
    if (answer.code !== ResultCode.Success && now !== last) {
      problem(
        `refused (${answer.code} "${answer.msg}") yet the database changed: ${describeChange(last, now)}`,
      );
    }
    last = now;
    return answer;
  }

  function describeChange(before: string, after: string): string {
    const a = JSON.parse(before) as Record<string, unknown>;
    const b = JSON.parse(after) as Record<string, unknown>;
    return Object.keys(b)
      .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
      .map((k) => {
        if (k === 'counts' || k === 'money') {
          const x = a[k] as Record<string, unknown>;
          const y = b[k] as Record<string, unknown>;
          return Object.keys(y)
            .filter((c) => String(x[c]) !== String(y[c]))
            .map((c) => `${c} ${String(x[c])} → ${String(y[c])}`)
            .join(', ');
        }
        const x = new Map(
          (a[k] as { id?: unknown; user_id?: unknown }[]).map((r) => [
            String(r.id ?? r.user_id),
            JSON.stringify(r),
          ]),
        );
        const changed = (b[k] as { id?: unknown; user_id?: unknown }[])
          .filter((r) => x.get(String(r.id ?? r.user_id)) !== JSON.stringify(r))
          .map((r) => String(r.id ?? r.user_id));
        return `${k} changed: ${changed.join(', ') || 'rows removed'}`;
      })
      .join('; ');
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
      const mustRefuse =
        !contractAccepts(endpoint, received) ||
        (!text && value.strict) ||
        (text && (encoding === 'json' ? value.textJson : value.textForm)) ||
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
    await mustRefuse(
      'a 2 MB body',
      send(endpoint, {
        label: 'a 2 MB body',
        encoding: 'json',
        raw: {
          body: jsonText({ ...baseline, zz: 'x'.repeat(2 * 1024 * 1024) }),
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
    if (endpoint.auth && anonymous?.code !== ResultCode.SessionExpired) {
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
    const account = await t.services.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const logged = await t.services.db
      .selectFrom('account_logs')
      .select((eb) => eb.fn.sum<number | string | null>('amount').as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(Number(logged.total));
  });
});
