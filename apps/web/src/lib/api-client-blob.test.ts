/// <reference types="node" />
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';

/**
 * `api.blob` (files the API answers with bytes: statements, docs/statements.md "In the app"):
 * the bytes with the session and language headers, and a refusal envelope toasted as its
 * translated msg — never handed on as if it were the file.
 */
const PDF = Buffer.from('%PDF-1.7\n%statement\n');
let server: Server;
let baseUrl: string;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen = req.headers;
    if (req.url?.startsWith('/file') && req.headers.authorization === 'tok-1') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    } else if (req.url?.startsWith('/file')) {
      res
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ code: 2003, msg: '只可下載自己賬戶的結單', data: null }));
    } else {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ code: 999, msg: 'Please log in again', data: null }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

function client(token: string) {
  const rec = { toasts: [] as string[], cleared: 0, expired: 0 };
  const api = createApiClient({
    baseUrl,
    getLang: () => 'hk',
    getToken: () => token,
    clearSession: () => void rec.cleared++,
    onSessionExpired: () => void rec.expired++,
    ui: {
      toast: (m) => rec.toasts.push(m),
      networkErrorText: (status) => `network error (${status})`,
      showLoading: () => undefined,
      hideLoading: () => undefined,
    },
  });
  return { api, rec };
}

describe('api.blob', () => {
  it('gives the file, asked for with the session and language headers', async () => {
    const { api, rec } = client('tok-1');
    const blob = await api.blob('/file?format=pdf');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PDF)).toBe(true);
    expect(seen.authorization).toBe('tok-1');
    expect(seen.lang).toBe('hk');
    expect(rec.toasts).toEqual([]);
  });

  it('toasts a refusal’s translated msg and rejects, so nothing is saved', async () => {
    const { api, rec } = client('someone-else');
    await expect(api.blob('/file?format=pdf')).rejects.toMatchObject({ kind: 'business', code: 2003 });
    expect(rec.toasts).toEqual(['只可下載自己賬戶的結單']);
  });

  it('treats an expired session like every call: cleared, and off to login', async () => {
    const { api, rec } = client('tok-1');
    await expect(api.blob('/expired')).rejects.toMatchObject({ kind: 'session' });
    expect(rec.cleared).toBe(1);
    expect(rec.expired).toBe(1);
  });
});
