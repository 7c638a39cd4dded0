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
