import * as contract from '@pipwise/shared';
import type { Endpoint } from '@pipwise/shared';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../src/core/db/database.js';

/**
 * The generators and checks of the contract fuzz (issue 7: hostile input), shared by
 * `fuzz-contract.test.ts` and the reliability suite (`apps/server/reliability/7-fuzz.test.ts`):
 * every endpoint of the contract, a baseline input derived from its zod schema, hostile
 * values per field, the encodings a value travels in, what must never leak, and a
 * fingerprint of the database that a refused request must leave as it was.
 */

// ---------------------------------------------------------------------------------------
// The endpoints
// ---------------------------------------------------------------------------------------

export function isEndpoint(value: unknown): value is Endpoint {
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
export const ENDPOINTS: { name: string; endpoint: Endpoint }[] = [];
for (const [name, value] of Object.entries(contract)) {
  if (!isEndpoint(value)) continue;
  if (ENDPOINTS.some((e) => e.endpoint.method === value.method && e.endpoint.path === value.path)) continue;
  ENDPOINTS.push({ name, endpoint: value });
}

// ---------------------------------------------------------------------------------------
// A baseline input from a zod (v4) schema
// ---------------------------------------------------------------------------------------

/** The parts of a zod 4 schema definition the walk reads (`schema._zod.def`). */
export interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, string | number>;
  checks?: { _zod: { def: { check: string; value?: unknown; inclusive?: boolean } } }[];
}

export const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def;

/** Values worth trying for a schema, most specific first (literals, enum members, bounds). */
export function candidates(schema: z.ZodType): unknown[] {
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
      // Empty first; an array that needs an item (a drawing's points) gets one baseline item.
      return [[], ...(def.element ? [[baselineValue(def.element)]] : [])];
    case 'record':
      // A map of free keys (a browser's WebAuthn extension results): empty is the baseline.
      return [{}];
    default:
      return [];
  }
}

/** What a string field most likely holds, tried after the schema's own candidates. */
export const GENERIC_CANDIDATES: unknown[] = [
  '1',
  'abc',
  'Passw0rd1',
  'trader@example.com',
  1,
  0,
  // A calendar day and a time zone (the reports' from/to/tz, docs/reports.md).
  '2026-01-01',
  'UTC',
  // A browser's push subscription keys (p256dh: a P-256 point, auth: 16 bytes; base64url).
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  'tBHItJI5svbpez7KI4CCXg',
];

/** The first candidate the schema accepts, or undefined. */
export function baselineValue(schema: z.ZodType): unknown {
  for (const value of [...candidates(schema), ...GENERIC_CANDIDATES]) {
    if (schema.safeParse(value).success) return value;
  }
  return undefined;
}

/**
 * Required fields get their baseline value; optional ones (that accept absence) are left out,
 * unless the object's own rule needs some of them (one of two targets, at least one setting):
 * then the fewest optional fields that make the whole input pass are added.
 */
export function baselineObject(schema: z.ZodType): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const optional: [string, unknown][] = [];
  for (const [key, field] of Object.entries(defOf(schema).shape ?? {})) {
    if (field.safeParse(undefined).success) optional.push([key, baselineValue(field)]);
    else body[key] = baselineValue(field);
  }
  if (schema.safeParse(body).success || optional.length > 10) return body;
  const subsets = Array.from({ length: 2 ** optional.length }, (_, mask) =>
    optional.filter((_, i) => (mask >> i) & 1),
  ).sort((a, b) => a.length - b.length);
  for (const subset of subsets) {
    const candidate = { ...body, ...Object.fromEntries(subset) };
    if (schema.safeParse(candidate).success) return candidate;
  }
  return body;
}

export function fieldsOf(endpoint: Endpoint): Record<string, z.ZodType> {
  return defOf(endpoint.input).type === 'object' ? (defOf(endpoint.input).shape ?? {}) : {};
}

/**
 * A field that accepts free text ("abc"), as opposed to a strict one (an id, a code, an
 * enum, a decimal) that must never read a boolean, an array, hex or an exponent.
 */
export const isTextField = (field: z.ZodType): boolean => field.safeParse('abc').success;

// ---------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------

/** JSON cannot write -0 (JSON.stringify gives 0): this token is replaced in the payload. */
export const NEGATIVE_ZERO = 'NEGATIVE_ZERO_0c8f1e';

export interface Hostile {
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

export const TEN_THOUSAND_DIGITS = '9'.repeat(10_000);
export const NUL_TEXT = 'a\u0000b';

export function hostileValues(baseline: unknown): Hostile[] {
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

export type Encoding = 'json' | 'form' | 'query';

export interface Probe {
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

export function jsonText(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${NEGATIVE_ZERO}"`, '-0');
}

export function formPairs(body: Record<string, string | string[]>): [string, string][] {
  return Object.entries(body).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v]],
  );
}

