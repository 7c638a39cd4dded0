import * as c from '@pipwise/shared';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/core/db/migrate.js';
import { migrations } from '../src/core/db/migrations/index.js';
import {
  createTestApp,
  createTestDatabase,
  DIALECTS,
  fundedUser,
  ledgerOf,
  TestClock,
  type TestApp,
} from './helper.js';
import { fundsFixture, proofOf } from './funds-fixtures.js';
import {
  ADMIN_ENDPOINTS,
  adminClient,
  type Answer,
  auditCount,
  createOperator,
  totpCode,
} from './admin-fixtures.js';

/**
 * An operator's first use (issue 16, finding 8; docs/api.md "Back office API"): a password
 * the operator did not choose — generated at the first start, ADMIN_PASSWORD, set by an
 * admin creating or resetting them — must be replaced, and two-factor (required by default
 * for every role) turned on, before the back office answers anything but the first-use
 * calls. Money cannot move on a password alone.
 */

/** Every back-office endpoint behind an operator session, but the first-use calls. */
const HELD = ADMIN_ENDPOINTS.filter(
  (e) => e.endpoint.operator !== undefined && !c.FIRST_USE_PATHS.includes(e.endpoint.path),
);

const PASSWORD_FIRST = 'Please replace the password you were given before continuing';
const TOTP_FIRST = 'Please set up two-factor authentication before continuing';

describe('the first-use calls', () => {
  it('are who-am-I, logout, the password and the two-factor set-up — nothing that moves money', () => {
    expect([...c.FIRST_USE_PATHS].sort()).toEqual(
      [
        '/api/admin/auth/logout',
        '/api/admin/auth/me',
        '/api/admin/auth/password',
        '/api/admin/auth/totp/enable',
        '/api/admin/auth/totp/setup',
      ].sort(),
    );
    expect(HELD.length).toBeGreaterThanOrEqual(45);
  });
});

