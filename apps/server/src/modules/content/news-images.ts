import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The images of the sample articles: small files shipped in `apps/server/assets/news`
 * (the same depth from `src/` and `dist/`), served at `/static/news/<file>`.
 */
const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/news');

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

export const NEWS_IMAGE_PREFIX = '/static/news/';

/** The URL of a shipped news image. */
export const newsImageUrl = (file: string) => `${NEWS_IMAGE_PREFIX}${file}`;

const cache = new Map<string, { type: string; bytes: Buffer }>();

/** A shipped image by its file name, or undefined (only plain names of the folder are read). */
export function newsImage(file: string): { type: string; bytes: Buffer } | undefined {
  const ext = /^[a-z0-9][a-z0-9-]{0,60}\.(svg|png|jpg|webp)$/.exec(file)?.[1];
  if (!ext) return undefined;
  let image = cache.get(file);
  if (!image) {
    const full = path.join(DIR, file);
    if (!fs.existsSync(full)) return undefined;
    image = { type: TYPES[ext]!, bytes: fs.readFileSync(full) };
    cache.set(file, image);
  }
  return image;
}
