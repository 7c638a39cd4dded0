/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tradeListEndpoint } from '@pipwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client';

let server: Server;
let baseUrl: string;
/** The next answer: status and raw body. */
let reply: { status: number; body: string; delayMs?: number } = { status: 200, body: '' };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body: out, delayMs = 0 } = reply;
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(out);
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

interface Recorder {
  toasts: string[];
  loading: string[];
  cleared: number;
  expired: number;
}

let rec: Recorder;
let token: string | null;

function makeClient(overrides: Partial<ApiClientDeps> = {}) {
  return createApiClient({
    baseUrl,
    getLang: () => 'en',
    getToken: () => token,
    clearSession: () => void rec.cleared++,
    onSessionExpired: () => void rec.expired++,
    ui: {
      toast: (m) => rec.toasts.push(m),
      networkErrorText: (status) => `network error (${status})`,
      showLoading: () => rec.loading.push('show'),
      hideLoading: () => rec.loading.push('hide'),
    },
    now: () => 1_700_000_000_000,
    ...overrides,
  });
}

beforeEach(() => {
  rec = { toasts: [], loading: [], cleared: 0, expired: 0 };
  token = null;
  reply = { status: 200, body: envelope(1, '', []) };
});

// The request format, the envelope and the error kinds are the core's, tested in
// packages/client; these tests cover what this app's layer adds: toasts, 999, spinner.
describe('api client', () => {
  it('a business code shows its msg and rejects with an ApiError', async () => {
    reply = { status: 200, body: envelope(2000, 'Market closed', null) };
    const error = await makeClient()
      .request(tradeListEndpoint, {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 2000, message: 'Market closed' });
    expect(rec.toasts).toEqual(['Market closed']);
  });

  it('silent calls show nothing', async () => {
    reply = { status: 200, body: envelope(2000, 'Market closed', null) };
    await expect(makeClient().request(tradeListEndpoint, {}, { silent: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(rec.toasts).toEqual([]);
  });

  it('an envelope on a 4xx still counts by its code', async () => {
    reply = { status: 400, body: envelope(1001, 'Invalid request: page', null) };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'business',
      status: 400,
    });
    expect(rec.toasts).toEqual(['Invalid request: page']);
  });

  it('code 999 clears the session and asks for login', async () => {
    reply = { status: 200, body: envelope(999, 'Session expired', null) };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'session',
      code: 999,
    });
    expect(rec).toMatchObject({ cleared: 1, expired: 1 });
  });

  it('code 999 on an init call clears the session but stays put', async () => {
    reply = { status: 200, body: envelope(999, 'Session expired', null) };
    await expect(makeClient().request(tradeListEndpoint, {}, { init: true })).rejects.toMatchObject({
      kind: 'session',
    });
    expect(rec).toMatchObject({ cleared: 1, expired: 0, toasts: [] });
  });

  it('an HTTP error without an envelope shows the network error with the status', async () => {
    reply = { status: 502, body: '<html>Bad gateway</html>' };
    await expect(makeClient().request(tradeListEndpoint, {})).rejects.toMatchObject({
      kind: 'http',
      status: 502,
    });
    expect(rec.toasts).toEqual(['network error (502)']);
  });

  it('a request that fails while the device is offline is not toasted (the offline notice says it)', async () => {
    const client = makeClient({
      baseUrl: 'http://127.0.0.1:1',
      ui: {
        toast: (m) => rec.toasts.push(m),
        networkErrorText: (status) => `network error (${status})`,
        offline: () => true,
        showLoading: () => undefined,
        hideLoading: () => undefined,
      },
    });
    await expect(client.request(tradeListEndpoint, {})).rejects.toMatchObject({ kind: 'network' });
    expect(rec.toasts).toEqual([]);
  });

  it('a refused connection shows the network error', async () => {
    const client = makeClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.request(tradeListEndpoint, {})).rejects.toMatchObject({ kind: 'network' });
    expect(rec.toasts).toEqual(['network error (ERR_NETWORK)']);
  });

  it('an aborted call rejects quietly', async () => {
    reply = { status: 200, body: envelope(1, '', []), delayMs: 200 };
    const controller = new AbortController();
    const pending = makeClient().request(tradeListEndpoint, {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(rec.toasts).toEqual([]);
  });

  it('the blocking spinner shows once for overlapping calls and closes on the last answer', async () => {
    const client = makeClient();
    reply = { status: 200, body: envelope(1, '', []), delayMs: 30 };
    const a = client.request(tradeListEndpoint, {}, { loading: true });
    const b = client.request(tradeListEndpoint, {}, { loading: true });
    await Promise.all([a, b]);
    expect(rec.loading).toEqual(['show', 'hide']);

    reply = { status: 200, body: envelope(2000, 'no', null) };
    await client.request(tradeListEndpoint, {}, { loading: true }).catch(() => undefined);
    expect(rec.loading).toEqual(['show', 'hide', 'show', 'hide']);
  });
});

describe('api client success messages', () => {
  it('shows the server success msg only when the call asks for it', async () => {
    reply = { status: 200, body: envelope(1, 'Code sent', null) };
    const client = makeClient();
    await client.request(tradeListEndpoint, {});
    expect(rec.toasts).toEqual([]);
    await client.request(tradeListEndpoint, {}, { toastSuccess: true });
    expect(rec.toasts).toEqual(['Code sent']);
    reply = { status: 200, body: envelope(1, '', null) };
    await client.request(tradeListEndpoint, {}, { toastSuccess: true });
    expect(rec.toasts).toEqual(['Code sent']);
  });
});

describe('api client order of what the trader sees', () => {
  it('closes the spinner before the error toast (antd-mobile shows one toast at a time)', async () => {
    const seen: string[] = [];
    reply = { status: 200, body: envelope(2000, 'Market closed', null) };
    const client = makeClient({
      ui: {
        toast: (m) => seen.push(`toast:${m}`),
        networkErrorText: (status) => `network error (${status})`,
        showLoading: () => seen.push('show'),
        hideLoading: () => seen.push('hide'),
      },
    });
    await client.request(tradeListEndpoint, {}, { loading: true }).catch(() => undefined);
    expect(seen).toEqual(['show', 'hide', 'toast:Market closed']);
  });
});
