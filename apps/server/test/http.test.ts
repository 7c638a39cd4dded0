import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_DOCUMENT_CSP, SECURITY_HEADERS } from '../src/http/security-headers.js';
import { createTestApp, createUserWithSession, DIALECTS, envelope, type TestApp } from './helper.js';

describe.each(DIALECTS)('HTTP conventions (%s)', (dialect) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-web-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Pipwise</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDist, 'manifest.json'), '{"name":"Pipwise"}');
    t = await createTestApp(dialect, { app: { webDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers unknown API paths with an envelope error in the caller language', async () => {
    for (const url of ['/api/nothing/here', '/v1/api/forex/unknown', '/v1']) {
      const res = await t.app.inject({ url, headers: { lang: 'en' } });
      expect(res.statusCode, url).toBe(404);
      expect(envelope(res)).toEqual({ code: 1004, msg: 'Not found', data: null });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', headers: { lang: 'fr' } });
    expect(envelope(post).code).toBe(1004);
    expect(envelope(post).msg).not.toBe('Not found');
  });

  it('returns the app HTML for any other unknown GET (history-mode routes)', async () => {
    for (const url of ['/', '/trade', '/mine/charge?x=1', '/news/detail']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
    const manifest = await t.app.inject({ url: '/manifest.json' });
    expect(JSON.parse(manifest.body)).toEqual({ name: 'Pipwise' });
  });

  it("sends security headers: the page's policy on pages, a policy that loads nothing elsewhere", async () => {
    for (const url of ['/', '/trade', '/news/detail?id=1']) {
      const page = await t.app.inject({ url });
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("connect-src 'self' ws: wss:");
      expect(csp, url).toContain("frame-ancestors 'none'");
    }
    // Answers that are not pages — API calls, errors, files — load nothing if ever opened.
    for (const url of ['/v1/api/forex/getCategories', '/api/user/info', '/api/nothing', '/manifest.json']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toBe(NON_DOCUMENT_CSP);
    }
  });

  it("sends helmet's headers on answers, files, refusals and unknown paths alike", async () => {
    // What helmet itself writes for the same options, asked here of its middleware.
    const expected: Record<string, string> = {};
    helmet({
      contentSecurityPolicy: false,
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    })(
      {} as never,
      {
        setHeader: (name: string, value: string) => (expected[name.toLowerCase()] = value),
        removeHeader: () => undefined,
      } as never,
      () => undefined,
    );
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(SECURITY_HEADERS).toEqual(expected);
    for (const url of [
      '/v1/api/forex/trade_list',
      '/manifest.json',
      '/trade',
      '/api/nothing',
      '/api/user/info',
    ]) {
      const res = await t.app.inject({ url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  describe('session hook', () => {
    it('answers 999 on a login route without a session, in the caller language', async () => {
      const none = await t.app.inject({ url: '/api/user/info', headers: { lang: 'en' } });
      expect(envelope(none)).toEqual({
        code: 999,
        msg: 'Your session has expired, please log in again',
        data: null,
      });
      const bad = await t.app.inject({
        url: '/api/user/info',
        headers: { authorization: 'nonsense', lang: 'hk' },
      });
      expect(envelope(bad).code).toBe(999);
      expect(envelope(bad).msg).not.toMatch(/session/i);
    });

    it('lets a valid session through, with or without a Bearer prefix', async () => {
      const { userId, token } = await createUserWithSession(t.services, { email: `${dialect}@example.com` });
      for (const authorization of [token, `Bearer ${token}`]) {
        const res = envelope(await t.app.inject({ url: '/api/user/info?t=1', headers: { authorization } }));
        expect(res.code).toBe(1);
        expect(res.data).toMatchObject({ id: userId, email: `${dialect}@example.com`, is_demo: 0 });
      }
    });

    it('refuses a revoked session and a frozen user', async () => {
      const revoked = await createUserWithSession(t.services);
      await t.services.auth.sessions.revoke(revoked.token);
      expect(
        envelope(await t.app.inject({ url: '/api/user/info', headers: { authorization: revoked.token } }))
          .code,
      ).toBe(999);
      const frozen = await createUserWithSession(t.services, { status: 'frozen' });
      expect(
        envelope(await t.app.inject({ url: '/api/user/info', headers: { authorization: frozen.token } }))
          .code,
      ).toBe(999);
    });

    it('refuses an expired session', async () => {
      const { token } = await createUserWithSession(t.services);
      await t.services.core.db
        .updateTable('sessions')
        .set({ expires_at: t.services.core.now() - 1 })
        .execute();
      expect(
        envelope(await t.app.inject({ url: '/api/user/info', headers: { authorization: token } })).code,
      ).toBe(999);
    });
  });
});
