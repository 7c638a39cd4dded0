import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NON_DOCUMENT_CSP } from '../src/http/security-headers.js';
import { SERVICE_WORKER_CSP } from '../src/http/static.js';
import { createTestApp, type TestApp } from './helper.js';

/** A built web app in a folder: hashed assets with their .br and .gz copies, as the build writes them. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Pipwise</title>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("push", () => {});');
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js'), js);
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.br'), brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets/app-abc123.js.gz'), gzipSync(js));
  return dir;
}

describe('compression and caching (sqlite)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    t = await createTestApp('sqlite', { app: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends built assets precompressed, immutable, with Vary', async () => {
    const br = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const html = await t.app.inject({ url: '/trade' });
    expect(html.headers['cache-control']).toBe('no-cache');
  });

  it('has the service worker checked on every visit, so an update is found (docs/installable-app.md)', async () => {
    const sw = await t.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(String(sw.headers['content-type'])).toMatch(/javascript/);
    // Its own policy: it may fetch the app's files from this origin, and nothing else.
    expect(sw.headers['content-security-policy']).toBe(SERVICE_WORKER_CSP);
    const other = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(other.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
  });

  it('compresses API JSON above 1 KiB and leaves small answers alone', async () => {
    const big = await t.app.inject({ url: '/v1/api/forex/trade_list', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data.length).toBeGreaterThan(20);
    const small = await t.app.inject({
      url: '/api/default/setting?key=is_show_mobile',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