/** A form or query value for a baseline value (forms carry strings only). */
export const formValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The body a form or query string arrives as: strings, and arrays for repeated keys. */
export function receivedFromPairs(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** The baseline as the server receives it in an encoding. */
export function baselineReceived(baseline: Record<string, unknown>, encoding: Encoding): unknown {
  if (encoding === 'json') return JSON.parse(jsonText(baseline)) as unknown;
  return receivedFromPairs(
    formPairs(Object.fromEntries(Object.entries(baseline).map(([k, v]) => [k, formValue(v)]))),
  );
}

export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** Whether the contract accepts what the server will receive (a NUL byte is refused at the edge). */
export function contractAccepts(endpoint: Endpoint, received: unknown): boolean {
  return !containsNul(received) && endpoint.input.safeParse(received).success;
}

// ---------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------

/** Traces of a fault that must never reach a client. */
export const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat (async )?[\w.<>$[\]]+ \(\S*:\d+:\d+\)|\bat \/\S+:\d+:\d+/],
  ['"Error:"', /\b\w*Error:/],
  ['a file path', /(\/(work|tmp|home|usr|app|src|var)\/|[A-Za-z]:\\|\.(ts|js|mjs|cjs):\d+)/],
  ['node_modules', /node_modules/],
  ['SQL', /\b(select\s+[\w*".,\s]+\s+from|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i],
  ['a database name', /\b(sqlite|postgres|pg_|SQLSTATE|kysely|relation "|column ")/i],
  ['a zod message', /\b(ZodError|invalid_type|invalid_union|expected (string|number), received)\b/i],
];

export interface Answer {
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
export const NOT_COUNTED = new Set(['rate_hits', 'captchas', 'outbox']);

export async function countedTables(db: Db): Promise<string[]> {
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
export async function fingerprint(db: Db, tables: string[]): Promise<string> {
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

/** Which parts of two fingerprints differ, for failure messages. */
export function describeChange(before: string, after: string): string {
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

/** Instrument 26, BTCUSD: trades every day, so orders can be placed whenever a test runs. */
export const BTC = 26;

/** What a realistic input refers to: the caller's e-mail and orders to act on. */
export interface RealisticContext {
  email: string;
  /** A live order of the kind (an open position, a pending order), placed when needed. */
  liveOrder(kind: 'position' | 'pending'): Promise<number>;
  /** The order whose stops set_stop_price edits (an open position). */
  stopsOrder: number;
  /** The user the back office's freezes and adjustments act on (never the fuzzing caller). */
  targetUser?: number;
}

/** A baseline that a real trader would send: the schema's, with meaningful values. */
export async function realisticInput(
  endpoint: Endpoint,
  ctx: RealisticContext,
): Promise<Record<string, unknown>> {
  const body = baselineObject(endpoint.input);
  const fields = fieldsOf(endpoint);
  const set = (key: string, value: unknown) => {
    if (key in fields && fields[key]!.safeParse(value).success) body[key] = value;
  };
  set('forex_id', BTC);
  set('account', ctx.email);
  for (const key of ['password', 're_password', 'new_password', 'secondary_password']) set(key, 'Passw0rd1');
  for (const key of ['sms_code', 'auth_code']) set(key, '123456');
  switch (endpoint.path) {
    case contract.submitOrderEndpoint.path:
      set('status', 1);
      set('cont', '0.01');
      set('multiple', 10);
      break;
    case contract.closeOrderEndpoint.path:
      set('id', await ctx.liveOrder('position'));
      break;
    case contract.cancelOrderEndpoint.path:
      set('id', await ctx.liveOrder('pending'));
      break;
    case contract.setStopPriceEndpoint.path:
      set('id', ctx.stopsOrder);
      break;
    case contract.setPendingPriceEndpoint.path:
      // A pending buy at 80,000 moved a little, as a line dragged on the chart.
      set('id', await ctx.liveOrder('pending'));
      set('target_price', '79000');
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
    case contract.adminSaveFixSourceEndpoint.path:
      // A trading session (no instruments, no primary needed) at a host that resolves nowhere.
      set('slot', 'trade');
      set('host', 'lp.example.com');
      set('sender_comp_id', 'PIPWISE');
      set('target_comp_id', 'LP');
      break;
    case contract.adminFreezeLoginEndpoint.path:
    case contract.adminFreezeTradingEndpoint.path:
    case contract.adminSetABookEndpoint.path:
    case contract.adminAdjustBalanceEndpoint.path:
      if (ctx.targetUser !== undefined) set('id', ctx.targetUser);
      break;
    default:
      break;
  }
  return body;
}
