/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tradeListEndpoint } from '@pipwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { clearEarlyRequests, EARLY_MAX_AGE_MS, startEarlyGet, withEarlyRequests } from './early-requests';

// A real local server counting what reaches it: an early request must be the only one.
let server: Server;
let baseUrl: string;
let seen: { url: string; headers: IncomingHttpHeaders }[] = [];
let failNext = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    if (failNext) {
      failNext = false;
      req.socket.destroy(); // a network failure, not an HTTP answer
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 1, msg: '', data: [{ n: seen.length }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen = [];
  failNext = false;
  clearEarlyRequests();
});

function client(lang = 'hk', token: string | null = 'tok', now = Date.now) {
  return createApiClient({
    baseUrl,
    fetch: withEarlyRequests(globalThis.fetch.bind(globalThis), now),
    getLang: () => lang,
    getToken: () => token,
    clearSession: () => undefined,
    onSessionExpired: () => undefined,
    ui: {
      toast: () => undefined,
      networkErrorText: String,
      showLoading: () => undefined,
      hideLoading: () => undefined,
    },
  });
}

const early = (lang = 'hk', token: string | null = 'tok') =>
  startEarlyGet(new URL(tradeListEndpoint.path, baseUrl), lang, token);

describe('early requests', () => {
  it('sends what the api client would send: t, lang and authorization', async () => {
    early('ar', 'secret');
    await client('ar', 'secret').request(tradeListEndpoint, {});
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toMatch(/^\/v1\/api\/forex\/trade_list\?t=\d+$/);
    expect(seen[0]!.headers.lang).toBe('ar');
    expect(seen[0]!.headers.authorization).toBe('secret');
  });

  it('hands an early answer to the first identical call only', async () => {
    early();
    const api = client();
    expect(await api.request(tradeListEndpoint, {})).toEqual([{ n: 1 }]);
    expect(await api.request(tradeListEndpoint, {})).toEqual([{ n: 2 }]);
    expect(seen).toHaveLength(2);
  });

  it('never hands it to a call with another query, language or session', async () => {
    early('hk', 'tok');
    await client('en', 'tok').request(tradeListEndpoint, {});
    await client('hk', null).request(tradeListEndpoint, {});
    await client('hk', 'tok').request(tradeListEndpoint, { searchCurrency: 'usd' });
    // The early one, then three of their own.
    expect(seen).toHaveLength(4);
  });

  it('asks again when the early request failed', async () => {
    failNext = true;
    early();
    expect(await client().request(tradeListEndpoint, {})).toEqual([{ n: 2 }]);
    expect(seen).toHaveLength(2);
  });

  it('does not hand out an answer older than the limit', async () => {
    early();
    const later = () => Date.now() + EARLY_MAX_AGE_MS + 1;
    await client('hk', 'tok', later).request(tradeListEndpoint, {});
    expect(seen).toHaveLength(2);
  });
});
