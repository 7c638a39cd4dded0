import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './helper.js';
import { Probe } from './ws-probe.js';

/**
 * A clean stop with traders connected (README "Quick start": Ctrl-C, or a process
 * manager's SIGTERM): the HTTP server counts upgraded sockets among its connections, so
 * closing the app closes them ("going away", 1001) instead of waiting for the browsers.
 */
describe('closing the app with sockets open', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws?lang=en`;
  });
  afterAll(async () => t.close());

  it('closes every socket with 1001 and finishes, then takes no new socket', async () => {
    const probes = await Promise.all([Probe.open(url), Probe.open(url)]);
    const closes = probes.map(
      (p) => new Promise<number>((resolve) => p.ws.once('close', (code) => resolve(code))),
    );
    const closed = t.app.close().then(() => 'closed' as const);
    const timeout = new Promise<'hung'>((r) => setTimeout(() => r('hung'), 5_000).unref());
    expect(await Promise.race([closed, timeout])).toBe('closed');
    expect(await Promise.all(closes)).toEqual([1001, 1001]);
    expect(t.services.hub.size).toBe(0);
    // The port is released: a new socket cannot open.
    await expect(
      new Promise((resolve, reject) => new WebSocket(url).once('open', resolve).once('error', reject)),
    ).rejects.toThrow();
  });
});
