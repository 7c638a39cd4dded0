import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password.js';
import {
  client,
  createTestApp,
  createUserWithSession,
  DIALECTS,
  envelope,
  TestClock,
  type TestApp,
} from './helper.js';

const WINDOW = 15 * 60_000;

describe.each(DIALECTS)('guessing and enumeration (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
  });
  afterAll(async () => t.close());

  async function realUser(email: string, password = 'Secret123') {
    const { userId } = await createUserWithSession(t.services, { email });
    await t.services.core.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', userId)
      .execute();
    return userId;
  }

  const login = (account: string, password: string, ip: string, extra: Record<string, string> = {}) =>
    api.post('/api/user/loginForU', { account, password, login_type: 1, ...extra }, { ip });

  /** A fresh image captcha and its answer, read where the server keeps it. */
  async function solvedCaptcha(): Promise<{ key: string; captcha: string }> {
    const { data } = await api.get('/api/common/captcha');
    const row = await t.services.core.db
      .selectFrom('captchas')
      .select('answer')
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    return { key: data.id, captcha: row.answer };
  }

  describe('login', () => {
    it('locks the guessing address out, and lets the owner in from elsewhere with the image code', async () => {
      await realUser('target@example.com');
      const attacker = '10.20.0.1';
      for (let i = 0; i < 4; i++) {
        expect(await login('target@example.com', `Guess${i}xyz`, attacker)).toEqual({
          code: 2000,
          msg: 'Incorrect account or password',
          data: null,
        });
      }
      // The fifth failure says that the account now needs the image code.
      expect(await login('target@example.com', 'Guess5xyz', attacker)).toEqual({
        code: 2000,
        msg: 'Incorrect account or password',
        data: { captcha_required: true },
      });
      // Further guesses each need a solved image; after ten the address is locked out of
      // the account, even with the right password and a solved image.
      for (let i = 6; i <= 10; i++) {
        const guess = await login('target@example.com', `Guess${i}xyz`, attacker, await solvedCaptcha());
        expect(guess.msg).toBe('Incorrect account or password');
      }
      expect((await login('target@example.com', 'Secret123', attacker, await solvedCaptcha())).msg).toBe(
        'Too many attempts, please try again in 15 minutes',
      );

      // The owner, from another address: asked for the image code, then let in.
      const owner = '10.20.0.2';
      expect(await login('target@example.com', 'Secret123', owner)).toEqual({
        code: 2000,
        msg: 'For your security, please enter the image code to log in',
        data: { captcha_required: true },
      });
      const wrongImage = await login('target@example.com', 'Secret123', owner, {
        ...(await solvedCaptcha()),
        captcha: 'zzzz',
      });
      expect(wrongImage).toEqual({
        code: 2000,
        msg: 'The image code is wrong',
        data: { captcha_required: true },
      });
      const ok = await login('target@example.com', 'Secret123', owner, await solvedCaptcha());
      expect(ok.code).toBe(1);
      expect(ok.data.user.email).toBe('target@example.com');

      // A guess from a third address needs a solved image before the password is even checked.
      expect((await login('target@example.com', 'Guess11xyz', '10.20.0.3')).data).toEqual({
        captcha_required: true,
      });

      // After the window the attacker's address may try again, and the image is no longer asked.
      clock.advance(WINDOW + 1);
      expect(await login('target@example.com', 'Guess12xyz', attacker)).toEqual({
        code: 2000,
        msg: 'Incorrect account or password',
        data: null,
      });
      expect((await login('target@example.com', 'Secret123', owner)).code).toBe(1);
      clock.advance(WINDOW + 1);
    });

    it('treats an unknown account exactly like a known one', async () => {
      const from = '10.21.0.1';
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await login('nobody-here@example.com', 'Guess1xyz', from));
      const known: unknown[] = [];
      await realUser('somebody@example.com');
      for (let i = 0; i < 6; i++) known.push(await login('somebody@example.com', 'Guess1xyz', '10.21.0.2'));
      expect(answers).toEqual(known);
      clock.advance(WINDOW + 1);
    });

    it('locks out an address that sprays many accounts, not the accounts', async () => {
      for (let i = 0; i < 20; i++) await login(`spray${i}@example.com`, 'Wrong1234', '10.22.0.1');
      await realUser('sprayed@example.com');
      expect((await login('sprayed@example.com', 'Secret123', '10.22.0.1')).msg).toMatch(
        /^Too many attempts/,
      );
      expect((await login('sprayed@example.com', 'Secret123', '10.22.0.2')).code).toBe(1);
      clock.advance(WINDOW + 1);
    });

    it('counts guesses sent at once before checking any: a burst passes no limit', async () => {
      // One account from one address: five checked at most, the rest asked for the image code.
      await realUser('burst@example.com');
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) => login('burst@example.com', `Guess${i}xyz`, '10.23.0.1')),
      );
      // (All at once on PostgreSQL, each may see the others counted: none checked is right too.)
      const checked = burst.filter((a) => a.msg === 'Incorrect account or password');
      expect(checked.length).toBeLessThanOrEqual(5);
      // The others were never checked: asked for the image code, or (seen with more than ten
      // counted for the address and account) told to wait.
      for (const answer of burst.filter((a) => !checked.includes(a)))
        expect([{ captcha_required: true }, null]).toContainEqual(answer.data);
      expect(
        burst
          .filter((a) => a.data === null && !checked.includes(a))
          .every((a) => /^Too many attempts/.test(a.msg)),
      ).toBe(true);
      // Many accounts from one address: twenty checked at most, the rest locked out.
      const spray = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(`burst${i}@example.com`, 'Wrong1234', '10.23.0.2')),
      );
      const sprayChecked = spray.filter((a) => a.msg === 'Incorrect account or password').length;
      expect(sprayChecked).toBeLessThanOrEqual(20);
      expect(spray.filter((a) => /^Too many attempts/.test(a.msg)).length).toBe(30 - sprayChecked);
      clock.advance(WINDOW + 1);
    });

    it('never counts a right password against the address or the account', async () => {
      await realUser('regular@example.com');
      // More logins than the address's limit of failures, all right, a few at once (attempts
      // in flight count until they end: five at once would meet the image code).
      for (let i = 0; i < 22; i++)
        expect((await login('regular@example.com', 'Secret123', '10.24.0.1')).code).toBe(1);
      const together = await Promise.all(
        Array.from({ length: 4 }, () => login('regular@example.com', 'Secret123', '10.24.0.1')),
      );
      expect(together.map((a) => a.code)).toEqual([1, 1, 1, 1]);
      const counted = await t.services.core.db
        .selectFrom('rate_hits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', 'in', ['10.24.0.1', 'regular@example.com', 'regular@example.com 10.24.0.1'])
        .executeTakeFirstOrThrow();
      expect(Number(counted.n)).toBe(0);
      // A missing image code is not a guess either: nothing is counted for it.
      await realUser('asked@example.com');
      for (let i = 0; i < 5; i++) await login('asked@example.com', `Guess${i}xyz`, '10.24.0.2');
      for (let i = 0; i < 8; i++)
        expect((await login('asked@example.com', 'Guess9xyz', '10.24.0.2')).data).toEqual({
          captcha_required: true,
        });
      expect((await login('asked@example.com', 'Secret123', '10.24.0.2', await solvedCaptcha())).code).toBe(
        1,
      );
      clock.advance(WINDOW + 1);
    });

    it('does not believe X-Forwarded-For unless the proxy is configured', async () => {
      await realUser('forwarded@example.com');
      const attempt = (account: string, password: string, forwardedFor: string) =>
        t.app
          .inject({
            method: 'POST',
            url: '/api/user/loginForU',
            remoteAddress: '10.23.0.1',
            headers: { lang: 'en', 'x-forwarded-for': forwardedFor },
            payload: { account, password, login_type: 1 },
          })
          .then(envelope);
      // A new made-up address per guess changes nothing: the socket address is the source.
      for (let i = 0; i < 20; i++) await attempt(`spray${i}@example.net`, 'Wrong1234', `203.0.113.${i}`);
      expect((await attempt('forwarded@example.com', 'Secret123', '203.0.113.200')).msg).toMatch(
        /^Too many attempts/,
      );
      clock.advance(WINDOW + 1);
    });
  });

  describe('reset codes', () => {
    it('answers alike for existing and absent addresses, the 60 s rule included', async () => {
      await realUser('present@example.com');
      const send = (to: string, ip: string) => api.post('/api/notify/send_email', { to, type: 2 }, { ip });
      const first = [
        await send('present@example.com', '10.24.0.1'),
        await send('absent@example.com', '10.24.0.2'),
      ];
      expect(first[0]).toEqual({ code: 1, msg: 'Code sent', data: null });
      expect(first[1]).toEqual(first[0]);
      clock.advance(10_000);
      const again = [
        await send('present@example.com', '10.24.0.1'),
        await send('absent@example.com', '10.24.0.2'),
      ];
      expect(again[0]).toEqual({
        code: 2000,
        msg: 'Please wait 50 s before requesting another code',
        data: null,
      });
      expect(again[1]).toEqual(again[0]);
      clock.advance(50_001);
      const later = [
        await send('present@example.com', '10.24.0.1'),
        await send('absent@example.com', '10.24.0.2'),
      ];
      expect(later[0]).toEqual({ code: 1, msg: 'Code sent', data: null });
      expect(later[1]).toEqual(later[0]);
      // Only the existing address ever received anything.
      const outbox = await t.services.core.db.selectFrom('outbox').select('recipient').execute();
      expect(outbox.filter((m) => m.recipient === 'present@example.com')).toHaveLength(2);
      expect(outbox.filter((m) => m.recipient === 'absent@example.com')).toHaveLength(0);
    });

    it('answers alike by SMS too, and counts both against the hourly limit per address', async () => {
      const { userId } = await createUserWithSession(t.services);
      await t.services.core.db
        .updateTable('users')
        .set({ area_code: '+852', mobile: '91234567' })
        .where('id', '=', userId)
        .execute();
      const send = (to: string, ip: string) =>
        api.post('/api/notify/send_sms', { to, area_id: 344, type: 2 }, { ip });
      const present = [await send('91234567', '10.25.0.1'), await send('91234567', '10.25.0.1')];
      const absent = [await send('91234568', '10.25.0.2'), await send('91234568', '10.25.0.2')];
      expect(present[0]).toEqual({ code: 1, msg: 'Code sent', data: null });
      expect(present[1]?.msg).toMatch(/^Please wait \d+ s/);
      expect(absent).toEqual(present);

      // Twenty requests from one address, to absent addresses only, reach the hourly limit.
      clock.advance(61_000);
      for (let i = 0; i < 20; i++) {
        expect(
          (
            await api.post(
              '/api/notify/send_email',
              { to: `ghost${i}@example.com`, type: 2 },
              { ip: '10.25.0.3' },
            )
          ).code,
        ).toBe(1);
      }
      expect(
        (
          await api.post(
            '/api/notify/send_email',
            { to: 'ghost-last@example.com', type: 2 },
            { ip: '10.25.0.3' },
          )
        ).msg,
      ).toBe('Too many codes requested, please try again later');
    });
  });
});

