import { microUsd } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  lastCodeSentTo,
  TestClock,
  type TestApp,
} from './helper.js';

describe.each(DIALECTS)('login, demo accounts and passwords (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      services: { now: clock.now },
      config: { DEMO_START_BALANCE: 10_000 },
    });
    api = client(t.app);
  });
  afterAll(async () => t.close());

  /** A real user with a known password. */
  async function realUser(email: string, password = 'Secret123') {
    const { userId, token } = await createUserWithSession(t.services, { email });
    await t.services.core.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', userId)
      .execute();
    await t.services.core.db
      .insertInto('accounts')
      .values({ user_id: userId, balance: microUsd(0), lock_balance: microUsd(0), updated_at: clock.value })
      .execute();
    return { userId, token };
  }

  describe('login', () => {
    it('gives the same message for a wrong password and an unknown account', async () => {
      await realUser('login@example.com');
      const wrong = await api.post(
        '/api/user/loginForU',
        { account: 'login@example.com', password: 'Nope12345', login_type: 1 },
        { ip: '10.1.0.1' },
      );
      const unknown = await api.post(
        '/api/user/loginForU',
        { account: 'ghost@example.com', password: 'Nope12345', login_type: 1 },
        { ip: '10.1.0.1' },
      );
      expect(wrong).toEqual({ code: 2000, msg: 'Incorrect account or password', data: null });
      expect(unknown).toEqual(wrong);
      const junk = await api.post(
        '/api/user/loginForU',
        { account: 'not an email', password: 'x', login_type: 1 },
        { ip: '10.1.0.1' },
      );
      expect(junk).toEqual(wrong);
    });

    // Lockouts of guessing addresses and the image code of slowed accounts: auth-abuse.test.ts.

    it('refuses a frozen user and ends their sessions', async () => {
      const { userId, token } = await realUser('frozen@example.com');
      await t.services.core.db
        .updateTable('users')
        .set({ status: 'frozen' })
        .where('id', '=', userId)
        .execute();
      const res = await api.post(
        '/api/user/loginForU',
        { account: 'frozen@example.com', password: 'Secret123', login_type: 1 },
        { ip: '10.4.0.1' },
      );
      expect(res.msg).toBe('This account is frozen, please contact support');
      expect((await api.get('/api/user/info', { token })).code).toBe(999);
    });

    it('logs out by revoking the session', async () => {
      await realUser('logout@example.com');
      const login = await api.post(
        '/api/user/loginForU',
        { account: 'logout@example.com', password: 'Secret123', login_type: 1 },
        { ip: '10.5.0.1' },
      );
      const token = login.data.token as string;
      expect(await api.post('/api/user/logout', {}, { token })).toEqual({
        code: 1,
        msg: 'Logged out',
        data: null,
      });
      expect((await api.get('/api/user/info', { token })).code).toBe(999);
      expect((await api.post('/api/user/logout', {}, { token })).code).toBe(999);
    });
  });

  describe('demo accounts', () => {
    it('creates a demo user with the starting balance, logged in the ledger', async () => {
      const res = await api.get('/api/user/createAccountDemoForU');
      expect(res.code).toBe(1);
      expect(res.data.user).toMatchObject({ is_demo: 1, email: null });
      expect(res.data.demo_id).toMatch(/^[0-9a-f]{32}$/);
      const userId = res.data.user.id as number;
      const account = await t.services.core.db
        .selectFrom('accounts')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(account.balance)).toBe(10_000_000_000);
      const logs = await t.services.core.db
        .selectFrom('account_logs')
        .selectAll()
        .where('user_id', '=', userId)
        .execute();
      expect(logs.map((l) => [l.type, Number(l.amount), Number(l.balance_after)])).toEqual([
        ['demo_credit', 10_000_000_000, 10_000_000_000],
      ]);
      expect((await api.get('/api/user/info', { token: res.data.token })).data.is_demo).toBe(1);
    });

    it('gives a returning device its own demo account back, ending its older session', async () => {
      const first = await api.get('/api/user/createAccountDemoForU');
      const again = await api.get(`/api/user/createAccountDemoForU?demo_id=${first.data.demo_id}`);
      expect(again.data.user.id).toBe(first.data.user.id);
      expect(again.data.demo_id).toBe(first.data.demo_id);
      expect(again.data.token).not.toBe(first.data.token);
      // One device, one session: the earlier token no longer works.
      expect((await api.get('/api/user/info', { token: first.data.token })).code).toBe(999);
      expect((await api.get('/api/user/info', { token: again.data.token })).code).toBe(1);
      const live = await t.services.core.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', first.data.user.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toHaveLength(1);
      const unknown = await api.get('/api/user/createAccountDemoForU?demo_id=not-a-known-device');
      expect(unknown.data.user.id).not.toBe(first.data.user.id);
      expect(unknown.data.demo_id).toMatch(/^[0-9a-f]{32}$/);
    });

    it('resumes a demo device within 30 days of its last demo login, and not after', async () => {
      const first = await api.get('/api/user/createAccountDemoForU');
      const demoId = first.data.demo_id as string;
      // Logging out does not lose the practice account: the device may come back.
      await api.post('/api/user/logout', {}, { token: first.data.token });
      clock.advance(29 * 24 * 3600_000);
      const within = await api.get(`/api/user/createAccountDemoForU?demo_id=${demoId}`);
      expect(within.data.user.id).toBe(first.data.user.id);
      // Each return starts the 30 days again.
      clock.advance(29 * 24 * 3600_000);
      expect((await api.get(`/api/user/createAccountDemoForU?demo_id=${demoId}`)).data.user.id).toBe(
        first.data.user.id,
      );
      clock.advance(30 * 24 * 3600_000 + 1);
      const after = await api.get(`/api/user/createAccountDemoForU?demo_id=${demoId}`);
      expect(after.data.user.id).not.toBe(first.data.user.id);
      expect(after.data.demo_id).not.toBe(demoId);
    });

    it('refuses real-money and password calls to demo users with the spec message', async () => {
      const demo = await api.get('/api/user/createAccountDemoForU');
      const token = demo.data.token as string;
      const amend = await api.post(
        '/api/user/amend_password',
        { type: 1, new_password: 'Secret999', auth_code: '123456' },
        { token },
      );
      expect(amend).toEqual({ code: 2003, msg: 'Please register or log in to a real account', data: null });
      const code = await api.post('/api/notify/send_email', { type: 3 }, { token });
      expect(code.code).toBe(2003);
      const hk = await api.post(
        '/api/user/amend_password',
        { type: 1, new_password: 'Secret999', auth_code: '123456' },
        { token, lang: 'hk' },
      );
      expect(hk.msg).not.toBe(amend.msg);
    });

    it('cannot log in to a demo user by password', async () => {
      const demo = await api.get('/api/user/createAccountDemoForU');
      const res = await api.post(
        '/api/user/loginForU',
        { account: demo.data.user.uid, password: '!', login_type: 1 },
        { ip: '10.6.0.1' },
      );
      expect(res.code).toBe(2000);
    });
  });

  describe('passwords', () => {
    it('resets a forgotten password with an e-mailed code and ends old sessions', async () => {
      const { token: oldToken } = await realUser('forgot@example.com');
      expect(
        (await api.post('/api/notify/send_email', { to: 'forgot@example.com', type: 2 }, { ip: '10.7.0.1' }))
          .code,
      ).toBe(1);
      const code = await lastCodeSentTo(t.services, 'forgot@example.com');
      const mismatch = await api.post('/api/user/forget_password', {
        type: 1,
        account: 'forgot@example.com',
        new_password: 'Brand9new',
        secondary_password: 'Brand9neW',
        auth_code: code,
      });
      expect(mismatch.msg).toBe('The two passwords do not match');
      const res = await api.post('/api/user/forget_password', {
        type: 1,
        account: 'forgot@example.com',
        new_password: 'Brand9new',
        secondary_password: 'Brand9new',
        auth_code: code,
      });
      expect(res).toEqual({ code: 1, msg: 'Password reset, please log in', data: null });
      expect((await api.get('/api/user/info', { token: oldToken })).code).toBe(999);
      const login = await api.post(
        '/api/user/loginForU',
        { account: 'forgot@example.com', password: 'Brand9new', login_type: 1 },
        { ip: '10.7.0.2' },
      );
      expect(login.code).toBe(1);
    });

    it('sends nothing for an unknown account but answers alike', async () => {
      const res = await api.post(
        '/api/notify/send_email',
        { to: 'nobody@example.com', type: 2 },
        { ip: '10.8.0.1' },
      );
      expect(res).toEqual({ code: 1, msg: 'Code sent', data: null });
      const sent = await t.services.core.db
        .selectFrom('outbox')
        .select('id')
        .where('recipient', '=', 'nobody@example.com')
        .execute();
      expect(sent).toEqual([]);
      const reset = await api.post('/api/user/forget_password', {
        type: 1,
        account: 'nobody@example.com',
        new_password: 'Brand9new',
        secondary_password: 'Brand9new',
        auth_code: '123456',
      });
      expect(reset.msg).toBe('The verification code is wrong');
    });

    it('changes the password of a logged-in user with a code, keeping this session only', async () => {
      await realUser('amend@example.com');
      const login = (ip: string, password: string) =>
        api.post('/api/user/loginForU', { account: 'amend@example.com', password, login_type: 1 }, { ip });
      const here = (await login('10.9.0.1', 'Secret123')).data.token as string;
      const elsewhere = (await login('10.9.0.2', 'Secret123')).data.token as string;
      expect(
        (await api.post('/api/notify/send_email', { type: 3 }, { token: here, ip: '10.9.0.1' })).code,
      ).toBe(1);
      const code = await lastCodeSentTo(t.services, 'amend@example.com');
      const res = await api.post(
        '/api/user/amend_password',
        { type: 1, new_password: 'Changed99', secondary_password: 'Changed99', auth_code: code },
        { token: here },
      );
      expect(res).toEqual({ code: 1, msg: 'Password changed', data: null });
      expect((await api.get('/api/user/info', { token: here })).code).toBe(1);
      expect((await api.get('/api/user/info', { token: elsewhere })).code).toBe(999);
      expect((await login('10.9.0.3', 'Changed99')).code).toBe(1);
      // Without a session the change-password code cannot be requested.
      expect((await api.post('/api/notify/send_email', { type: 3 })).code).toBe(999);
    });
  });
});
