import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode, STEP_UP_WINDOW_MS } from '@pipwise/shared';
import { hashPassword } from '../src/modules/auth/password.js';
import { boundMethod, fundsFixture } from './funds-fixtures.js';
import {
  createTestApp,
  createUserWithSession,
  DIALECTS,
  envelope,
  fundedUser,
  type TestApp,
} from './helper.js';
import { SoftAuthenticator } from './passkey-authenticator.js';

const ORIGIN = 'http://localhost:3000';
const SITE = { origin: ORIGIN, rpId: 'localhost' };
const PASSWORD = 'correct horse 42';

/**
 * Step-up before a withdrawal (docs/passkeys.md "Step-up before a withdrawal"): a session
 * withdraws within five minutes of its sign-in or of the password or one of the trader's own
 * passkeys asked for again; wrong answers lock the trader's step-up a while.
 */
describe.each(DIALECTS)('step-up before a withdrawal (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-25T15:00:00Z');
  let usdt: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: () => clock } });
    usdt = (await fundsFixture(t.services)).usdt;
  });
  afterAll(() => t.close());

  const call = async (url: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
    envelope(
      await t.app.inject({
        method: 'POST',
        url,
        headers: { lang: 'en', host: 'localhost:3000', origin: ORIGIN, authorization: token, ...headers },
        payload: body as object,
      }),
    );

  /** A real trader with 1,000 USD, a password, a bound address and a fresh session. */
  const trader = async () => {
    const { userId, token } = await fundedUser(t.services, 1_000);
    await t.services.core.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(PASSWORD) })
      .where('id', '=', userId)
      .execute();
    const method = await boundMethod(t.services, userId, usdt);
    const draw = (headers: Record<string, string> = {}, as = token) =>
      call(
        '/api/account/draw',
        { draw_currency_id: usdt, number: '20', draw_method_id: method },
        as,
        headers,
      );
    return { userId, token, draw };
  };
  const held = async (userId: number) =>
    Number(
      (
        await t.services.core.db
          .selectFrom('accounts')
          .select('lock_balance')
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).lock_balance,
    );
  const later = (ms = STEP_UP_WINDOW_MS + 1) => (clock += ms);

  it('lets a session withdraw within five minutes of its sign-in, then asks for the password again', async () => {
    const { userId, token, draw } = await trader();
    expect((await draw()).code).toBe(1);
    later();
    const refused = await draw();
    expect(refused).toMatchObject({
      code: ResultCode.BusinessRule,
      msg: "Confirm it's you to withdraw: enter your password or use a passkey",
      data: { step_up_required: true },
    });
    expect(await held(userId)).toBe(20_000_000);

    const wrong = await call('/v1/api/step_up/password', { password: 'not it' }, token);
    expect(wrong).toMatchObject({
      code: ResultCode.BusinessRule,
      msg: "That did not confirm it's you. Check your password and try again",
    });
    expect((await draw()).data).toMatchObject({ step_up_required: true });

    const proven = await call('/v1/api/step_up/password', { password: PASSWORD }, token);
    expect(proven).toMatchObject({ code: 1, data: { verified_until: clock + STEP_UP_WINDOW_MS } });
    expect((await draw()).code).toBe(1);
    expect(await held(userId)).toBe(40_000_000);
    later(STEP_UP_WINDOW_MS - 1_000);
    expect((await draw()).code).toBe(1);
    later(2_000);
    expect((await draw()).data).toMatchObject({ step_up_required: true });
  });

  it("proves one session only: the trader's other device is still asked", async () => {
    const { userId, token, draw } = await trader();
    const other = await t.services.auth.sessions.create(userId);
    later();
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).code).toBe(1);
    expect((await draw()).code).toBe(1);
    expect((await draw({}, other)).data).toMatchObject({ step_up_required: true });
  });

  it('a withdrawal refused for a step-up and sent again with its key after one is held once', async () => {
    const { userId, token, draw } = await trader();
    later();
    const key = { 'idempotency-key': 'draw-step-up-1' };
    expect((await draw(key)).data).toMatchObject({ step_up_required: true });
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).code).toBe(1);
    const first = await draw(key);
    const again = await draw(key);
    expect(first.code).toBe(1);
    expect(again.data).toEqual(first.data);
    expect(await held(userId)).toBe(20_000_000);
  });

  it('locks the step-up after five wrong answers, even for the right password, for 15 minutes', async () => {
    const { token, draw } = await trader();
    later();
    for (let i = 0; i < 5; i++)
      expect((await call('/v1/api/step_up/password', { password: `guess ${i}` }, token)).code).toBe(
        ResultCode.BusinessRule,
      );
    const locked = await call('/v1/api/step_up/password', { password: PASSWORD }, token);
    expect(locked.msg).toMatch(/Too many attempts/i);
    expect((await draw()).data).toMatchObject({ step_up_required: true });
    later(15 * 60_000);
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).code).toBe(1);
  });

  it('checks at most five of many answers sent at once (each is counted before it is checked)', async () => {
    const { token } = await trader();
    later();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('/v1/api/step_up/password', { password: `guess ${i}` }, token),
      ),
    );
    const checked = answers.filter((a) => !/Too many attempts/i.test(a.msg));
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.code === ResultCode.BusinessRule)).toBe(true);
    // Locked now, for the right password too.
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).msg).toMatch(
      /Too many attempts/i,
    );
  });

  it('a right answer after four wrong ones proves the session and starts the count again', async () => {
    const { token, draw } = await trader();
    later();
    for (let i = 0; i < 4; i++) await call('/v1/api/step_up/password', { password: `guess ${i}` }, token);
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).code).toBe(1);
    expect((await draw()).code).toBe(1);
    later();
    for (let i = 0; i < 4; i++) await call('/v1/api/step_up/password', { password: `guess ${i}` }, token);
    expect((await call('/v1/api/step_up/password', { password: PASSWORD }, token)).code).toBe(1);
  });

  /** Registers a software passkey for the trader (through the passkey calls). */
  const registerKey = async (token: string) => {
    const key = new SoftAuthenticator();
    const start = await call('/v1/api/passkey/register_options', {}, token);
    const options = start.data.options as { challenge: string; user: { id: string } };
    const credential = key.register({ ...SITE, challenge: options.challenge, userHandle: options.user.id });
    const done = await call(
      '/v1/api/passkey/register',
      { challenge_id: start.data.challenge_id, name: 'Phone', credential },
      token,
    );
    expect(done.code).toBe(1);
    return key;
  };
  const passkeyOptions = async (token: string) => {
    const start = await call('/v1/api/step_up/passkey_options', {}, token);
    expect(start.code).toBe(1);
    const options = start.data.options as { challenge: string; allowCredentials: { id: string }[] };
    return { challengeId: start.data.challenge_id as string, options };
  };

  it("proves the session with one of the trader's own passkeys, once per challenge", async () => {
    const { token, draw } = await trader();
    const key = await registerKey(token);
    later();
    const { challengeId, options } = await passkeyOptions(token);
    // Only this trader's passkeys are offered.
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const credential = key.assert({ ...SITE, challenge: options.challenge });
    const proven = await call('/v1/api/step_up/passkey', { challenge_id: challengeId, credential }, token);
    expect(proven).toMatchObject({ code: 1, data: { verified_until: clock + STEP_UP_WINDOW_MS } });
    expect((await draw()).code).toBe(1);

    // The same answer again: the challenge is gone.
    later();
    const replay = await call('/v1/api/step_up/passkey', { challenge_id: challengeId, credential }, token);
    expect(replay).toMatchObject({
      code: ResultCode.BusinessRule,
      msg: "That did not confirm it's you. Check your password and try again",
    });
    expect((await draw()).data).toMatchObject({ step_up_required: true });
  });

  it("refuses another trader's passkey, a page of another origin and a sign-in challenge", async () => {
    const victim = await trader();
    const attacker = await trader();
    const attackerKey = await registerKey(attacker.token);
    const victimKey = await registerKey(victim.token);
    later();

    // The attacker holds the victim's session but only their own passkey.
    const mine = await passkeyOptions(victim.token);
    const foreign = attackerKey.assert({ ...SITE, challenge: mine.options.challenge });
    expect(
      (
        await call(
          '/v1/api/step_up/passkey',
          { challenge_id: mine.challengeId, credential: foreign },
          victim.token,
        )
      ).code,
    ).toBe(ResultCode.BusinessRule);

    // The victim's passkey signing for a page on another origin.
    const next = await passkeyOptions(victim.token);
    const phished = victimKey.assert({
      origin: 'https://evil.example',
      rpId: 'localhost',
      challenge: next.options.challenge,
    });
    expect(
      (
        await call(
          '/v1/api/step_up/passkey',
          { challenge_id: next.challengeId, credential: phished },
          victim.token,
        )
      ).code,
    ).toBe(ResultCode.BusinessRule);

    // A challenge handed out for signing in does not prove a step-up.
    const login = envelope(
      await t.app.inject({
        method: 'POST',
        url: '/v1/api/passkey/login_options',
        headers: { lang: 'en', host: 'localhost:3000', origin: ORIGIN },
        payload: {},
      }),
    );
    const signed = victimKey.assert({
      ...SITE,
      challenge: (login.data.options as { challenge: string }).challenge,
    });
    expect(
      (
        await call(
          '/v1/api/step_up/passkey',
          { challenge_id: login.data.challenge_id, credential: signed },
          victim.token,
        )
      ).code,
    ).toBe(ResultCode.BusinessRule);
    expect((await victim.draw()).data).toMatchObject({ step_up_required: true });
  });

  it('says so when the trader has no passkey, and refuses demo accounts', async () => {
    const { token } = await trader();
    expect(await call('/v1/api/step_up/passkey_options', {}, token)).toMatchObject({
      code: ResultCode.BusinessRule,
      msg: 'There is no passkey on this account',
    });
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    for (const url of ['/v1/api/step_up/password', '/v1/api/step_up/passkey_options']) {
      const refused = await call(url, url.endsWith('password') ? { password: 'x' } : {}, demo.token);
      expect(refused.code).not.toBe(1);
      expect(refused.msg).toMatch(/real account/);
    }
  });
});
