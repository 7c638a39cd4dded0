import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineEndpoint, tradeListEndpoint } from '@pipwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { createCoreClient, type CoreClientDeps, type RequestOptions } from './core-client.js';
import { newIdempotencyKey } from './idempotency-key.js';

/** What the local server saw of the last request. */
interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let server: Server;
let baseUrl: string;
let seen: Seen | null = null;
let requests = 0;
/** The next answer: status, content type and raw body. */
let reply: { status: number; body: string | Buffer; type?: string; delayMs?: number } = {
  status: 200,
  body: '',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      seen = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', baseUrl),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const { status, body, type = 'application/json', delayMs = 0 } = reply;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const envelope = (code: number, msg: string, data: unknown) => JSON.stringify({ code, msg, data });

/** A POST endpoint made from a shared one. */
const postEndpoint = defineEndpoint({ ...tradeListEndpoint, method: 'POST', path: '/api/test/post' });

/** An app's own call option, passed through to the hooks. */
interface AppOptions extends RequestOptions {
  quiet?: boolean;
}

let events: string[];
let token: string | null;

function makeClient(overrides: Partial<CoreClientDeps<AppOptions>> = {}) {
  return createCoreClient<AppOptions>({
    baseUrl,
    getLang: () => 'ar',
    getToken: () => token,
    hooks: {
      onSend: (o) => events.push(`send${o.quiet ? ':quiet' : ''}`),
      onSettled: () => events.push('settled'),
      onSuccess: (msg) => events.push(`success:${msg}`),
      onError: (e, o) => events.push(`error:${e.kind}${o.quiet ? ':quiet' : ''}`),
    },
    now: () => 1_700_000_000_000,
    ...overrides,
  });
}

beforeEach(() => {
  events = [];
  token = null;
  seen = null;
  reply = { status: 200, body: envelope(1, '', []) };
});

describe('core client requests', () => {
  it('GET sends params and t as query, lang and authorization headers, and unwraps data', async () => {
    token = 'tok-9';
    reply = { status: 200, body: envelope(1, 'ok', [{ Id: 1, Code: 'EURUSD' }]) };
    const data = await makeClient().request(tradeListEndpoint, {
      searchCurrency: 'eur',
      category_id: undefined,
    });
    expect(data).toEqual([{ Id: 1, Code: 'EURUSD' }]);
    expect(seen!.method).toBe('GET');
    expect(seen!.url.pathname).toBe('/v1/api/forex/trade_list');
    expect(Object.fromEntries(seen!.url.searchParams)).toEqual({ searchCurrency: 'eur', t: '1700000000000' });
    expect(seen!.headers.lang).toBe('ar');
    expect(seen!.headers.authorization).toBe('tok-9');
    expect(events).toEqual(['send', 'settled', 'success:ok']);
  });

  it('POST sends a JSON body and no t, and no authorization without a session', async () => {
    reply = { status: 200, body: envelope(1, '', [{ Id: 2 }]) };
    const data = await makeClient().request(postEndpoint, { searchCurrency: 'usd', category_id: 3 });
    expect(data).toEqual([{ Id: 2 }]);
    expect(seen!.method).toBe('POST');
    expect(seen!.url.search).toBe('');
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen!.body.toString())).toEqual({ searchCurrency: 'usd', category_id: 3 });
    expect(seen!.headers.authorization).toBeUndefined();
  });

  it('a FormData body goes out as multipart', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('png-bytes')], { type: 'image/png' }), 'p.png');
    await makeClient().request(postEndpoint, form as never);
    expect(seen!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen!.body.toString()).toContain('png-bytes');
  });

  it('extra headers are sent, but never replace lang or authorization in any case', async () => {
    token = 'tok-1';
    await makeClient().request(
      postEndpoint,
      {},
      { headers: { 'Idempotency-Key': 'k-1', Lang: 'xx', AUTHORIZATION: 'stolen' } },
    );
    expect(seen!.headers['idempotency-key']).toBe('k-1');
    expect(seen!.headers.lang).toBe('ar');
    expect(seen!.headers.authorization).toBe('tok-1');
  });
});

describe('core client errors', () => {
  it('a refusal rejects with its code, msg, status and data; the hooks hear it once, after settling', async () => {
    reply = { status: 200, body: envelope(2000, 'Market closed', { captcha_required: true }) };
    const error = await makeClient()
      .request(tradeListEndpoint, {}, { quiet: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'business',
      code: 2000,
      message: 'Market closed',
      status: 200,
      data: { captcha_required: true },
    });
    expect(events).toEqual(['send:quiet', 'settled', 'error:business:quiet']);
  });

  it('an envelope on a 4xx still counts by its code', async () => {
    reply = { status: 400, body: envelope(1001, 'Invalid request: page', null) };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'business',
      code: 1001,
      status: 400,
    });
  });

  it('code 999 is a session error', async () => {
    reply = { status: 200, body: envelope(999, 'Session expired', null) };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'session',
      code: 999,
    });
    expect(events).toEqual(['send', 'settled', 'error:session']);
  });

  it('an answer without an envelope is an HTTP error with its status', async () => {
    reply = { status: 502, body: '<html>Bad gateway</html>', type: 'text/html' };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
    reply = { status: 200, body: '{"no":"code"}' };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'http',
      status: 200,
    });
  });

  it('a refused connection is a network error', async () => {
    const client = makeClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.request(tradeListEndpoint, {})).rejects.toMatchObject({ kind: 'network' });
    expect(events).toEqual(['send', 'settled', 'error:network']);
  });

  it('an aborted call rejects as aborted', async () => {
    reply = { status: 200, body: envelope(1, '', []), delayMs: 200 };
    const controller = new AbortController();
    const pending = makeClient().request(tradeListEndpoint, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(events).toEqual(['send', 'settled', 'error:aborted']);
  });
});

describe('core client bytes', () => {
  it('fetches bytes with the session header and no t', async () => {
    token = 'op-7';
    reply = { status: 200, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]), type: 'image/png' };
    const blob = await makeClient().blob('/api/admin/image?name=abc.png');
    expect(blob.type).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(seen!.headers.authorization).toBe('op-7');
    expect(Object.fromEntries(seen!.url.searchParams)).toEqual({ name: 'abc.png' });
  });

  it('an envelope instead of bytes is read like a call: 999, a refusal, not found', async () => {
    reply = { status: 200, body: envelope(999, 'Please log in', null) };
    await expect(makeClient().blob('/api/admin/image?name=a.png')).rejects.toMatchObject({ kind: 'session' });
    reply = { status: 404, body: envelope(1004, 'Not found', null) };
    await expect(makeClient().blob('/api/admin/image?name=a.png')).rejects.toMatchObject({
      kind: 'business',
      code: 1004,
      status: 404,
    });
    reply = { status: 500, body: 'boom', type: 'text/plain' };
    await expect(makeClient().blob('/api/admin/image?name=a.png')).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
  });

  it('never sends the session to another origin', async () => {
    token = 'op-7';
    const before = requests;
    await expect(makeClient().blob('https://example.com/x.png')).rejects.toMatchObject({ kind: 'http' });
    expect(requests).toBe(before);
    expect(events).toEqual(['error:http']);
  });
});

describe('idempotency keys', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are UUID v4, with or without randomUUID, and differ each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(newIdempotencyKey()).not.toBe(a);
    const insecure = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) } as Crypto;
    const b = newIdempotencyKey(insecure);
    expect(b).toMatch(UUID_V4);
    expect(newIdempotencyKey(insecure)).not.toBe(b);
  });
});
