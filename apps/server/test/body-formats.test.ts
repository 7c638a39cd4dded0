import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { defineEndpoint } from '@pipwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerEndpoint } from '../src/http/route.js';
import { createTestApp, envelope, type TestApp } from './helper.js';

// A probe endpoint registered only in this test: every body format must reach the same
// zod schema and come out the same.
const probe = defineEndpoint({
  method: 'POST',
  path: '/api/test/probe',
  input: z.object({ account: z.string().min(1), page: z.coerce.number().int() }),
  output: z.object({ account: z.string(), page: z.number() }),
  auth: false,
});

describe('request bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {});
  });
  afterAll(async () => t.close());

  // Routes must be added before ready(): build a separate app for the probe.
  it('accepts url-encoded form, multipart and JSON alike', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp(t.services);
    registerEndpoint(app, probe, (input) => input);
    await app.ready();
    const expected = { code: 1, msg: '', data: { account: 'a@b.co', page: 2 } };

    const form = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=a%40b.co&page=2',
    });
    expect(envelope(form)).toEqual(expected);

    const json = await app.inject({
      method: 'POST',
      url: probe.path,
      payload: { account: 'a@b.co', page: 2 },
    });
    expect(envelope(json)).toEqual(expected);

    const boundary = '----pipwise';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="account"',
      '',
      'a@b.co',
      `--${boundary}`,
      'Content-Disposition: form-data; name="page"',
      '',
      '2',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const mp = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipart,
    });
    expect(envelope(mp)).toEqual(expected);

    const missing = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { lang: 'en' },
      payload: { page: 1 },
    });
    expect(envelope(missing)).toEqual({ code: 1001, msg: 'account is required', data: { field: 'account' } });

    const brokenForm = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', lang: 'en' },
      payload: 'garbage',
    });
    expect(brokenForm.statusCode).toBeLessThan(500);
    expect(envelope(brokenForm).code).not.toBe(1);
    const badJson = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { 'content-type': 'application/json', lang: 'en' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(envelope(badJson)).toEqual({ code: 1002, msg: 'The request body could not be read', data: null });

    const unknownType = await app.inject({
      method: 'POST',
      url: probe.path,
      headers: { 'content-type': 'application/x-unknown', lang: 'en' },
      payload: 'x',
    });
    expect(unknownType.statusCode).toBe(415);
    expect(envelope(unknownType).code).toBe(1003);
    await app.close();
  });
});

describe('request body limits', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  const EIGHT_MB = 8 * 1024 * 1024;
  const boundary = '----pipwise';
  /** A multipart form with one field of `size` bytes, or a file part when `file` is set. */
  const multipartBody = (size: number, file = false) =>
    [
      `--${boundary}`,
      file
        ? 'Content-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png'
        : 'Content-Disposition: form-data; name="account"',
      '',
      'x'.repeat(size),
      `--${boundary}--`,
      '',
    ].join('\r\n');

  const tooLarge = { code: 1005, msg: 'The request is too large', data: null };

  it('refuses 8 MB of url-encoded form, JSON or multipart on an open route with 413 and the envelope', async () => {
    const bodies: [string, string][] = [
      ['application/x-www-form-urlencoded', `account=${'x'.repeat(EIGHT_MB)}&password=x`],
      ['application/json', JSON.stringify({ account: 'x'.repeat(EIGHT_MB), password: 'x' })],
      [`multipart/form-data; boundary=${boundary}`, multipartBody(EIGHT_MB)],
    ];
    for (const [type, payload] of bodies) {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/loginForU',
        headers: { 'content-type': type, lang: 'en' },
        payload,
      });
      expect(res.statusCode, type).toBe(413);
      expect(JSON.parse(res.body), type).toEqual(tooLarge);
      expect(Date.now() - started, type).toBeLessThan(1000);
    }
  });

  it('refuses a Content-Length over the limit before the body is sent', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'application/json',
      `multipart/form-data; boundary=${boundary}`,
    ]) {
      const started = Date.now();
      // Headers only: the answer comes without one byte of the announced 8 MB.
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/user/register',
            headers: { 'content-type': type, 'content-length': String(EIGHT_MB), lang: 'en' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.flushHeaders();
      });
      expect(res.status, type).toBe(413);
      expect(JSON.parse(res.body), type).toEqual(tooLarge);
      expect(Date.now() - started, type).toBeLessThan(1000);
    }
  });

  it('takes small multipart forms but no files and no oversized fields, even without Content-Length', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/loginForU',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
          lang: 'en',
        },
        payload,
      });
    const file = await post(multipartBody(100, true));
    expect(file.statusCode).toBe(413);
    expect(JSON.parse(file.body)).toEqual(tooLarge);
    const bigField = await post(multipartBody(3000));
    expect(bigField.statusCode).toBe(413);
    const manyFields = [
      ...Array.from({ length: 40 }, (_, i) => [
        `--${boundary}`,
        `Content-Disposition: form-data; name="f${i}"`,
        '',
        'v',
      ]).flat(),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    expect((await post(manyFields)).statusCode).toBe(413);
    // A normal form still reaches the route (and its rules).
    const small = await post(multipartBody(10));
    expect(small.statusCode).toBe(200);
    expect(JSON.parse(small.body)).toMatchObject({ code: 1001, data: { field: 'password' } });
  });
});
