/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@pipwise/shared';
import { fetchPrivateImage } from './private-image';
import { uploadProblem } from './upload-rules';

// A 1×1 PNG, served only to the right token (as the server does for private images).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
let server: Server;
let baseUrl: string;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers.authorization);
    if (req.url === '/api/common/image/a.png' && req.headers.authorization === 'tok-1') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    } else if (req.url === '/api/common/image/html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    } else {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"code":1004,"msg":"Not found","data":null}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

describe('private images', () => {
  it('are fetched with the session header', async () => {
    const blob = await fetchPrivateImage('/api/common/image/a.png', { baseUrl, token: 'tok-1' });
    expect(blob.type).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer()).equals(PNG)).toBe(true);
    expect(seen.at(-1)).toBe('tok-1');
  });

  it('fail without the right session, or when the answer is not an image', async () => {
    await expect(fetchPrivateImage('/api/common/image/a.png', { baseUrl, token: null })).rejects.toThrow(
      '404',
    );
    await expect(fetchPrivateImage('/api/common/image/a.png', { baseUrl, token: 'other' })).rejects.toThrow(
      '404',
    );
    await expect(fetchPrivateImage('/api/common/image/html', { baseUrl, token: 'tok-1' })).rejects.toThrow(
      'not an image',
    );
  });

  it('never send the token to another origin', async () => {
    const before = seen.length;
    await expect(
      fetchPrivateImage('https://elsewhere.example/x.png', { baseUrl, token: 'tok-1' }),
    ).rejects.toThrow('foreign');
    expect(seen.length).toBe(before);
  });
});

describe('upload pre-check', () => {
  it('refuses files over the limit and formats the server does not take', () => {
    expect(uploadProblem({ size: UPLOAD_MAX_BYTES + 1, type: 'image/png' })).toBe('too_large');
    expect(uploadProblem({ size: 10, type: 'image/gif' })).toBe('bad_type');
    expect(uploadProblem({ size: 10, type: 'image/svg+xml' })).toBe('bad_type');
    expect(uploadProblem({ size: UPLOAD_MAX_BYTES, type: 'image/webp' })).toBeNull();
    // Some pickers give no type: the server reads the bytes.
    expect(uploadProblem({ size: 10, type: '' })).toBeNull();
  });
});
