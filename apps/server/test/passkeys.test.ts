import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PASSKEYS } from '@pipwise/shared';
import { createTestApp, createUserWithSession, DIALECTS, envelope, type TestApp } from './helper.js';
import { SoftAuthenticator } from './passkey-authenticator.js';

const ORIGIN = 'http://localhost:3000';
const SITE = { origin: ORIGIN, rpId: 'localhost' };

/**
 * Passkeys (docs/passkeys.md): registered after a password login (real accounts only), signed
 * in with, listed and removed; every answer checked for its origin, RP ID, challenge (one use,
 * five minutes) and counter with @simplewebauthn/server, against a software authenticator.
 */
describe.each(DIALECTS)('passkeys (%s)', (dialect) => {
  let t: TestApp;
  let clock = Date.parse('2026-11-25T15:00:00Z');
  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: () => clock } });
  });
  afterAll(() => t.close());

  /** A JSON call from a page at `origin` (the app's own, unless said otherwise). */
  const call = async (url: string, body: unknown, o: { token?: string; origin?: string; ip?: string } = {}) =>
    envelope(
      await t.app.inject({
        method: body === undefined ? 'GET' : 'POST',
        url,
        remoteAddress: o.ip ?? '127.0.0.1',
        headers: {
          lang: 'en',
          host: 'localhost:3000',
          origin: o.origin ?? ORIGIN,
          ...(o.token ? { authorization: o.token } : {}),
        },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    );

  /** Registers a new authenticator for the trader; returns it. */
  const registerKey = async (token: string, name = 'My phone') => {
    const key = new SoftAuthenticator();
    const start = await call('/v1/api/passkey/register_options', {}, { token });
    expect(start.code).toBe(1);
    const options = start.data.options as { challenge: string; user: { id: string }; rp: { id: string } };
    expect(options.rp.id).toBe('localhost');
    const credential = key.register({ ...SITE, challenge: options.challenge, userHandle: options.user.id });
    const done = await call(
      '/v1/api/passkey/register',
      { challenge_id: start.data.challenge_id, name, credential },
      { token },
    );
    expect(done).toMatchObject({ code: 1, msg: 'Passkey added', data: { name, last_used_at: null } });
    return key;
  };

  /** Signs in with the authenticator's passkey; `tamper` changes what it answers. */
  const signIn = async (
    key: SoftAuthenticator,
    tamper: { origin?: string; rpId?: string; counter?: number; pageOrigin?: string; ip?: string } = {},
  ) => {
    const start = await call(
      '/v1/api/passkey/login_options',
      {},
      { origin: tamper.pageOrigin, ip: tamper.ip },
    );
    if (start.code !== 1) return start;
    const credential = key.assert({
      origin: tamper.origin ?? ORIGIN,
      rpId: tamper.rpId ?? 'localhost',
      challenge: (start.data.options as { challenge: string }).challenge,
      ...(tamper.counter === undefined ? {} : { counter: tamper.counter }),
    });
    return call(
      '/v1/api/passkey/login',
      { challenge_id: start.data.challenge_id, credential },
      { origin: tamper.pageOrigin, ip: tamper.ip },
    );
  };

  it('registers a passkey after a password login, signs in with it, lists and removes it', async () => {
    const { token, userId } = await createUserWithSession(t.services);
    const key = await registerKey(token);
    clock += 60_000;
    const signedIn = await signIn(key);
    expect(signedIn).toMatchObject({ code: 1, data: { user: { id: userId, is_demo: 0 } } });
    const me = await call('/api/user/info', undefined, { token: signedIn.data.token as string });
    expect(me).toMatchObject({ code: 1, data: { id: userId } });

    const listed = await call('/v1/api/passkey/list', undefined, { token });
    expect(listed.data).toEqual([
      { id: expect.any(Number), name: 'My phone', created_at: clock - 60_000, last_used_at: clock },
    ]);
    const removed = await call('/v1/api/passkey/remove', { id: listed.data[0].id }, { token });
    expect(removed).toMatchObject({ code: 1, msg: 'Passkey removed' });
    expect((await signIn(key)).msg).toBe('Sign-in with this passkey failed');
  });

  it('refuses answers signed for another origin or site, and a page that is not the app', async () => {
    const { token } = await createUserWithSession(t.services);
    const key = await registerKey(token);
    expect((await signIn(key, { origin: 'https://evil.example' })).msg).toBe(
      'Sign-in with this passkey failed',
    );
    expect((await signIn(key, { rpId: 'evil.example' })).msg).toBe('Sign-in with this passkey failed');
    // The page asking is not the app's: no challenge is even handed out.
    expect(await signIn(key, { pageOrigin: 'https://evil.example' })).toMatchObject({
      code: 2000,
      msg: 'Passkeys cannot be used from this address',
    });
    expect((await signIn(key)).code).toBe(1);

    // Registration signed at another origin is refused too, and its challenge is gone.
    const start = await call('/v1/api/passkey/register_options', {}, { token });
    const other = new SoftAuthenticator();
    const forged = other.register({
      origin: 'https://evil.example',
      rpId: 'localhost',
      challenge: start.data.options.challenge as string,
      userHandle: start.data.options.user.id as string,
    });
    const body = { challenge_id: start.data.challenge_id, name: 'Evil', credential: forged };
    expect((await call('/v1/api/passkey/register', body, { token })).msg).toBe(
      'The passkey could not be verified, please try again',
    );
    expect((await call('/v1/api/passkey/register', body, { token })).msg).toBe(
      'The passkey request has expired, please try again',
    );
  });

  it('uses a challenge once, for five minutes, and never with a counter that went back', async () => {
    const { token } = await createUserWithSession(t.services);
    const key = await registerKey(token);
    const start = await call('/v1/api/passkey/login_options', {}, {});
    const answer = {
      challenge_id: start.data.challenge_id,
      credential: key.assert({ ...SITE, challenge: start.data.options.challenge as string }),
    };
    expect((await call('/v1/api/passkey/login', answer)).code).toBe(1);
    // The same answer again (a replay): its challenge is used.
    expect((await call('/v1/api/passkey/login', answer)).msg).toBe(
      'The passkey request has expired, please try again',
    );
    // A fresh challenge, but the authenticator's counter did not move on: a clone.
    expect((await signIn(key, { counter: key.counter })).msg).toBe('Sign-in with this passkey failed');
    expect((await signIn(key)).code).toBe(1);

    const late = await call('/v1/api/passkey/login_options', {}, {});
    clock += 5 * 60_000 + 1;
    const expired = await call('/v1/api/passkey/login', {
      challenge_id: late.data.challenge_id,
      credential: key.assert({ ...SITE, challenge: late.data.options.challenge as string }),
    });
    expect(expired.msg).toBe('The passkey request has expired, please try again');
  });

  it('keeps each trader to their own passkeys, and demo accounts out', async () => {
    const alice = await createUserWithSession(t.services);
    const bob = await createUserWithSession(t.services);
    await registerKey(alice.token, 'Alice’s');
    const [alices] = (await call('/v1/api/passkey/list', undefined, { token: alice.token })).data;
    expect((await call('/v1/api/passkey/list', undefined, { token: bob.token })).data).toEqual([]);
    expect(await call('/v1/api/passkey/remove', { id: alices.id }, { token: bob.token })).toMatchObject({
      code: 2000,
      msg: 'Passkey not found',
    });

    // Alice's registration challenge answered under Bob's session registers nothing.
    const start = await call('/v1/api/passkey/register_options', {}, { token: alice.token });
    const key = new SoftAuthenticator();
    const credential = key.register({
      ...SITE,
      challenge: start.data.options.challenge as string,
      userHandle: start.data.options.user.id as string,
    });
    const stolen = await call(
      '/v1/api/passkey/register',
      { challenge_id: start.data.challenge_id, name: 'Stolen', credential },
      { token: bob.token },
    );
    expect(stolen.msg).toBe('The passkey request has expired, please try again');

    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    const refused = await call('/v1/api/passkey/register_options', {}, { token: demo.token });
    expect(refused.code).not.toBe(1);
    expect((await call('/v1/api/passkey/list', undefined, { token: demo.token })).code).not.toBe(1);
  });

  it('refuses a frozen trader, and more than the allowed number of passkeys', async () => {
    const { token, userId } = await createUserWithSession(t.services);
    const key = await registerKey(token);
    for (let n = 2; n <= MAX_PASSKEYS; n++) await registerKey(token, `Key ${n}`);
    expect(await call('/v1/api/passkey/register_options', {}, { token })).toMatchObject({
      code: 2000,
      msg: `You can keep at most ${MAX_PASSKEYS} passkeys`,
    });
    await t.services.core.db
      .updateTable('users')
      .set({ status: 'frozen' })
      .where('id', '=', userId)
      .execute();
    expect(await signIn(key)).toMatchObject({
      code: 2000,
      msg: 'This account is frozen, please contact support',
    });
  });

  it('locks out an address that keeps failing, as wrong passwords do', async () => {
    const stranger = new SoftAuthenticator();
    const ip = '198.51.100.23';
    for (let i = 0; i < 20; i++) expect((await signIn(stranger, { ip })).code).toBe(2000);
    expect((await signIn(stranger, { ip })).msg).toMatch(/^Too many attempts/);
  });

  it('hands an address at most 30 sign-in challenges a minute', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i++)
      expect((await call('/v1/api/passkey/login_options', {}, { ip })).code).toBe(1);
    const cut = await call('/v1/api/passkey/login_options', {}, { ip });
    expect(cut.code).not.toBe(1);
    expect(cut.msg).toMatch(/too many/i);
  });

  it('answers malformed input with a clear message, never a 500', async () => {
    const { token } = await createUserWithSession(t.services);
    const start = await call('/v1/api/passkey/login_options', {}, {});
    const key = new SoftAuthenticator();
    const good = key.assert({ ...SITE, challenge: start.data.options.challenge as string });
    const bad: unknown[] = [
      { challenge_id: true, credential: good },
      { challenge_id: start.data.challenge_id, credential: 'x' },
      { challenge_id: start.data.challenge_id, credential: { ...good, type: 'password' } },
      { challenge_id: start.data.challenge_id, credential: { ...good, id: 'not base64url!' } },
      {
        challenge_id: start.data.challenge_id,
        credential: { ...good, response: { ...good.response, signature: 1 } },
      },
      { challenge_id: start.data.challenge_id, credential: { ...good, id: 'A'.repeat(5000) } },
    ];
    for (const body of bad) expect((await call('/v1/api/passkey/login', body)).code).toBe(1001);
    expect((await call('/v1/api/passkey/remove', { id: '0x1' }, { token })).code).toBe(1001);
    expect((await call('/v1/api/passkey/remove', { id: [1] }, { token })).code).toBe(1001);
    const longName = { challenge_id: start.data.challenge_id, name: 'n'.repeat(41), credential: {} };
    expect((await call('/v1/api/passkey/register', longName, { token })).code).toBe(1001);
  });
});
