import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ResultCode, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@pipwise/shared';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { Db } from '../../core/db/database.js';
import { AppError } from '../../core/app-error.js';
import { findUploadByName, insertUpload, type UploadRow } from './upload.repository.js';
import { uploadNameOf, uploadUrl } from './upload-url.js';

// Uploaded files are read once and deleted or renamed: libvips' cache would only hold
// handles to them.
sharp.cache(false);

/** The image types we take, by what their bytes are (file-type), with the extension we store. */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
] as const);

type AcceptedMime = typeof ACCEPTED extends Map<infer K, unknown> ? K : never;

/** How many images are decoded and re-encoded at once in this process (each can take ~160 MB). */
const ENCODE_CONCURRENCY = 2;

/**
 * Who is asking for an upload: a logged-in user, or an operator whose role the back office
 * has already matched with what the upload is used for (modules/admin/images).
 */
export type Viewer = { userId: number } | { operatorId: number };

/**
 * Whether a viewer may read an upload. Uploads are private (deposit proofs, identity
 * photos, feedback screenshots): their owner, and operators through the back office's
 * image route, which checks the role against the upload's use before it asks.
 */
export function canRead(viewer: Viewer | null, upload: UploadRow): boolean {
  if (viewer === null) return false;
  if ('operatorId' in viewer) return true;
  return Number(upload.user_id) === viewer.userId;
}

/** The `file` field is not an image we take: invalid input, naming the field. */
export const refused = (key: string, vars: Record<string, unknown> = {}) =>
  new AppError(ResultCode.InvalidParams, key, { ...vars, field: 'file' });

const tooLarge = () =>
  new AppError(
    ResultCode.PayloadTooLarge,
    'errors.upload_too_large',
    { max: UPLOAD_MAX_BYTES / 1024 / 1024, field: 'file' },
    413,
  );

/**
 * Private image uploads (docs/api.md "Identity and uploads"): the bytes are streamed to a
 * temporary file (at most UPLOAD_MAX_BYTES), judged by their content, checked for their
 * pixel count before they are decoded, then re-encoded — rotated upright, in the same
 * format, without any metadata (EXIF, GPS, ICC, comments) or bytes after the image — under
 * a random name. The row in `uploads` says whose it is.
 */
export class UploadService {
  private readonly gate = new Gate(ENCODE_CONCURRENCY);

  constructor(
    private readonly db: Db,
    /** The folder of stored images (DATA_DIR/uploads). */
    private readonly dir: string,
    private readonly now: () => number,
  ) {}

  /** Stores an uploaded image of `userId` from its byte stream. */
  async receive(userId: number, source: Readable): Promise<UploadRow> {
    const incoming = path.join(this.dir, 'incoming');
    await fs.mkdir(incoming, { recursive: true });
    const temp = path.join(incoming, `${randomBytes(16).toString('hex')}.part`);
    let stored: string | undefined;
    try {
      await pipeline(source, byteLimit(UPLOAD_MAX_BYTES), createWriteStream(temp, { flags: 'wx' }));
      const mime = await acceptedType(temp);
      const name = `${randomBytes(16).toString('hex')}.${ACCEPTED.get(mime)}`;
      stored = path.join(this.dir, name);
      const info = await this.gate.run(() => reencode(temp, stored!, mime));
      return await insertUpload(this.db, {
        user_id: userId,
        name,
        mime,
        bytes: info.size,
        width: info.width,
        height: info.height,
        created_at: this.now(),
      });
    } catch (err) {
      if (stored) await fs.rm(stored, { force: true });
      if (err instanceof AppError) throw err;
      if (isStreamFailure(err))
        throw new AppError(ResultCode.MalformedBody, 'errors.malformed_body', {}, 400);
      throw err;
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /** The bytes of an upload for a viewer who may read it; undefined for anything else. */
  async read(viewer: Viewer | null, name: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    if (uploadNameOf(uploadUrl(name)) !== name) return undefined;
    const row = await findUploadByName(this.db, name);
    if (!row || !canRead(viewer, row)) return undefined;
    try {
      return { mime: row.mime, bytes: await fs.readFile(path.join(this.dir, row.name)) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }
}

/** A pass-through that fails as soon as more than `max` bytes went through it. */
function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(tooLarge());
      else done(null, chunk);
    },
  });
}

/** The type of a file by its bytes, if it is one we take. */
async function acceptedType(file: string): Promise<AcceptedMime> {
  const type = await fileTypeFromFile(file);
  const mime = type?.mime;
  if (mime === undefined || !ACCEPTED.has(mime as AcceptedMime)) throw refused('errors.upload_type');
  return mime as AcceptedMime;
}

/**
 * Decodes and re-encodes an image in its own format. The pixel count is read from the
 * header and refused before anything is decoded (`limitInputPixels` holds as well); no
 * `withMetadata`/`keepExif`, so nothing but pixels reaches the stored file.
 */
async function reencode(from: string, to: string, mime: AcceptedMime): Promise<OutputInfo> {
  let meta: Metadata;
  try {
    // The header only (metadata never decodes pixels), so a huge image is named as such.
    meta = await sharp(from, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw refused('errors.upload_unreadable');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width * height > UPLOAD_MAX_PIXELS)
    throw refused('errors.upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS / 1_000_000 });
  if (width === 0 || height === 0) throw refused('errors.upload_unreadable');

  const image = sharp(from, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' }).rotate();
  const encoded =
    mime === 'image/jpeg'
      ? image.jpeg({ quality: 90 })
      : mime === 'image/png'
        ? image.png()
        : image.webp({ quality: 90 });
  try {
    return await encoded.toFile(to);
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw refused('errors.upload_too_many_pixels', { max: UPLOAD_MAX_PIXELS / 1_000_000 });
    throw refused('errors.upload_unreadable');
  }
}

/** A broken or abandoned request body (busboy, a closed socket), not a fault of ours. */
function isStreamFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    (err instanceof Error && /multipart|unexpected end of form|part terminated/i.test(err.message))
  );
}

/** At most `limit` tasks at once; the others wait their turn in order. */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    // A finishing task hands its slot straight to the next in line (running stays the same).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