describe('behind a configured proxy (sqlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { app: { trustProxy: ['10.30.0.1'] } });
  });
  afterAll(async () => t.close());

  it('reads the client from X-Forwarded-For of that proxy only', async () => {
    const attempt = (remoteAddress: string, forwardedFor: string, account = 'proxied@example.com') =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/user/loginForU',
          remoteAddress,
          headers: { lang: 'en', 'x-forwarded-for': forwardedFor },
          payload: { account, password: 'Wrong1234', login_type: 1 },
        })
        .then(envelope);
    for (let i = 0; i < 20; i++) await attempt('10.30.0.1', '198.51.100.7', `spray${i}@example.net`);
    // The guesser behind the proxy is locked out; another client of the same proxy is not.
    expect((await attempt('10.30.0.1', '198.51.100.7')).msg).toMatch(/^Too many attempts/);
    expect((await attempt('10.30.0.1', '198.51.100.8')).msg).toBe('Incorrect account or password');
    // A client that is not the configured proxy cannot name another address.
    for (let i = 0; i < 20; i++) await attempt('10.30.0.2', `198.51.100.${20 + i}`, `other${i}@example.net`);
    expect((await attempt('10.30.0.2', '198.51.100.99')).msg).toMatch(/^Too many attempts/);
  });
});
