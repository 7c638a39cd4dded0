import fs from 'node:fs';
import path from 'node:path';
import { ResultCode, type Lang } from '@pipwise/shared';
import { AppError } from '../../core/app-error.js';

/**
 * The fonts a statement is set in (docs/statements.md "Fonts"): Noto, from the Debian
 * packages `fonts-noto-core` and `fonts-noto-cjk`, under STATEMENT_FONT_DIR. Every language
 * has a text face; figures, codes and any Latin text inside a non-Latin language are set in
 * Noto Sans, which the text faces of Thai, Devanagari and Arabic do not fully cover.
 */

/** A font file, or a face of a collection (.ttc) by its PostScript name. */
export type FontSource = string | [string, string];

export interface FontFace {
  normal: FontSource;
  bold: FontSource;
}

interface FaceFiles {
  normal: string;
  bold: string;
  /** The PostScript names in a collection (CJK). */
  names?: [string, string];
}

const NOTO_SANS: FaceFiles = { normal: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' };
const CJK: FaceFiles = { normal: 'NotoSansCJK-Regular.ttc', bold: 'NotoSansCJK-Bold.ttc' };
const cjk = (region: string): FaceFiles => ({
  ...CJK,
  names: [`NotoSansCJK${region}-Regular`, `NotoSansCJK${region}-Bold`],
});

/** The text face of each language; the ones not named here are Latin, Cyrillic or Vietnamese. */
const TEXT_FACE: Partial<Record<Lang, FaceFiles>> = {
  hk: cjk('hk'),
  jp: cjk('jp'),
  kr: cjk('kr'),
  th: { normal: 'NotoSansThai-Regular.ttf', bold: 'NotoSansThai-Bold.ttf' },
  hi: { normal: 'NotoSansDevanagari-Regular.ttf', bold: 'NotoSansDevanagari-Bold.ttf' },
  ar: { normal: 'NotoSansArabic-Regular.ttf', bold: 'NotoSansArabic-Bold.ttf' },
};

/** Whether the language's text face also holds Latin letters and digits (Noto Sans and CJK do). */
export function textFaceCoversLatin(lang: Lang): boolean {
  return !['th', 'hi', 'ar'].includes(lang);
}

/** Debian's folders under the font root, then the root itself (a custom flat folder). */
const SUBDIRS = ['truetype/noto', 'opentype/noto', '.'];

function findFile(root: string, file: string): string | null {
  for (const dir of SUBDIRS) {
    const full = path.join(root, dir, file);
    if (fs.existsSync(full)) return full;
  }
  return null;
}

function resolveFace(root: string, files: FaceFiles): FontFace {
  const normal = findFile(root, files.normal);
  const bold = findFile(root, files.bold);
  const missing = [normal ? null : files.normal, bold ? null : files.bold].filter((f) => f !== null);
  if (missing.length > 0)
    // Translated for the trader; the operator finds the file name in the log (the vars).
    throw new AppError(
      ResultCode.Internal,
      'errors.statement_font_missing',
      { file: missing.join(', ') },
      503,
    );
  return files.names
    ? { normal: [normal!, files.names[0]], bold: [bold!, files.names[1]] }
    : { normal: normal!, bold: bold! };
}

/** The two faces of a statement in `lang`: `Text` (its script) and `Latin` (figures). */
export function statementFonts(root: string, lang: Lang): { Text: FontFace; Latin: FontFace } {
  const latin = resolveFace(root, NOTO_SANS);
  const text = TEXT_FACE[lang];
  return { Text: text ? resolveFace(root, text) : latin, Latin: latin };
}
