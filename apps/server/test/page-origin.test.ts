import net from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ANSWER_HEADERS, NON_DOCUMENT_CSP } from '../src/http/security-headers.js';
import { originAllowed } from '../src/http/page-origin.js';
import { createTestApp, type TestApp } from './helper.js';

describe('originAllowed', () => {
  const none = new Set<string>();
  it('lets the same host and clients without Origin in, and nobody else', () => {
    expect(originAllowed(undefined, 'app.example.com', none)).toBe(true);
    expect(originAllowed('https://app.example.com', 'app.example.com', none)).toBe(true);
    expect(originAllowed('https://app.example.com', 'APP.example.com', none)).toBe(true);
    expect(originAllowed('https://app.example.com', 'app.example.com:443', none)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', none)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8081', '127.0.0.1:8080', none)).toBe(false);
    expect(originAllowed('https://evil.example', 'app.example.com', none)).toBe(false);
    expect(originAllowed('https://app.example.com.evil.example', 'app.example.com', none)).toBe(false);
    expect(originAllowed('null', 'app.example.com', none)).toBe(false);
    expect(originAllowed('file://app.example.com', 'app.example.com', none)).toBe(false);
    expect(originAllowed('https://app.example.com', undefined, none)).toBe(false);
  });

  it('lets the configured origins in', () => {
    const allowed = new Set(['https://m.example.com']);
    expect(originAllowed('https://m.example.com', 'api.example.com', allowed)).toBe(true);
    expect(originAllowed('http://m.example.com', 'api.example.com', allowed)).toBe(false);
  });
});

/** The HTTP status an upgrade got (101 when the socket opened), and a refusal's headers. */
function upgrade(url: string, origin?: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, headers: {} });
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
      res.resume();
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

const upgradeStatus = async (url: string, origin?: string) => (await upgrade(url, origin)).status;

describe('socket upgrades check Origin', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { app: { allowedOrigins: ['https://m.example.com'] } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it('refuses a foreign Origin with 403 before the upgrade, and opens for the others', async () => {
    const url = `ws://127.0.0.1:${port}/v1/ws?lang=en`;
    expect(await upgradeStatus(url, 'https://evil.example')).toBe(403);
    expect(await upgradeStatus(url, 'null')).toBe(403);
    expect(await upgradeStatus(url, `http://127.0.0.1:${port}`)).toBe(101);
    expect(await upgradeStatus(url, 'https://m.example.com')).toBe(101);
    expect(await upgradeStatus(url)).toBe(101);
  });

  it('writes the refusal, which never reaches Fastify, with the headers of every answer', async () => {
    const refusal = await upgrade(`ws://127.0.0.1:${port}/v1/ws`, 'https://evil.example');
    expect(refusal.status).toBe(403);
    for (const [name, value] of Object.entries(ANSWER_HEADERS))
      expect(refusal.headers[name], name).toBe(value);
    expect(refusal.headers['content-security-policy']).toBe(NON_DOCUMENT_CSP);
  });

  it('survives a client that resets the connection of a refused upgrade', async () => {
    // Without an error listener on the upgraded socket the reset would be an uncaught error
    // ending the process: any page elsewhere could take an instance down (reliability item 16).
    for (const path of ['/v1/ws', '/api/admin/ws']) {
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        [
          `GET ${path} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          'Origin: https://evil.example',
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          '',
          '',
        ].join('\r\n'),
      );
      socket.resetAndDestroy();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    expect(await upgradeStatus(`ws://127.0.0.1:${port}/v1/ws`)).toBe(101);
  });

  it('answers the refusal with the translated envelope', async () => {
    const res = await t.app.inject({
      url: '/v1/ws',
      headers: { origin: 'https://evil.example', lang: 'en', connection: 'upgrade', upgrade: 'websocket' },
    });
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body)).toEqual({
      code: 2003,
      msg: 'Connections from this website are not allowed',
      data: null,
    });
  });
});
