import { randomBytes } from 'node:crypto';
import { adminLoginEndpoint, OPERATOR_ROLES, type OperatorRole } from '@pipwise/shared';
import { sql } from 'kysely';
import { generate, generateSecret } from 'otplib';
import { hashPassword } from '../src/modules/auth/password.js';
import { createUserWithSession, envelope, type TestApp } from '../test/helper.js';

/**
 * Callers the security suites (7–10) act as: traders with a real password, and back-office
 * operators of each role, logged in through the API as they would be.
 */

export const OPERATOR_PASSWORD = 'Operator-pass-2026';
export { OPERATOR_ROLES };

let operatorIp = 0;

/** Whether this build serves the back office (the admin login route is registered). */
export function hasBackOffice(t: TestApp): boolean {
  return t.app.hasRoute({ method: adminLoginEndpoint.method, url: adminLoginEndpoint.path });
}

/**
 * A new operator of `role` (a row with a real argon2id hash), logged in through
 * `POST /api/admin/auth/login`; null when the back office is not served. By default one
 * who has finished their first use (docs/api.md "Back office API": their own password,
 * two-factor on — the login then sends the authenticator's code, computed at the server's
 * clock); `{ totp: false }` leaves two-factor off, so the session reaches only the
 * first-use calls (setting two-factor up is one of them).
 */
export async function operatorSession(
  t: TestApp,
  role: OperatorRole,
  options: { totp?: boolean } = {},
): Promise<{ token: string; operatorId: number; email: string } | null> {
  if (!hasBackOffice(t)) return null;
  const email = `${role}-${randomBytes(4).toString('hex')}@ops.example.com`;
  const secret = options.totp === false ? null : generateSecret({ length: 20 });
  const row = await sql<{ id: number | string }>`insert into operators
      (email, name, role, password_hash, active, totp_secret, totp_enabled, created_at)
      values (${email}, ${`${role} operator`}, ${role}, ${await hashPassword(OPERATOR_PASSWORD)}, 1,
        ${secret}, ${secret ? 1 : 0}, ${Date.now()})
      returning id`.execute(t.services.core.db);
  const totp_code = secret
    ? await generate({ secret, epoch: Math.floor(t.services.core.now() / 1000) })
    : undefined;
  operatorIp += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: adminLoginEndpoint.path,
    remoteAddress: `10.250.${(operatorIp >> 8) & 255}.${operatorIp & 255}`,
    headers: { lang: 'en', 'content-type': 'application/json' },
    payload: JSON.stringify({ email, password: OPERATOR_PASSWORD, ...(totp_code ? { totp_code } : {}) }),
  });
  const body = envelope(res);
  if (body.code !== 1) throw new Error(`operator ${role} could not log in: ${body.code} ${body.msg}`);
  const data = body.data as { token: string };
  return { token: data.token, operatorId: Number(row.rows[0]!.id), email };
}

/** A real trader with a known password (argon2id, as registration stores it) and a session. */
export async function traderWithPassword(
  t: TestApp,
  email: string,
  password = 'Secret123',
): Promise<{ userId: number; token: string; email: string; password: string }> {
  const user = await createUserWithSession(t.services, { email });
  await t.services.core.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', user.userId)
    .execute();
  return { ...user, email, password };
}