describe.each(DIALECTS)("an operator's first use (%s)", (dialect) => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-12-02T10:00:00Z'));
  const lines: string[] = [];
  let funds: Awaited<ReturnType<typeof fundsFixture>>;
  let ip = 0;
  const nextIp = () => `10.16.${(ip >> 8) & 255}.${++ip & 255}`;

  beforeAll(async () => {
    // No ADMIN_PASSWORD: the first start generates one and prints it once.
    const log = {
      info: (_obj: object, msg?: string) => void lines.push(String(msg)),
      error: () => undefined,
    };
    t = await createTestApp(dialect, { services: { now: clock.now, log } });
    funds = await fundsFixture(t.services);
  });
  afterAll(async () => t?.close());

  const api = () => adminClient(t.app);

  /** Calls every held endpoint (with an empty input: the refusal comes first) and returns the answers. */
  async function callHeld(token: string): Promise<{ path: string; answer: Answer }[]> {
    const out: { path: string; answer: Answer }[] = [];
    for (const { endpoint } of HELD)
      out.push({ path: endpoint.path, answer: await api().call(endpoint, {}, { token }) });
    return out;
  }

  async function expectHeld(token: string, msg: string, data: object): Promise<void> {
    const before = await auditCount(t.services);
    for (const { path, answer } of await callHeld(token)) {
      expect(answer.status, path).toBe(200);
      expect({ code: answer.code, msg: answer.msg, data: answer.data }, path).toEqual({
        code: c.ResultCode.SetupRequired,
        msg,
        data,
      });
    }
    expect(await auditCount(t.services)).toBe(before);
  }

  const login = (email: string, password: string, totp_code?: string) =>
    api().call(
      c.adminLoginEndpoint,
      { email, password, ...(totp_code ? { totp_code } : {}) },
      { ip: nextIp() },
    );

  /** A pending deposit of 100 USDT by a real trader. */
  async function pendingDeposit(): Promise<{ id: number; userId: number }> {
    const { userId } = await fundedUser(t.services, 1);
    const row = await t.services.wallet.deposits.declare(userId, {
      type: 0,
      channelId: funds.coin,
      number: '100',
      proofUrl: await proofOf(t.services, userId),
    });
    return { id: Number(row.id), userId };
  }

  it('holds the generated-password admin at the first-use calls until the password is replaced and two-factor is on', async () => {
    const seeded = lines.find((l) => l.includes('first operator'));
    const match = /first operator (\S+) created with the generated password (\S+) /.exec(seeded ?? '');
    expect(match, seeded).not.toBeNull();
    const [, email, generated] = match!;

    const first = await login(email!, generated!);
    expect(first.code, first.msg).toBe(1);
    expect(first.data.operator).toMatchObject({
      role: 'admin',
      must_change_password: 1,
      totp_enabled: 0,
      totp_setup_required: true,
    });
    const token = first.data.token as string;

    // Everything but the first-use calls: refused with the password step named first.
    await expectHeld(token, PASSWORD_FIRST, { must_change_password: 1, totp_setup_required: true });
    // In the caller's language too.
    const inFrench = await api().call(c.adminDashboardEndpoint, {}, { token, headers: { lang: 'fr' } });
    expect(inFrench).toMatchObject({
      code: c.ResultCode.SetupRequired,
      msg: 'Veuillez remplacer le mot de passe qui vous a été remis avant de continuer',
    });
    const me = await api().call(c.adminMeEndpoint, {}, { token });
    expect(me).toMatchObject({ code: 1, data: { must_change_password: 1, totp_setup_required: true } });

    // The new password follows the operators' rule and differs from the given one.
    const same = await api().call(
      c.adminChangePasswordEndpoint,
      { old_password: generated, new_password: generated },
      { token },
    );
    expect(same).toMatchObject({ code: 2000, data: { field: 'new_password' } });
    const weak = await api().call(
      c.adminChangePasswordEndpoint,
      { old_password: generated, new_password: 'password' },
      { token },
    );
    expect(weak).toMatchObject({ code: 2000, data: { field: 'new_password' } });
    const notText = await api().call(
      c.adminChangePasswordEndpoint,
      { old_password: generated, new_password: 1234567890 },
      { token },
    );
    expect(notText).toMatchObject({ code: 1001, data: { field: 'new_password' } });
    const changed = await api().call(
      c.adminChangePasswordEndpoint,
      { old_password: generated, new_password: 'Own-choice-2026' },
      { token },
    );
    expect(changed.code, changed.msg).toBe(1);

    // A password of their own, two-factor still off: still held, now at the two-factor step.
    await expectHeld(token, TOTP_FIRST, { must_change_password: 0, totp_setup_required: true });
    expect((await api().call(c.adminMeEndpoint, {}, { token })).data).toMatchObject({
      must_change_password: 0,
      totp_setup_required: true,
    });

    const setup = await api().call(c.adminTotpSetupEndpoint, { password: 'Own-choice-2026' }, { token });
    expect(setup.code, setup.msg).toBe(1);
    const wrong = await api().call(c.adminTotpEnableEndpoint, { code: '000000' }, { token });
    expect(wrong.code).toBe(2000);
    await expectHeld(token, TOTP_FIRST, { must_change_password: 0, totp_setup_required: true });
    const enabled = await api().call(
      c.adminTotpEnableEndpoint,
      { code: await totpCode(t.services, setup.data.secret) },
      { token },
    );
    expect(enabled).toMatchObject({
      code: 1,
      data: { must_change_password: 0, totp_enabled: 1, totp_setup_required: false },
    });

    // Both done: the same session reaches everything; no call answers 2028 any more.
    for (const { path, answer } of await callHeld(token)) {
      expect(answer.code, `${path}: ${answer.body}`).not.toBe(c.ResultCode.SetupRequired);
      expect(answer.status, path).toBeLessThan(500);
    }
    const dashboard = await api().call(c.adminDashboardEndpoint, {}, { token });
    expect(dashboard.code).toBe(1);
    const list = await api().call(c.adminOperatorsEndpoint, {}, { token });
    expect(list.data.find((o: c.Operator) => o.email === email)).toMatchObject({
      must_change_password: 0,
      totp_enabled: 1,
    });

    // The generated password opens nothing any more; the new one needs the code.
    expect((await login(email!, generated!)).msg).toBe('Incorrect account or password');
    const withoutCode = await login(email!, 'Own-choice-2026');
    expect(withoutCode).toMatchObject({ code: 2000, data: { totp_required: true } });
    clock.advance(30_000);
    const again = await login(email!, 'Own-choice-2026', await totpCode(t.services, setup.data.secret));
    expect(again.code, again.msg).toBe(1);
    expect(again.data.operator).toMatchObject({ must_change_password: 0, totp_setup_required: false });
    expect((await api().call(c.adminLogoutEndpoint, {}, { token })).code).toBe(1);
  });

  it('never approves a deposit on a password alone, by default', async () => {
    const admin = await createOperator(t.services, 'admin');
    const created = await api().call(
      c.adminCreateOperatorEndpoint,
      { email: 'cashier@ops.example', name: 'Cashier', role: 'finance', password: 'Given-pass-2026' },
      { token: admin.token },
    );
    expect(created).toMatchObject({ code: 1, data: { must_change_password: 1, totp_enabled: 0 } });
    const deposit = await pendingDeposit();
    const balance = async () => (await ledgerOf(t.services, deposit.userId)).balance;
    const status = async () =>
      Number(
        (
          await t.services.core.db
            .selectFrom('deposits')
            .select('status')
            .where('id', '=', deposit.id)
            .executeTakeFirstOrThrow()
        ).status,
      );
    const before = await balance();

    const session = await login('cashier@ops.example', 'Given-pass-2026');
    expect(session.code, session.msg).toBe(1);
    const token = session.data.token as string;
    const approve = () => api().call(c.adminApproveDepositEndpoint, { id: deposit.id }, { token });
    expect(await approve()).toMatchObject({
      code: c.ResultCode.SetupRequired,
      msg: PASSWORD_FIRST,
      data: { must_change_password: 1, totp_setup_required: true },
    });

    // Their own password is still a password alone.
    await api().call(
      c.adminChangePasswordEndpoint,
      { old_password: 'Given-pass-2026', new_password: 'Cashier-own-2026' },
      { token },
    );
    expect(await approve()).toMatchObject({ code: c.ResultCode.SetupRequired, msg: TOTP_FIRST });
    const fresh = await login('cashier@ops.example', 'Cashier-own-2026');
    expect(fresh.code).toBe(1);
    expect(
      await api().call(c.adminApproveDepositEndpoint, { id: deposit.id }, { token: fresh.data.token }),
    ).toMatchObject({ code: c.ResultCode.SetupRequired });
    expect(await status()).toBe(0);
    expect(await balance()).toBe(before);

    // With two-factor on, the approval goes through — once.
    const setup = await api().call(c.adminTotpSetupEndpoint, { password: 'Cashier-own-2026' }, { token });
    await api().call(
      c.adminTotpEnableEndpoint,
      { code: await totpCode(t.services, setup.data.secret) },
      { token },
    );
    expect(await approve()).toMatchObject({ code: 1, msg: 'Deposit approved and credited' });
    expect(await status()).toBe(1);
    expect((await balance()) - before).toBe(100_000_000);
  });

  it('holds an operator of every role, created or reset by an admin, at the first-use calls', async () => {
    const admin = await createOperator(t.services, 'admin');
    /** A call each role may make in its own part of the business. */
    const own: Record<c.OperatorRole, { endpoint: c.Endpoint; input: object }> = {
      admin: { endpoint: c.adminSettingsEndpoint, input: {} },
      finance: { endpoint: c.adminDepositsEndpoint, input: { page: 1 } },
      support: { endpoint: c.adminUsersEndpoint, input: { page: 1 } },
      content: { endpoint: c.adminNewsEndpoint, input: { page: 1 } },
    };
    for (const role of c.OPERATOR_ROLES) {
      const email = `first-${role}-${dialect}@ops.example`;
      const created = await api().call(
        c.adminCreateOperatorEndpoint,
        { email, name: `New ${role}`, role, password: 'Given-pass-2026' },
        { token: admin.token },
      );
      expect(created.code, created.msg).toBe(1);
      const id = Number(created.data.id);
      const session = await login(email, 'Given-pass-2026');
      expect(session.data.operator, role).toMatchObject({
        role,
        must_change_password: 1,
        totp_setup_required: true,
      });
      const token = session.data.token as string;
      const { endpoint, input } = own[role];
      for (const call of [endpoint, c.adminDashboardEndpoint]) {
        expect(await api().call(call, input, { token }), `${role} ${call.path}`).toMatchObject({
          code: c.ResultCode.SetupRequired,
          msg: PASSWORD_FIRST,
        });
      }
      await api().call(
        c.adminChangePasswordEndpoint,
        { old_password: 'Given-pass-2026', new_password: 'Own-choice-2026' },
        { token },
      );
      expect(await api().call(endpoint, input, { token }), role).toMatchObject({
        code: c.ResultCode.SetupRequired,
        msg: TOTP_FIRST,
      });
      const setup = await api().call(c.adminTotpSetupEndpoint, { password: 'Own-choice-2026' }, { token });
      await api().call(
        c.adminTotpEnableEndpoint,
        { code: await totpCode(t.services, setup.data.secret) },
        { token },
      );
      expect((await api().call(endpoint, input, { token })).code, role).toBe(1);
      // A role still may not call what is not its own: 2003, not 2028.
      if (role !== 'admin')
        expect((await api().call(c.adminAuditEndpoint, { page: 1 }, { token })).code).toBe(
          c.ResultCode.Forbidden,
        );

      // A reset by an admin: a password the admin knows again, two-factor off — back to the start.
      const reset = await api().call(
        c.adminResetOperatorEndpoint,
        { id, password: 'Reset-pass-2026' },
        { token: admin.token },
      );
      expect(reset).toMatchObject({ code: 1, data: { must_change_password: 1, totp_enabled: 0 } });
      expect((await api().call(c.adminMeEndpoint, {}, { token })).code).toBe(c.ResultCode.SessionExpired);
      const after = await login(email, 'Reset-pass-2026');
      expect(after.data.operator, role).toMatchObject({ must_change_password: 1, totp_setup_required: true });
      expect(await api().call(endpoint, input, { token: after.data.token })).toMatchObject({
        code: c.ResultCode.SetupRequired,
        msg: PASSWORD_FIRST,
      });
    }
  });

  it('reads two-factor as required where the setting was never saved, and keeps an admin’s 0', async () => {
    const bare = await createOperator(t.services, 'support', { totp: false });
    // An installation from before this default: no row at all.
    await t.services.core.db.deleteFrom('settings').where('key', '=', 'admin_totp_required').execute();
    t.services.core.settings.invalidate();
    expect((await api().call(c.adminDashboardEndpoint, {}, { token: bare.token })).code).toBe(
      c.ResultCode.SetupRequired,
    );
    // An installation where an admin turned it off: the stored 0 stays.
    await t.services.core.settings.set('admin_totp_required', '0');
    expect((await api().call(c.adminDashboardEndpoint, {}, { token: bare.token })).code).toBe(1);
    // A password still to replace holds the operator whatever the setting says.
    const given = await createOperator(t.services, 'support', { totp: false, mustChangePassword: true });
    expect(await api().call(c.adminDashboardEndpoint, {}, { token: given.token })).toMatchObject({
      code: c.ResultCode.SetupRequired,
      msg: PASSWORD_FIRST,
      data: { must_change_password: 1, totp_setup_required: false },
    });
    await t.services.core.settings.set('admin_totp_required', '1');
  });
});

describe.each(DIALECTS)('migration 0014 (%s)', (dialect) => {
  it('leaves operators that existed before it with their password (must_change_password 0)', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = database.handle.db;
      const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
      const up = await migrator.migrateTo('0013-trust');
      expect(up.error).toBeUndefined();
      await sql`insert into operators (email, name, role, password_hash, created_at)
        values ('old@ops.example', 'Old', 'admin', 'not-a-hash', 1)`.execute(db);
      expect(await migrateToLatest(db)).toContain('0014-operator-first-use');
      const row = await db
        .selectFrom('operators')
        .select('must_change_password')
        .where('email', '=', 'old@ops.example')
        .executeTakeFirstOrThrow();
      expect(Number(row.must_change_password)).toBe(0);
    } finally {
      await database.drop();
    }
  });
});
