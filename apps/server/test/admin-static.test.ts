import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from './helper.js';

/** A built app in a folder: its HTML and one hashed asset with .br and .gz copies. */
function fakeDist(title: string, asset: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><title>${title}</title><div id="root"></div>`,
  );
  const js = `console.log(${JSON.stringify(title.repeat(400))});`;
  fs.writeFileSync(path.join(dir, 'assets', asset), js);
  fs.writeFileSync(path.join(dir, 'assets', `${asset}.br`), brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets', `${asset}.gz`), gzipSync(js));
  return dir;
}

describe('the back office served under /admin (sqlite)', () => {
  let t: TestApp;
  let webDist: string;
  let adminDist: string;
  beforeAll(async () => {
    webDist = fakeDist('Pipwise', 'app-abc123.js');
    adminDist = fakeDist('Back office', 'admin-def456.js');
    t = await createTestApp('sqlite', { app: { webDist, adminDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  it('answers every /admin page with the back office HTML (history mode), never cached', async () => {
    for (const url of ['/admin', '/admin/', '/admin/deposits', '/admin/users?id=3', '/admin/news?edit=new']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain('<title>Back office</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the traders app everywhere else', async () => {
    for (const url of ['/', '/trade', '/administrator', '/mine/charge']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('<title>Pipwise</title>');
    }
  });

  it('sends its assets precompressed and immutable; a missing asset is a 404, not HTML', async () => {
    const br = await t.app.inject({
      url: '/admin/assets/admin-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Back office');
    const gz = await t.app.inject({
      url: '/admin/assets/admin-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const missing = await t.app.inject({ url: '/admin/assets/gone-000000.js', headers: { lang: 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).code).toBe(1004);
    // The web app's assets are not reachable under /admin, nor the back office's at the root.
    expect((await t.app.inject({ url: '/admin/assets/app-abc123.js' })).statusCode).toBe(404);
    const web = await t.app.inject({ url: '/assets/admin-def456.js' });
    expect(web.body).not.toContain('console.log');
  });

  it('keeps API paths answering envelopes, and the CSP allows what antd needs', async () => {
    const api = await t.app.inject({ url: '/api/admin/nothing', headers: { lang: 'en' } });
    expect(api.statusCode).toBe(404);
    expect(envelope(api).code).toBe(1004);
    const page = await t.app.inject({ url: '/admin/deposits' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // antd writes its styles at run time (CSS-in-JS); proofs are shown from blob: URLs.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src [^;]*blob:/);
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the back office without a built web app (sqlite)', () => {
  let t: TestApp;
  let adminDist: string;
  beforeAll(async () => {
    adminDist = fakeDist('Back office', 'admin-def456.js');
    t = await createTestApp('sqlite', { app: { adminDist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(adminDist, { recursive: true, force: true });
  });

  it('still serves /admin, and the rest answers not found', async () => {
    expect((await t.app.inject({ url: '/admin/users' })).body).toContain('<title>Back office</title>');
    expect((await t.app.inject({ url: '/admin/assets/admin-def456.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/trade' })).statusCode).toBe(404);
  });
});
