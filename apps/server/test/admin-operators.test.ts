import * as c from '@pipwise/shared';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, TestClock, type TestApp } from './helper.js';
import {
  adminClient,
  createOperator,
  OPERATOR_PASSWORD,
  operatorSession,
  totpCode,
} from './admin-fixtures.js';

/**
 * Operators (issue 9): the first start's admin, login abuse protection like traders',
 * TOTP two-factor (and the setting that makes it mandatory, on by default for every role),
 * and what admins do to other operators. The first use itself: admin-first-use.test.ts.
 */

describe.each(DIALECTS)('the first operator (%s)', (dialect) => {
  it('comes from ADMIN_EMAIL/ADMIN_PASSWORD, once', async () => {
    const t = await createTestApp(dialect, {
      config: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Boss-pass-2026' },
    });
    try {
      const rows = await t.services.core.db.selectFrom('operators').selectAll().execute();
      expect(rows.map((r) => [r.email, r.role, r.active])).toEqual([['boss@example.com', 'admin', 1]]);
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
      const login = await adminClient(t.app).call(c.adminLoginEndpoint, {
        email: 'boss@example.com',
        password: 'Boss-pass-2026',
      });
      expect(login.code, login.msg).toBe(1);
      // A password from the configuration is to be replaced, and two-factor turned on.
      expect(login.data.operator).toMatchObject({
        role: 'admin',
        totp_enabled: 0,
        must_change_password: 1,
        totp_setup_required: true,
      });
    } finally {
      await t.close();
    }
  });

  it('gets a generated password printed once in the log when none is configured', async () => {
    const lines: string[] = [];
    const log = {
      info: (_obj: object, msg?: string) => void lines.push(String(msg)),
      error: () => undefined,
    };
    const t = await createTestApp(dialect, { services: { log } });
    try {
      const seeded = lines.filter((l) => l.includes('first operator'));
      expect(seeded).toHaveLength(1);
      const match = /first operator (\S+) created with the generated password (\S+) /.exec(seeded[0]!);
      expect(seeded[0]).toContain('the first login at /admin asks for a new password and two-factor set-up');
      expect(match?.[1]).toBe('admin@pipwise.local');
      const login = await adminClient(t.app).call(c.adminLoginEndpoint, {
        email: match![1],
        password: match![2],
      });
      expect(login.code, login.msg).toBe(1);
      expect(login.data.operator).toMatchObject({ must_change_password: 1, totp_setup_required: true });
      // Another start finds an operator and creates none.
      const { seedOperatorIfNone } = await import('../src/modules/admin/operators/seed-operator.js');
      expect(await seedOperatorIfNone(t.services.core.db, {}, log, Date.now())).toBeNull();
      expect(lines.filter((l) => l.includes('first operator'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a weak ADMIN_PASSWORD', async () => {
    await expect(createTestApp(dialect, { config: { ADMIN_PASSWORD: 'short' } })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
  });
});

describe.each(DIALECTS)('operator access (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-25T15:00:00Z'));
  const epoch = () => Math.floor(clock.now() / 1000);

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
  });
  afterAll(async () => t.close());

  it('answers a wrong password like an unknown operator, then asks for the image code, then locks the address out', async () => {
    const api = adminClient(t.app);
    // Two-factor off: the right password alone logs in (to the first-use calls).
    const op = await createOperator(t.services, 'support', { totp: false });
    const unknown = await api.call(
      c.adminLoginEndpoint,
      { email: 'ghost@ops.example', password: 'whatever-1' },
      { ip: '10.9.0.1' },
    );
    const wrong = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: 'whatever-1' },
      { ip: '10.9.0.1' },
    );
    expect(unknown).toMatchObject({ code: 2000, msg: 'Incorrect account or password', data: null });
    expect(wrong).toMatchObject({ code: 2000, msg: 'Incorrect account or password', data: null });
    for (let i = 0; i < 4; i++)
      await api.call(
        c.adminLoginEndpoint,
        { email: op.email, password: 'whatever-1' },
        { ip: `10.9.1.${i}` },
      );
    const needsCaptcha = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD },
      { ip: '10.9.2.1' },
    );
    expect(needsCaptcha).toMatchObject({ code: 2000, data: { captcha_required: true } });
    const captcha = await t.services.auth.captchas.create();
    const answer = await t.services.core.db
      .selectFrom('captchas')
      .select('answer')
      .where('id', '=', captcha.id)
      .executeTakeFirstOrThrow();
    const withCaptcha = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, key: captcha.id, captcha: answer.answer },
      { ip: '10.9.2.1' },
    );
    expect(withCaptcha.code, withCaptcha.msg).toBe(1);
    for (let i = 0; i < 20; i++)
      await api.call(
        c.adminLoginEndpoint,
        { email: `x${i}@ops.example`, password: 'nope-nope-1' },
        { ip: '10.9.3.1' },
      );
    const locked = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD },
      { ip: '10.9.3.1' },
    );
    expect(locked.code).toBe(2000);
    expect(locked.msg).toMatch(/^Too many attempts, please try again in \d+ minutes$/);
    // Trader logins are counted apart: their lockout is not the back office's.
    expect(
      await t.services.auth.throttle.reached({ bucket: 'login_ip', max: 20, windowMs: 900_000 }, '10.9.3.1'),
    ).toBe(false);
  });

  it('takes each authenticator code once, and lets a deactivated operator in nowhere', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'content', { totp: false });
    const setup = await api.call(
      c.adminTotpSetupEndpoint,
      { password: OPERATOR_PASSWORD },
      { token: op.token },
    );
    expect(setup.data.otpauth_url).toBe(
      `otpauth://totp/Pipwise:${encodeURIComponent(op.email)}?secret=${setup.data.secret}&issuer=Pipwise`,
    );
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const code = await generate({ secret: setup.data.secret, epoch: epoch() });
    expect((await api.call(c.adminTotpEnableEndpoint, { code }, { token: op.token })).code).toBe(1);
    // The same code again (a replay) is refused; the next one works.
    const replay = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: code },
      { ip: '10.8.0.1' },
    );
    expect(replay).toMatchObject({
      code: 2000,
      msg: 'The authenticator code is wrong or has already been used',
      data: { totp_required: true },
    });
    clock.advance(30_000);
    const next = await generate({ secret: setup.data.secret, epoch: epoch() });
    const login = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: next },
      { ip: '10.8.0.1' },
    );
    expect(login.code, login.msg).toBe(1);
    // A code from the future is not taken.
    const future = await generate({ secret: setup.data.secret, epoch: epoch() + 60 });
    clock.advance(1_000);
    const early = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: future },
      { ip: '10.8.0.2' },
    );
    expect(early.code).toBe(2000);
    const profile = await api.call(c.adminMeEndpoint, {}, { token: login.data.token });
    expect(JSON.stringify(profile.data)).not.toContain(setup.data.secret);

    const admin = await createOperator(t.services, 'admin');
    const off = await api.call(
      c.adminSetOperatorActiveEndpoint,
      { id: op.id, active: 0 },
      { token: admin.token },
    );
    expect(off).toMatchObject({ code: 1, data: { active: 0 } });
    expect((await api.call(c.adminMeEndpoint, {}, { token: login.data.token })).code).toBe(999);
    clock.advance(30_000);
    const later = await generate({ secret: setup.data.secret, epoch: epoch() });
    const refused = await api.call(
      c.adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: later },
      { ip: '10.8.0.3' },
    );
    expect(refused).toMatchObject({ code: 2000, msg: 'Incorrect account or password' });
  });

  it('requires two-factor of every role by default; an admin may turn that off and on again', async () => {
    const api = adminClient(t.app);
    // A new installation stores the setting on (DEFAULT_SETTINGS).
    const stored = await t.services.core.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'admin_totp_required')
      .executeTakeFirst();
    expect(stored?.value).toBe('1');
    const boss = await createOperator(t.services, 'admin');
    expect(
      (await api.call(c.adminSettingsEndpoint, {}, { token: boss.token })).data.admin_totp_required,
    ).toBe(1);

    for (const role of c.OPERATOR_ROLES) {
      const bare = await createOperator(t.services, role, { totp: false });
      const me = await api.call(c.adminMeEndpoint, {}, { token: bare.token });
      expect(me.data, role).toMatchObject({
        must_change_password: 0,
        totp_setup_required: true,
        totp_required: true,
      });
      const blocked = await api.call(c.adminDashboardEndpoint, {}, { token: bare.token });
      expect(blocked, role).toMatchObject({
        code: c.ResultCode.SetupRequired,
        msg: 'Please set up two-factor authentication before continuing',
        data: { must_change_password: 0, totp_setup_required: true },
      });
    }

    // On, it cannot be turned off by anyone, whatever the role.
    const finance = await createOperator(t.services, 'finance');
    clock.advance(30_000);
    const disable = await api.call(
      c.adminTotpDisableEndpoint,
      { password: OPERATOR_PASSWORD, code: await totpCode(t.services, finance.totpSecret!) },
      { token: finance.token },
    );
    expect(disable).toMatchObject({
      code: 2000,
      msg: 'Two-factor authentication is required for every operator and cannot be turned off',
    });

    // An admin turns it off: operators without two-factor get in; one may turn theirs off.
    const bare = await createOperator(t.services, 'support', { totp: false });
    expect(
      (await api.call(c.adminSaveSettingsEndpoint, { admin_totp_required: 0 }, { token: boss.token })).code,
    ).toBe(1);
    expect((await api.call(c.adminDashboardEndpoint, {}, { token: bare.token })).code).toBe(1);
    expect((await api.call(c.adminMeEndpoint, {}, { token: bare.token })).data).toMatchObject({
      totp_setup_required: false,
      totp_required: false,
    });
    const off = await api.call(
      c.adminTotpDisableEndpoint,
      { password: OPERATOR_PASSWORD, code: await totpCode(t.services, finance.totpSecret!) },
      { token: finance.token },
    );
    expect(off).toMatchObject({ code: 1, data: { totp_enabled: 0, totp_setup_required: false } });

    // Turning it back on needs the caller's own two-factor (they would lock themselves out).
    const admin = await createOperator(t.services, 'admin', { totp: false });
    const refused = await api.call(
      c.adminSaveSettingsEndpoint,
      { admin_totp_required: 1 },
      { token: admin.token },
    );
    expect(refused).toMatchObject({
      code: 2000,
      msg: 'Turn on two-factor authentication for your own account first',
    });
    expect(
      (await api.call(c.adminSaveSettingsEndpoint, { admin_totp_required: 1 }, { token: boss.token })).code,
    ).toBe(1);
    expect((await api.call(c.adminDashboardEndpoint, {}, { token: bare.token })).code).toBe(
      c.ResultCode.SetupRequired,
    );
    expect((await api.call(c.adminDashboardEndpoint, {}, { token: finance.token })).code).toBe(
      c.ResultCode.SetupRequired,
    );
    expect((await api.call(c.adminDashboardEndpoint, {}, { token: boss.token })).code).toBe(1);
  });

  it('changes a password (other sessions end) and keeps an active admin', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'admin');
    const second = await operatorSession(t.services, op.id);
    const weak = await api.call(
      c.adminChangePasswordEndpoint,
      { old_password: OPERATOR_PASSWORD, new_password: 'abc12345' },
      { token: op.token },
    );
    expect(weak).toMatchObject({ code: 2000, data: { field: 'new_password' } });
    const changed = await api.call(
      c.adminChangePasswordEndpoint,
      { old_password: OPERATOR_PASSWORD, new_password: 'Changed-pass-99' },
      { token: op.token },
    );
    expect(changed.code).toBe(1);
    expect((await api.call(c.adminMeEndpoint, {}, { token: second })).code).toBe(999);
    expect((await api.call(c.adminMeEndpoint, {}, { token: op.token })).code).toBe(1);

    const created = await api.call(
      c.adminCreateOperatorEndpoint,
      { email: ' Clerk@Ops.Example ', name: 'Clerk', role: 'finance', password: 'Clerk-pass-2026' },
      { token: op.token },
    );
    expect(created).toMatchObject({
      code: 1,
      data: {
        email: 'clerk@ops.example',
        role: 'finance',
        active: 1,
        totp_enabled: 0,
        must_change_password: 1,
      },
    });
    const bad = await api.call(
      c.adminCreateOperatorEndpoint,
      { email: 'x@y', name: 'X', role: 'owner', password: 'Clerk-pass-2026' },
      { token: op.token },
    );
    expect(bad).toMatchObject({ code: 1001, data: { field: 'role' } });
    const self = await api.call(
      c.adminSetOperatorRoleEndpoint,
      { id: op.id, role: 'finance' },
      { token: op.token },
    );
    expect(self).toMatchObject({ code: 2000, msg: 'You cannot do this to your own operator account' });

    // Demote every other active admin: the last one stays.
    const admins = await t.services.core.db
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'admin')
      .where('active', '=', 1)
      .execute();
    for (const { id } of admins.filter((a) => Number(a.id) !== op.id)) {
      const answer = await api.call(
        c.adminSetOperatorRoleEndpoint,
        { id: Number(id), role: 'support' },
        { token: op.token },
      );
      expect(answer.code, answer.msg).toBe(1);
    }
    const helper = await createOperator(t.services, 'admin');
    await t.services.core.db
      .updateTable('operators')
      .set({ active: 0 })
      .where('id', '=', helper.id)
      .execute();
    const reactivated = await api.call(
      c.adminSetOperatorActiveEndpoint,
      { id: helper.id, active: 1 },
      { token: op.token },
    );
    expect(reactivated.code).toBe(1);
    const demoteMe = await api.call(
      c.adminSetOperatorRoleEndpoint,
      { id: op.id, role: 'support' },
      { token: helper.token },
    );
    expect(demoteMe.code).toBe(1);
    const last = await api.call(
      c.adminSetOperatorActiveEndpoint,
      { id: op.id, active: 0 },
      { token: helper.token },
    );
    expect(last.code).toBe(1);
    // The last two admins demoting each other at once: one of them stays an admin.
    const partner = await createOperator(t.services, 'admin');
    const crossed = await Promise.all([
      api.call(c.adminSetOperatorRoleEndpoint, { id: partner.id, role: 'support' }, { token: helper.token }),
      api.call(c.adminSetOperatorRoleEndpoint, { id: helper.id, role: 'support' }, { token: partner.token }),
    ]);
    expect(crossed.map((a) => a.code).sort()).toEqual([1, crossed.find((a) => a.code !== 1)!.code]);
    expect(crossed.filter((a) => a.code === 1)).toHaveLength(1);
    expect([
      'At least one active administrator must remain',
      'Your role does not allow this action',
    ]).toContain(crossed.find((a) => a.code !== 1)!.msg);
    const activeAdmins = await t.services.core.db
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'admin')
      .where('active', '=', 1)
      .execute();
    expect(activeAdmins).toHaveLength(1);
    const survivor = crossed[0].code === 1 ? helper : partner;
    const list = await api.call(c.adminOperatorsEndpoint, {}, { token: survivor.token });
    expect(list.code).toBe(1);
    expect(JSON.stringify(list.data)).not.toMatch(/password_hash|totp_secret|argon2/);
  });
});
