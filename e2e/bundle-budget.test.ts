import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { startServer, type RunningServer } from './harness.js';

/**
 * The first screen's weight budget (docs/benchmarks.md "First screen"): every script the
 * HTML of `/` loads or preloads, fetched from the real server as Chromium asks for it
 * (`accept-encoding: gzip, deflate, br, zstd`), must stay within 150 kB as sent. A size is
 * a fact of the build, not a timing, so this fails the same way on any machine. It lives
 * with the journeys because it needs the production build, which `npm test` makes just
 * before them (`test:e2e`); the unit tests run before that build.
 */
const BUDGET_BYTES = 150_000;
const CHROMIUM_ACCEPT = 'gzip, deflate, br, zstd';
/** Packages that belong to other screens; the first screen must not load them. */
const NOT_ON_FIRST_SCREEN = [
  /node_modules\/zod\//,
  /node_modules\/decimal\.js\//,
  /node_modules\/lightweight-charts\//,
  /node_modules\/@react-spring\//,
  /node_modules\/@use-gesture\//,
  /react-router\/dist\/development\//,
];

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

interface Served {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes on the wire (the body as sent, before any decoding). */
  bytes: Buffer;
}

function get(url: string, acceptEncoding: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The scripts an HTML page loads or preloads, in order, without repeats. */
function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attr('src')) found.add(attr('src')!);
    const rel = attr('rel');
    if (
      tag.startsWith('<link') &&
      (rel === 'modulepreload' || (rel === 'preload' && attr('as') === 'script'))
    ) {
      found.add(attr('href')!);
    }
  }
  return [...found];
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

void describe('first screen budget', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  void it(`the scripts of / weigh at most ${kB(BUDGET_BYTES)} as sent to Chromium`, async (t) => {
    const page = await get(`${server.url}/`, 'identity');
    assert.equal(page.status, 200);
    const html = page.bytes.toString('utf8');
    const scripts = initialScripts(html);
    assert.ok(scripts.length > 0, 'the page loads scripts');

    let sent = 0;
    let gzip = 0;
    let raw = 0;
    const rows: string[] = [];
    for (const src of scripts) {
      const res = await get(`${server.url}${src}`, CHROMIUM_ACCEPT);
      assert.equal(res.status, 200, src);
      // Served precompressed, for good, and cached by encoding.
      const encoding = res.headers['content-encoding'];
      assert.ok(encoding === 'br' || encoding === 'gzip' || res.bytes.length < 1024, `${src}: ${encoding}`);
      assert.match(String(res.headers.vary), /accept-encoding/i, src);
      assert.match(String(res.headers['cache-control']), /immutable/, src);
      const gz = await get(`${server.url}${src}`, 'gzip');
      const plain = fs.statSync(path.join(webDist, src));
      sent += res.bytes.length;
      gzip += gz.bytes.length;
      raw += plain.size;
      rows.push(`${src.padEnd(56)} ${String(res.bytes.length).padStart(7)} ${encoding ?? 'identity'}`);
    }
    t.diagnostic(`${scripts.length} scripts: ${kB(sent)} as sent (brotli), ${kB(gzip)} gzip, ${kB(raw)} raw`);
    for (const row of rows) t.diagnostic(row);
    assert.ok(
      sent <= BUDGET_BYTES,
      `initial JavaScript of / is ${kB(sent)}, over the ${kB(BUDGET_BYTES)} budget`,
    );
  });

  void it('loads neither development builds nor other screens’ libraries first', () => {
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    for (const src of initialScripts(html)) {
      const mapFile = path.join(webDist, `${src}.map`);
      if (!fs.existsSync(mapFile)) continue; // the bundler's tiny runtime has none
      const { sources } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources: string[] };
      for (const pattern of NOT_ON_FIRST_SCREEN) {
        const hit = sources.find((s) => pattern.test(s));
        assert.equal(hit, undefined, `${src} carries ${hit}`);
      }
    }
  });
});
