import { randomBytes } from 'node:crypto';
import type { Endpoint, OperatorRole } from '@pipwise/shared';
import * as contract from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import { generate, generateSecret } from 'otplib';
import { hashPassword } from '../src/modules/auth/password.js';
import { insertOperator } from '../src/modules/admin/operators/operator.repository.js';
import { OperatorSessions } from '../src/modules/admin/operators/operator-sessions.js';
import type { Server } from '../src/app.js';

/**
 * What the back-office tests stand on: the contract's admin endpoints (enumerated from its
 * exports, like fuzz-contract.test.ts does), operators of each role with sessions, and a
 * JSON client for `/api/admin/...`.
 */

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'input' in value
  );
}

/** Every endpoint of the contract under /api/admin/, once each. */
export const ADMIN_ENDPOINTS: { name: string; endpoint: Endpoint }[] = (() => {
  const seen = new Map<string, { name: string; endpoint: Endpoint }>();
  for (const [name, value] of Object.entries(contract)) {
    if (!isEndpoint(value) || !value.path.startsWith('/api/admin/')) continue;
    const key = `${value.method} ${value.path}`;
    if (!seen.has(key)) seen.set(key, { name, endpoint: value });
  }
  return [...seen.values()];
})();

export const ROLES: readonly OperatorRole[] = contract.OPERATOR_ROLES;

/** The password every test operator gets. */
export const OPERATOR_PASSWORD = 'Operator-pass-2026';

export interface TestOperator {
  id: number;
  email: string;
  role: OperatorRole;
  /** A live session's token. */
  token: string;
  /** The authenticator's secret (two-factor on), or null (two-factor off). */
  totpSecret: string | null;
}

/** Hashing is slow on purpose: every test operator shares one hash of OPERATOR_PASSWORD. */
let sharedHash: Promise<string> | undefined;

/**
 * An operator of a role, written to the database, with a session. By default one who has
 * finished their first use (docs/api.md "Back office API"): a password of their own
 * (`must_change_password` 0) and two-factor on (`totpSecret`), so the back office answers
 * them; `totp: false` leaves two-factor off and `mustChangePassword` marks a password they
 * were given — both keep them at the first-use calls while two-factor is required.
 */
export async function createOperator(
  services: Server,
  role: OperatorRole,
  o: { password?: string; email?: string; totp?: boolean; mustChangePassword?: boolean } = {},
): Promise<TestOperator> {
  const email = o.email ?? `${role}-${randomBytes(4).toString('hex')}@ops.example`;
  const totpSecret = o.totp === false ? null : generateSecret({ length: 20 });
  const row = await insertOperator(services.core.db, {
    email,
    name: `Test ${role}`,
    role,
    password_hash: o.password
      ? await hashPassword(o.password)
      : await (sharedHash ??= hashPassword(OPERATOR_PASSWORD)),
    active: 1,
    totp_secret: totpSecret,
    totp_enabled: totpSecret ? 1 : 0,
    totp_last_step: null,
    must_change_password: o.mustChangePassword ? 1 : 0,
    created_at: Date.now(),
    last_login_at: null,
  });
  const id = Number(row.id);
  return { id, email, role, token: await operatorSession(services, id), totpSecret };
}

/**
 * The authenticator's code at the server's clock, `steps` 30-second steps away (-1: the
 * step before, which the server still accepts once).
 */
export function totpCode(services: Server, secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(services.core.now() / 1000) + steps * 30 });
}

/** A new session of an operator (each call a fresh token). */
export function operatorSession(services: Server, operatorId: number): Promise<string> {
  return new OperatorSessions(services.core.db, services.core.settings, services.core.now).create(
    operatorId,
    '127.0.0.1',
  );
}

export interface Answer {
  status: number;
  code: number;
  msg: string;
  data: any;
  body: string;
  headers: Record<string, unknown>;
}

/** JSON requests to the back office with a token, an address and headers. */
export function adminClient(app: FastifyInstance) {
  const send = async (
    method: string,
    url: string,
    body: unknown,
    o: { token?: string; ip?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const fromQuery = method === 'GET' || method === 'DELETE';
    const qs =
      fromQuery && body
        ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString()
        : '';
    const res = await app.inject({
      method: method as 'GET',
      url: qs ? `${url}?${qs}` : url,
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: {
        lang: 'en',
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(fromQuery ? {} : { 'content-type': 'application/json' }),
        ...o.headers,
      },
      ...(fromQuery ? {} : { payload: JSON.stringify(body ?? {}) }),
    });
    let parsed: { code?: number; msg?: string; data?: unknown } = {};
    try {
      parsed = JSON.parse(res.body) as typeof parsed;
    } catch {
      parsed = {};
    }
    return {
      status: res.statusCode,
      code: parsed.code ?? -1,
      msg: parsed.msg ?? '',
      data: parsed.data,
      body: res.body,
      headers: res.headers,
    };
  };
  return {
    send,
    call: (
      endpoint: Endpoint,
      body: unknown,
      o: { token?: string; ip?: string; headers?: Record<string, string> } = {},
    ) => send(endpoint.method, endpoint.path, body, o),
  };
}

/** Rows of the audit log. */
export async function auditCount(services: Server): Promise<number> {
  const row = await services.core.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
