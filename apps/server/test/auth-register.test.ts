import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, DIALECTS, lastCodeSentTo, TestClock, type TestApp } from './helper.js';

describe.each(DIALECTS)('registration (%s)', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const clock = new TestClock();
  let ipCounter = 0;
  /** A fresh IP per scenario, so per-IP limits do not couple unrelated tests. */
  const ip = () => `10.0.0.${++ipCounter}`;

  beforeAll(async () => {
    t = await createTestApp(dialect, { services: { now: clock.now } });
    api = client(t.app);
    await t.services.core.settings.set('is_show_mobile', '0');
  });
  afterAll(async () => t.close());

  async function sendCode(to: string, o: { ip?: string } = {}) {
    return api.post('/api/notify/send_email', { to, type: 1 }, o);
  }

  async function register(email: string, extra: Record<string, string | number | undefined> = {}) {
    const from = ip();
    expect((await sendCode(email, { ip: from })).code).toBe(1);
    const code = await lastCodeSentTo(t.services, email);
    return api.post(
      '/api/user/register',
      { type: 1, account: email, password: 'Secret123', re_password: 'Secret123', sms_code: code, ...extra },
      { ip: from },
    );
  }

  it('registers with the e-mailed code, then logs in and reads the user', async () => {
    const sent = await sendCode('New.Trader@Example.com');
    expect(sent).toEqual({ code: 1, msg: 'Code sent', data: null });
    const code = await lastCodeSentTo(t.services, 'new.trader@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const res = await api.post('/api/user/register', {
      type: 1,
      account: 'new.trader@example.com',
      password: 'Secret123',
      re_password: 'Secret123',
      sms_code: code,
    });
    expect(res.code).toBe(1);
    expect(res.msg).toBe('Registration complete, please log in');
    expect(res.data.uid).toMatch(/^\d{8}$/);

    const login = await api.post('/api/user/loginForU', {
      account: 'NEW.trader@example.com',
      password: 'Secret123',
      login_type: 1,
    });
    expect(login.code).toBe(1);
    expect(login.data.token.length).toBeGreaterThanOrEqual(40);
    expect(login.data.user).toMatchObject({ email: 'new.trader@example.com', is_demo: 0, uid: res.data.uid });
    expect(login.data.user.invite_code).toMatch(/^[A-Z2-9]{6}$/);
    expect(login.data.user).not.toHaveProperty('password_hash');
    const info = await api.get('/api/user/info', { token: login.data.token });
    expect(info.data.id).toBe(login.data.user.id);
    // A real user starts with an empty account.
    const account = await t.services.core.db
      .selectFrom('accounts')
      .selectAll()
      .where('user_id', '=', info.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(account.balance)).toBe(0);
  });

  it('says clearly when an e-mail is taken, at send and at register', async () => {
    expect((await register('taken@example.com')).code).toBe(1);
    const again = await sendCode('taken@example.com', { ip: ip() });
    expect(again).toMatchObject({ code: 2000, msg: 'This e-mail is already registered' });
  });

  it('names the missing field', async () => {
    const res = await api.post('/api/user/register', { type: 1, account: 'x@example.com', re_password: 'a' });
    expect(res).toEqual({ code: 1001, msg: 'password is required', data: { field: 'password' } });
  });

  it('refuses weak passwords and mismatched repeats', async () => {
    const weak = await register('weak@example.com', { password: 'short1', re_password: 'short1' });
    expect(weak.msg).toBe('The password needs 8 to 64 characters with at least one letter and one digit');
    const lettersOnly = await api.post(
      '/api/user/register',
      {
        type: 1,
        account: 'weak@example.com',
        password: 'abcdefghij',
        re_password: 'abcdefghij',
        sms_code: '000000',
      },
      { ip: ip() },
    );
    expect(lettersOnly.code).toBe(2000);
    const mismatch = await api.post(
      '/api/user/register',
      {
        type: 1,
        account: 'weak@example.com',
        password: 'Secret123',
        re_password: 'Secret124',
        sms_code: '000000',
      },
      { ip: ip() },
    );
    expect(mismatch.msg).toBe('The two passwords do not match');
  });

  it('refuses a wrong, reused or expired code, and locks after 5 wrong tries', async () => {
    const from = ip();
    await sendCode('codes@example.com', { ip: from });
    const code = await lastCodeSentTo(t.services, 'codes@example.com');
    const base = { type: 1, account: 'codes@example.com', password: 'Secret123', re_password: 'Secret123' };
    const wrong = code === '111111' ? '222222' : '111111';
    expect((await api.post('/api/user/register', { ...base, sms_code: wrong }, { ip: from })).msg).toBe(
      'The verification code is wrong',
    );
    expect((await api.post('/api/user/register', { ...base, sms_code: code }, { ip: from })).code).toBe(1);
    // The same code cannot be used twice (and the e-mail is now taken anyway).
    const reused = await api.post(
      '/api/user/register',
      { ...base, account: 'codes@example.com', sms_code: code },
      { ip: from },
    );
    expect(reused.code).not.toBe(1);

    clock.advance(61_000);
    await sendCode('expiry@example.com', { ip: from });
    const late = await lastCodeSentTo(t.services, 'expiry@example.com');
    clock.advance(10 * 60_000 + 1);
    const expired = await api.post(
      '/api/user/register',
      { ...base, account: 'expiry@example.com', sms_code: late },
      { ip: from },
    );
    expect(expired.msg).toBe('The verification code has expired, please request a new one');

    await sendCode('tries@example.com', { ip: from });
    const good = await lastCodeSentTo(t.services, 'tries@example.com');
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await api.post(
            '/api/user/register',
            { ...base, account: 'tries@example.com', sms_code: bad },
            { ip: from },
          )
        ).msg,
      ).toBe('The verification code is wrong');
    }
    expect(
      (
        await api.post(
          '/api/user/register',
          { ...base, account: 'tries@example.com', sms_code: bad },
          { ip: from },
        )
      ).msg,
    ).toBe('Too many wrong codes, please request a new one');
    // Even the right code no longer works.
    expect(
      (
        await api.post(
          '/api/user/register',
          { ...base, account: 'tries@example.com', sms_code: good },
          { ip: from },
        )
      ).code,
    ).not.toBe(1);
  });

  it('sends at most one code per address per 60 s and a limited number per IP per hour', async () => {
    const from = ip();
    expect((await sendCode('wait@example.com', { ip: from })).code).toBe(1);
    const again = await sendCode('wait@example.com', { ip: from });
    expect(again.msg).toMatch(/^Please wait \d+ s before requesting another code$/);
    clock.advance(60_001);
    expect((await sendCode('wait@example.com', { ip: from })).code).toBe(1);

    const busy = ip();
    for (let i = 0; i < 20; i++) expect((await sendCode(`bulk${i}@example.com`, { ip: busy })).code).toBe(1);
    expect((await sendCode('bulk-last@example.com', { ip: busy })).msg).toBe(
      'Too many codes requested, please try again later',
    );
  });

  it('links the referrer of an invite code and refuses an unknown code', async () => {
    await register('referrer@example.com');
    const referrer = await t.services.core.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'referrer@example.com')
      .executeTakeFirstOrThrow();
    expect(
      (await register('referred@example.com', { invite_code: referrer.invite_code.toLowerCase() })).code,
    ).toBe(1);
    const referred = await t.services.core.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'referred@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(referred.referrer_id)).toBe(Number(referrer.id));
    expect((await register('badinvite@example.com', { invite_code: 'ZZZZZZ' })).msg).toBe(
      'This invite code does not exist',
    );
  });

  it('takes an optional phone number where is_show_mobile shows it, validated when given', async () => {
    await t.services.core.settings.set('is_show_mobile', '1');
    try {
      // Shown is not required: e-mail, its code and a password are enough.
      const bare = await register('nophone@example.com');
      expect(bare.code).toBe(1);
      const user0 = await t.services.core.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'nophone@example.com')
        .executeTakeFirstOrThrow();
      expect([user0.area_code, user0.mobile]).toEqual([null, null]);
      expect((await register('blankphone@example.com', { area_id: 344, mobile: '  ' })).code).toBe(1);

      const ok = await register('phone@example.com', { area_id: 344, mobile: '9123 4567' });
      expect(ok.code).toBe(1);
      const user = await t.services.core.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'phone@example.com')
        .executeTakeFirstOrThrow();
      expect([user.area_code, user.mobile]).toEqual(['+852', '91234567']);
      expect((await register('phone2@example.com', { area_id: 344, mobile: '91234567' })).msg).toBe(
        'This phone number is already registered',
      );
      expect((await register('badphone@example.com', { area_id: 344, mobile: '12' })).msg).toBe(
        'Please enter a valid phone number',
      );
      // Without an area the number needs its own +country prefix.
      expect((await register('noarea@example.com', { mobile: '61234567' })).msg).toBe(
        'Please enter a valid phone number',
      );
      expect((await register('badarea@example.com', { area_id: 9999, mobile: '61234567' })).msg).toBe(
        'Please choose a valid area code',
      );

      await t.services.core.settings.set('is_show_mobile', '3');
      expect((await register('numberonly@example.com', { mobile: '+65 8123 4567' })).code).toBe(1);
      const sg = await t.services.core.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'numberonly@example.com')
        .executeTakeFirstOrThrow();
      expect([sg.area_code, sg.mobile]).toEqual(['+65', '81234567']);
      expect((await register('numberonly2@example.com')).code).toBe(1);
    } finally {
      await t.services.core.settings.set('is_show_mobile', '0');
    }
    // Hidden: whatever is sent is ignored.
    expect((await register('hidden@example.com', { mobile: 'whatever' })).code).toBe(1);
  });

  it('registers by mobile with a texted code', async () => {
    const from = ip();
    expect(
      (await api.post('/api/notify/send_sms', { to: '6123 4567', area_id: 702, type: 1 }, { ip: from })).code,
    ).toBe(1);
    const code = await lastCodeSentTo(t.services, '+6561234567');
    const res = await api.post(
      '/api/user/register',
      {
        type: 2,
        account: '61234567',
        area_id: 702,
        password: 'Secret123',
        re_password: 'Secret123',
        sms_code: code,
      },
      { ip: from },
    );
    expect(res.code).toBe(1);
    const login = await api.post('/api/user/loginForU', {
      account: '6123-4567',
      area_id: 702,
      password: 'Secret123',
      login_type: 2,
    });
    expect(login.data.user).toMatchObject({ area_code: '+65', mobile: '61234567', email: null });
  });

  it('requires the image captcha when verify_reg_type is 2', async () => {
    await t.services.core.settings.set('verify_reg_type', '2');
    try {
      expect((await register('cap@example.com')).msg).toBe('Please enter the image code');
      const captcha = await api.get('/api/common/captcha');
      expect(captcha.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
      clock.advance(61_000); // the next code to the same address may go out
      expect((await register('cap@example.com', { key: captcha.data.id, captcha: 'zzzz' })).msg).toBe(
        'The image code is wrong',
      );
      // One try per captcha: the right answer after a wrong one fails too.
      const fresh = await api.get('/api/common/captcha');
      const row = await t.services.core.db
        .selectFrom('captchas')
        .selectAll()
        .where('id', '=', fresh.data.id)
        .executeTakeFirstOrThrow();
      expect(
        await register('cap2@example.com', { key: fresh.data.id, captcha: row.answer.toUpperCase() }),
      ).toMatchObject({ code: 1 });
    } finally {
      await t.services.core.settings.set('verify_reg_type', '1');
    }
  });

  it('translates every message by the lang header', async () => {
    const res = await api.post('/api/user/register', { type: 1 }, { lang: 'ar' });
    expect(res.code).toBe(1001);
    expect(res.msg).toMatch(/[\u0600-\u06FF]/);
  });
});
