import { generate } from 'otplib';
import { adminLoginEndpoint, adminMeEndpoint, ResultCode } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, TestClock, type TestApp } from './helper.js';
import { adminClient, createOperator, OPERATOR_PASSWORD, totpCode } from './admin-fixtures.js';

describe.each(DIALECTS)('operator login (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-11-25T15:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
  });
  afterAll(async () => t.close());

  it('logs in and reads the profile with the token', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'finance');
    const login = await api.call(
      adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: await totpCode(t.services, op.totpSecret!) },
      { ip: '10.1.0.1' },
    );
    expect(login.code, login.msg).toBe(1);
    const me = await api.call(adminMeEndpoint, {}, { token: login.data.token });
    expect(me.code).toBe(1);
    expect(me.data).toMatchObject({
      email: op.email,
      role: 'finance',
      totp_enabled: 1,
      must_change_password: 0,
      totp_setup_required: false,
      totp_required: true,
    });
    expect(JSON.stringify(me.data)).not.toMatch(/password_hash|argon2|secret/);
  });

  it('needs the authenticator code once two-factor is on', async () => {
    const api = adminClient(t.app);
    const op = await createOperator(t.services, 'admin', { totp: false });
    const setup = await api.send(
      'POST',
      '/api/admin/auth/totp/setup',
      { password: OPERATOR_PASSWORD },
      { token: op.token },
    );
    expect(setup.code, setup.msg).toBe(1);
    const code = await generate({ secret: setup.data.secret, epoch: Math.floor(clock.now() / 1000) });
    const enable = await api.send('POST', '/api/admin/auth/totp/enable', { code }, { token: op.token });
    expect(enable.code, enable.msg).toBe(1);
    const without = await api.call(
      adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD },
      { ip: '10.1.0.2' },
    );
    expect(without.code).toBe(ResultCode.BusinessRule);
    expect(without.data).toEqual({ totp_required: true });
    clock.advance(30_000);
    const next = await generate({ secret: setup.data.secret, epoch: Math.floor(clock.now() / 1000) });
    const ok = await api.call(
      adminLoginEndpoint,
      { email: op.email, password: OPERATOR_PASSWORD, totp_code: next },
      { ip: '10.1.0.2' },
    );
    expect(ok.code, ok.msg).toBe(1);
  });
});
